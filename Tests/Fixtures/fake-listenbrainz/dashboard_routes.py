# Dashboard endpoints of the fake ListenBrainz server: listens, listen-count, playing-now,
# user stats, followers/following, feedback, pins, playlists and user search, answering with the
# shapes, statuses (204, 404, 400) and paging rules of ../../../../shared/docs/listenbrainz-api.md.
#
# Playlist edits follow playlist_api.py: item/add takes at most MAX_RECORDINGS_PER_ADD (100) recordings
# a call, item/delete a range; pins follow pinned_recording_api.py, pin/delete/{row_id} included. A
# token sent with a public read is checked as the server checks it (validate_auth_header(optional=True)):
# a revoked one is a 401 even where no token is needed.
# Test controls when serving alone: GET /_dashboard/requests (every request, with the track count of
# each item/add) and POST /_dashboard/fault ({"path": regex on "METHOD path", "after": n, "status": s,
# "apply": bool}: n matching requests pass, the next is answered s, after being applied when "apply").
# The data comes from a "world" JSON file (see load_world) or POST /__dashboard_world. server.py
# registers these routes behind its own (`register(route)`); `route(method, path, query, headers, body)`
# returns (status, body bytes) or None. Run alone (`python3 dashboard_routes.py WORLD.json`) it serves
# only these routes on a free loopback port and prints `PORT <n>` on its first line (also written to
# the file named by a second argument).
import datetime
import json
import os
import signal
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

STATS_RANGES = ["this_week", "this_month", "this_year", "week", "month", "quarter", "year", "half_yearly", "all_time"]
ENTITY_TOTAL = {"artists": "total_artist_count", "releases": "total_release_count",
                "release-groups": "total_release_group_count", "recordings": "total_recording_count"}
PLAYLIST_PREFIX = "https://listenbrainz.org/playlist/"
RECORDING_PREFIX = "https://musicbrainz.org/recording/"
JSPF_PLAYLIST = "https://musicbrainz.org/doc/jspf#playlist"
# playlist_api.py: item/add refuses more recordings than this in one call.
MAX_RECORDINGS_PER_ADD = 100

_lock = threading.Lock()
WORLD = {"tokens": {}, "users": {}}
# Test controls: every request as "METHOD path" (with the track count of an item/add), and faults
# ({"path": regex, "after": n, "status": s}: n matching requests pass, the next is answered s unapplied).
REQUESTS = []
FAULTS = []


def load_world(path):
    """{"tokens": {token: user}, "users": {name: {listens, playing_now, stats, followers, following,
    feedback, pins, playlists}}}; any part may be missing."""
    global WORLD
    with open(path, encoding="utf-8") as f:
        WORLD = json.load(f)
    WORLD.setdefault("tokens", {})
    WORLD.setdefault("users", {})


def dumps(obj):
    # Flask's default provider: sorted keys, compact, ASCII-escaped, trailing newline.
    return (json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n").encode()


def error(status, message):
    return status, dumps({"code": status, "error": message})



def json_body(body):
    """(document, None), or (None, the 400 the server gives an unparsable body)."""
    try:
        return json.loads(body or b""), None
    except ValueError as e:
        return None, error(400, "Failed to decode JSON object: %s" % e)


def authed_json(headers, body):
    """The user and the JSON body of a write request, checked in the server's order: auth, then JSON."""
    user, err = auth_user(headers)
    if err:
        return None, None, err
    doc, err = json_body(body)
    return user, doc, err

def find_user(name):
    for stored, data in WORLD["users"].items():
        if stored.lower() == name.lower():
            return stored, data
    return None, None


def auth_user(headers):
    header = headers.get("authorization") or headers.get("Authorization")
    if not header:
        return None, error(401, "You need to provide an Authorization header.")
    parts = header.split(" ")
    if len(parts) < 2:
        return None, error(401, "Provided Authorization header is invalid.")
    user = WORLD["tokens"].get(parts[1])
    if user is None:
        return None, error(401, "Invalid authorization token.")
    return user, None


def optional_caller(headers):
    """validate_auth_header(optional=True): no header is an anonymous caller; a header with a token the
    server does not know is a 401, as on the real server (public reads included)."""
    header = headers.get("authorization")
    if not header:
        return None, None
    return auth_user(headers)


def int_arg(query, name, default, message):
    values = query.get(name)
    if not values:
        return default, None
    try:
        value = int(values[0])
    except ValueError:
        return None, error(400, message.format(values[0]))
    return value, None


def count_offset(query, default_count=25):
    count, err = int_arg(query, "count", default_count, "'count' should be a non-negative integer")
    if err:
        return None, None, err
    offset, err = int_arg(query, "offset", 0, "'offset' should be a non-negative integer")
    if err:
        return None, None, err
    if count < 0:
        return None, None, error(400, "'count' should be a non-negative integer")
    if offset < 0:
        return None, None, error(400, "'offset' should be a non-negative integer")
    return min(count, 1000), offset, None


def is_uuid(text):
    try:
        uuid.UUID(str(text))
        return True
    except ValueError:
        return False


# ---------------------------------------------------------------- listens

def stored_listens(name, data):
    out = []
    for item in data.get("listens", []):
        listen = json.loads(json.dumps(item))
        listen.setdefault("inserted_at", listen.get("listened_at", 0) + 5)
        listen["user_name"] = name
        meta = listen.setdefault("track_metadata", {})
        info = meta.setdefault("additional_info", {})
        msid = listen.get("recording_msid") or info.get("recording_msid") or str(uuid.uuid5(uuid.NAMESPACE_URL, meta.get("track_name", "")))
        listen["recording_msid"] = msid
        info["recording_msid"] = msid
        out.append(listen)
    out.sort(key=lambda l: l["listened_at"], reverse=True)
    return out


def listens(url_user, query):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    values = query.get("count")
    count = 25
    if values:
        try:
            count = int(values[0])
        except ValueError:
            return error(400, "Invalid count argument: %s" % values[0])
        if count < 0:
            return error(400, "Number of items requested should be positive")
    count = min(count, 1000)
    min_ts, err = int_arg(query, "min_ts", None, "Incorrect min_ts timestamp argument: {}")
    if err:
        return err
    max_ts, err = int_arg(query, "max_ts", None, "Incorrect max_ts timestamp argument: {}")
    if err:
        return err
    if min_ts is not None and max_ts is not None and max_ts <= min_ts:
        return error(400, "max_ts should be greater than min_ts")
    every = stored_listens(name, data)
    chosen = [l for l in every if (min_ts is None or l["listened_at"] > min_ts) and (max_ts is None or l["listened_at"] < max_ts)]
    if min_ts is not None:
        # The OLDEST `count` newer than min_ts, shown newest first.
        chosen = sorted(chosen, key=lambda l: l["listened_at"])[:count]
        chosen.sort(key=lambda l: l["listened_at"], reverse=True)
    else:
        chosen = chosen[:count]
    stamps = [l["listened_at"] for l in every]
    return 200, dumps({"payload": {"count": len(chosen), "user_id": url_user, "listens": chosen,
                                   "latest_listen_ts": max(stamps) if stamps else 0,
                                   "oldest_listen_ts": min(stamps) if stamps else 0}})


def listen_count(url_user):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    return 200, dumps({"payload": {"count": data.get("listen_count", len(data.get("listens", [])))}})


def playing_now(url_user):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    items = []
    if data.get("playing_now"):
        meta = json.loads(json.dumps(data["playing_now"]))
        meta.setdefault("additional_info", {})
        items.append({"track_metadata": meta, "user_name": name, "playing_now": True})
    return 200, dumps({"payload": {"count": len(items), "user_id": url_user, "playing_now": True, "listens": items}})


# ---------------------------------------------------------------- stats

def add_months(d, months):
    total = d.year * 12 + d.month - 1 + months
    return d.replace(year=total // 12, month=total % 12 + 1, day=1)


def activity_span(rng, latest):
    """(first day, end day, step) of the listening-activity buckets as the server's statistics job lays
    them out (listenbrainz_spark/stats/common/listening_activity.py, get_time_range): the range asked
    for AND the period before it, so the site can draw them side by side. `step` is ("days", n) or
    ("months", n). The end day is not included."""
    if rng == "all_time":
        return datetime.date(2002, 1, 1), latest + datetime.timedelta(days=1), ("months", 12)
    if rng == "this_week":
        monday = latest - datetime.timedelta(days=latest.weekday())
        if latest.weekday() == 0:
            monday -= datetime.timedelta(days=7)
        return monday - datetime.timedelta(days=7), latest, ("days", 1)
    if rng == "this_month":
        first = add_months(latest, -2) if latest.day == 1 else add_months(latest, -1)
        return first, latest, ("days", 1)
    if rng == "this_year":
        years = 2 if (latest.day, latest.month) == (1, 1) else 1
        return latest.replace(year=latest.year - years, month=1, day=1), latest, ("months", 1)
    if rng == "week":
        monday = latest - datetime.timedelta(days=latest.weekday() + 14)
        return monday, monday + datetime.timedelta(days=14), ("days", 1)
    if rng == "month":
        first = add_months(latest, -2)
        return first, add_months(first, 2), ("days", 1)
    if rng == "quarter":
        quarter_start = latest.replace(month=(latest.month - 1) // 3 * 3 + 1, day=1)
        first = add_months(quarter_start, -6)
        return first, add_months(first, 6), ("days", 7)
    if rng == "half_yearly":
        first = latest.replace(year=latest.year - 1, month=1 if latest.month <= 6 else 7, day=1)
        return first, add_months(first, 12), ("months", 1)
    first = latest.replace(year=latest.year - 2, month=1, day=1)  # year
    return first, first.replace(year=first.year + 2), ("months", 1)


ACTIVITY_LABEL = {"this_week": "%A %d %B %Y", "week": "%A %d %B %Y", "this_month": "%d %B %Y", "month": "%d %B %Y",
                  "quarter": "%d %B %Y", "this_year": "%B %Y", "year": "%B %Y", "half_yearly": "%B %Y", "all_time": "%Y"}


def activity_buckets(rng, stat):
    """The world gives {"latest": "YYYY-MM-DD" (the newest listen's day; default today), "counts": [n, …]}:
    the listen counts of the buckets in order, oldest first, the previous period's included; missing
    counts are 0."""
    latest = datetime.date.fromisoformat(stat.get("latest") or datetime.date.today().isoformat())
    counts = stat.get("counts", [])
    first, end, (unit, n) = activity_span(rng, latest)
    buckets, day = [], first
    while day < end:
        following = day + datetime.timedelta(days=n) if unit == "days" else add_months(day, n)
        start = int(datetime.datetime.combine(day, datetime.time(), datetime.timezone.utc).timestamp())
        stop = int(datetime.datetime.combine(following, datetime.time(), datetime.timezone.utc).timestamp()) - 1
        buckets.append({"time_range": day.strftime(ACTIVITY_LABEL[rng]), "from_ts": start, "to_ts": stop,
                        "listen_count": counts[len(buckets)] if len(buckets) < len(counts) else 0})
        day = following
    return buckets


def stats(url_user, kind, query):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    rng = (query.get("range") or ["all_time"])[0]
    if rng not in STATS_RANGES:
        return error(400, "Invalid range: %s" % rng)
    count, offset, err = count_offset(query)
    if err:
        return err
    stat = data.get("stats", {}).get(kind, {}).get(rng)
    if stat is None:
        return 204, b""
    # A world may make one statistic fail: {"__status": 500, "__message": "…"}.
    if isinstance(stat, dict) and "__status" in stat:
        return error(stat["__status"], stat.get("__message", "failure"))
    now = int(time.time())
    payload = {"user_id": url_user, "range": rng, "from_ts": now - 86400, "to_ts": now, "last_updated": now - 3600}
    if kind in ENTITY_TOTAL:
        items = sorted(stat, key=lambda i: -i.get("listen_count", 0))
        page = items[offset:offset + count]
        payload.update({kind.replace("-", "_"): page, "count": len(page), ENTITY_TOTAL[kind]: len(items), "offset": offset})
    elif kind == "listening-activity":
        buckets = activity_buckets(rng, stat)
        payload["listening_activity"] = buckets
        if buckets:
            payload["from_ts"], payload["to_ts"] = buckets[0]["from_ts"], buckets[-1]["to_ts"]
    elif kind == "daily-activity":
        days = {}
        for day in ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]:
            given = {h["hour"]: h["listen_count"] for h in stat.get(day, [])}
            days[day] = [{"hour": h, "listen_count": given.get(h, 0)} for h in range(24)]
        payload["daily_activity"] = days
    elif kind == "artist-map":
        payload["artist_map"] = stat
    return 200, dumps({"payload": payload})


# ---------------------------------------------------------------- social

def follows(url_user, which):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "User %s not found" % url_user)
    return 200, dumps({which: data.get(which, []), "user": name})


def search_users(query):
    term = (query.get("search_term") or [""])[0]
    if not term:
        return 200, dumps({"users": []})
    names = [n for n in WORLD["users"] if term.lower() in n.lower()]
    names.sort(key=lambda n: (not n.lower().startswith(term.lower()), n.lower()))
    return 200, dumps({"users": [{"user_name": n} for n in names[:10]]})


# ---------------------------------------------------------------- feedback

def get_feedback(url_user, query):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    score, err = int_arg(query, "score", 0, "Invalid score argument: {}")
    if err:
        return err
    if score not in (0, 1, -1):
        return error(400, "Score can have a value of 1 or -1.")
    count, offset, err = count_offset(query)
    if err:
        return err
    metadata = (query.get("metadata") or ["false"])[0]
    if metadata not in ("true", "false"):
        return error(400, "Invalid metadata argument: %s. Must be 'true' or 'false'" % metadata)
    items = [f for f in data.get("feedback", []) if score == 0 or f["score"] == score]
    items.sort(key=lambda f: -f.get("created", 0))
    page = []
    for f in items[offset:offset + count]:
        page.append({"user_id": name, "recording_msid": f.get("recording_msid"), "recording_mbid": f.get("recording_mbid"),
                     "score": f["score"], "created": f.get("created", 0),
                     "track_metadata": f.get("track_metadata") if metadata == "true" else None})
    return 200, dumps({"feedback": page, "count": len(page), "total_count": len(items), "offset": offset})


def post_feedback(headers, body):
    user, doc, err = authed_json(headers, body)
    if err:
        return err
    if not isinstance(doc, dict) or ("recording_msid" not in doc and "recording_mbid" not in doc) or "score" not in doc:
        return error(400, "JSON document must contain either recording_msid or recording_mbid, and score top level keys")
    if set(doc) - {"recording_msid", "recording_mbid", "score"}:
        return error(400, "JSON document may only contain recording_msid, recording_mbid and score top level keys")
    if doc["score"] not in (-1, 0, 1) or isinstance(doc["score"], bool):
        return error(400, "Invalid JSON document submitted: score must be -1, 0 or 1")
    for key in ("recording_msid", "recording_mbid"):
        if key in doc and not is_uuid(doc[key]):
            return error(400, "Invalid JSON document submitted: %s is not a valid uuid" % key)
    _, data = find_user(user)
    feedback = data.setdefault("feedback", [])
    same = lambda f: (doc.get("recording_mbid") and f.get("recording_mbid") == doc.get("recording_mbid")) or \
                     (doc.get("recording_msid") and f.get("recording_msid") == doc.get("recording_msid"))
    feedback[:] = [f for f in feedback if not same(f)]
    if doc["score"] != 0:
        feedback.append({"recording_mbid": doc.get("recording_mbid"), "recording_msid": doc.get("recording_msid"),
                         "score": doc["score"], "created": int(time.time())})
    return 200, dumps({"status": "ok"})


# ---------------------------------------------------------------- pins

def pin_object(pin):
    return {"row_id": pin["row_id"], "recording_msid": pin.get("recording_msid"), "recording_mbid": pin.get("recording_mbid"),
            "blurb_content": pin.get("blurb_content"), "created": pin.get("created", 0),
            "pinned_until": pin.get("pinned_until", 0), "track_metadata": pin.get("track_metadata")}


def pins(url_user, query, current):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    every = sorted(data.get("pins", []), key=lambda p: -p.get("created", 0))
    if current:
        now = int(time.time())
        active = [p for p in every if p.get("pinned_until", 0) > now]
        return 200, dumps({"pinned_recording": pin_object(active[0]) if active else None, "user_name": name})
    count, offset, err = count_offset(query)
    if err:
        return err
    page = every[offset:offset + count]
    return 200, dumps({"pinned_recordings": [pin_object(p) for p in page], "total_count": len(every),
                       "count": len(page), "offset": offset, "user_name": name})


def post_pin(headers, body):
    user, doc, err = authed_json(headers, body)
    if err:
        return err
    if not isinstance(doc, dict) or ("recording_msid" not in doc and "recording_mbid" not in doc):
        return error(400, "JSON document must contain either recording_msid or recording_mbid")
    for key in ("recording_msid", "recording_mbid"):
        if key in doc and not is_uuid(doc[key]):
            return error(400, "Invalid JSON document submitted: %s is not a valid uuid" % key)
    if len(doc.get("blurb_content") or "") > 280:
        return error(400, "Invalid JSON document submitted: blurb_content is longer than 280 characters")
    _, data = find_user(user)
    every = data.setdefault("pins", [])
    now = int(time.time())
    for p in every:
        if p.get("pinned_until", 0) > now:
            p["pinned_until"] = now
    # One sequence for every user's pins, never reused (a deleted pin's id names nothing again).
    used = [p["row_id"] for _, d in WORLD["users"].items() for p in d.get("pins", [])]
    WORLD["next_pin_id"] = max([WORLD.get("next_pin_id", 1)] + [i + 1 for i in used])
    row_id = WORLD["next_pin_id"]
    WORLD["next_pin_id"] += 1
    pin = {"row_id": row_id, "recording_msid": doc.get("recording_msid"), "recording_mbid": doc.get("recording_mbid"),
           "blurb_content": doc.get("blurb_content"), "created": now, "pinned_until": doc.get("pinned_until", now + 7 * 86400),
           "track_metadata": None}
    every.append(pin)
    return 200, dumps({"pinned_recording": pin_object(pin)})


def unpin(headers):
    user, err = auth_user(headers)
    if err:
        return err
    _, data = find_user(user)
    now = int(time.time())
    active = [p for p in data.get("pins", []) if p.get("pinned_until", 0) > now]
    if not active:
        return error(404, "Cannot find an active pinned recording for user '%s' to unpin." % user)
    for p in active:
        p["pinned_until"] = now
    return 200, dumps({"status": "ok"})


def delete_pin(headers, row_id):
    """pinned_recording_api.delete_pin_for_user: only the caller's own pin, any in its history."""
    user, err = auth_user(headers)
    if err:
        return err
    _, data = find_user(user)
    every = data.get("pins", [])
    kept = [p for p in every if str(p["row_id"]) != row_id]
    if len(kept) == len(every):
        return error(404, "Cannot find pin with row_id '%s' for user '%s'" % (row_id, user))
    data["pins"] = kept
    return 200, dumps({"status": "ok"})


# ---------------------------------------------------------------- playlists

def playlist_jspf(owner, p, with_tracks):
    ext = {"public": p.get("public", True), "creator": owner, "last_modified_at": p.get("date", "2026-11-20T10:00:00.000000+00:00")}
    if p.get("collaborators"):
        ext["collaborators"] = p["collaborators"]
    if p.get("created_for"):
        ext["created_for"] = p["created_for"]
    out = {"creator": owner, "title": p["title"], "identifier": PLAYLIST_PREFIX + p["mbid"],
           "date": p.get("date", "2026-11-20T10:00:00.000000+00:00"), "extension": {JSPF_PLAYLIST: ext}, "track": []}
    if p.get("annotation"):
        out["annotation"] = p["annotation"]
    if with_tracks:
        for t in p.get("tracks", []):
            track = {"identifier": [RECORDING_PREFIX + t["recording_mbid"]], "title": t.get("title", ""),
                     "creator": t.get("creator", "")}
            if t.get("album"):
                track["album"] = t["album"]
            out["track"].append(track)
    return out


def all_playlists():
    for owner, data in WORLD["users"].items():
        for p in data.get("playlists", []):
            yield owner, p


def list_playlists(url_user, kind, query, headers):
    name, data = find_user(url_user)
    if data is None:
        return error(404, "Cannot find user: %s" % url_user)
    count, offset, err = count_offset(query)
    if err:
        return err
    caller, err = optional_caller(headers)
    if err:
        return err
    if kind == "createdfor":
        chosen = [(o, p) for o, p in all_playlists() if (p.get("created_for") or "").lower() == name.lower()]
    elif kind == "collaborator":
        chosen = [(o, p) for o, p in all_playlists() if name.lower() in [c.lower() for c in p.get("collaborators", [])]]
    else:
        chosen = [(name, p) for p in data.get("playlists", []) if not p.get("created_for")]
    if kind != "createdfor" and caller != name:
        chosen = [(o, p) for o, p in chosen if p.get("public", True)]
    chosen.sort(key=lambda op: op[1].get("date", ""), reverse=True)
    page = chosen[offset:] if count == 0 else chosen[offset:offset + count]
    return 200, dumps({"playlists": [{"playlist": playlist_jspf(o, p, False)} for o, p in page],
                       "playlist_count": len(chosen), "count": count, "offset": offset})


def get_playlist(mbid, headers):
    caller, err = optional_caller(headers)
    if err:
        return err
    for owner, p in all_playlists():
        if p["mbid"] == mbid.lower() and (p.get("public", True) or caller == owner):
            return 200, dumps({"playlist": playlist_jspf(owner, p, True)})
    return error(404, "Cannot find playlist: %s" % mbid)


def recording_of(track, index):
    ident = track.get("identifier")
    if isinstance(ident, list):
        ident = ident[0] if ident else None
    if not isinstance(ident, str) or not ident.startswith(RECORDING_PREFIX) or not is_uuid(ident[len(RECORDING_PREFIX):]):
        return None, error(400, "JSPF playlist track %d must contain a identifier field having a fully qualified URI to a "
                                "recording_mbid. (e.g. https://musicbrainz.org/recording/8f3471b5-7e6a-48da-86a9-c1c07a0f47ae)" % index)
    return ident[len(RECORDING_PREFIX):], None


def create_playlist(headers, body):
    user, doc, err = authed_json(headers, body)
    if err:
        return err
    pl = doc.get("playlist") if isinstance(doc, dict) else None
    if not isinstance(pl, dict):
        return error(400, "JSPF playlist requires 'playlist' element")
    if not pl.get("title"):
        return error(400, "JSPF playlist must contain a title element with the title of the playlist.")
    ext = (pl.get("extension") or {}).get(JSPF_PLAYLIST) or {}
    if "public" not in ext:
        return error(400, "JSPF playlist.extension.https://musicbrainz.org/doc/jspf#playlist.public field must be given.")
    if not isinstance(ext["public"], bool):
        return error(400, "JSPF playlist public field must contain a boolean.")
    tracks = []
    for i, t in enumerate(pl.get("track") or []):
        mbid, err = recording_of(t, i)
        if err:
            return err
        tracks.append({"recording_mbid": mbid, "title": t.get("title", ""), "creator": t.get("creator", "")})
    mbid = str(uuid.uuid4())
    _, data = find_user(user)
    data.setdefault("playlists", []).append({"mbid": mbid, "title": pl["title"], "public": ext["public"],
                                             "annotation": pl.get("annotation"),
                                             "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime()),
                                             "tracks": tracks})
    return 200, dumps({"status": "ok", "playlist_mbid": mbid})


def edit_items(mbid, action, headers, body):
    user, err = auth_user(headers)
    if err:
        return err
    _, data = find_user(user)
    target = next((p for p in data.get("playlists", []) if p["mbid"] == mbid.lower()), None)
    if target is None:
        return error(404, "Cannot find playlist: %s" % mbid)
    doc, err = json_body(body)
    if err:
        return err
    if action == "delete":
        index, count = doc.get("index"), doc.get("count")
        if not isinstance(index, int) or not isinstance(count, int) or index < 0 or count < 0:
            return error(400, "A valid index and count must be specified.")
        del target["tracks"][index:index + count]
    else:
        given = (doc.get("playlist") or {}).get("track") or []
        if len(given) > MAX_RECORDINGS_PER_ADD:
            return error(400, "You may only add max %d recordings per call." % MAX_RECORDINGS_PER_ADD)
        new = []
        for i, t in enumerate(given):
            rec, err = recording_of(t, i)
            if err:
                return err
            new.append({"recording_mbid": rec, "title": t.get("title", ""), "creator": t.get("creator", "")})
        target["tracks"].extend(new)
    return 200, dumps({"status": "ok"})


# ---------------------------------------------------------------- routing

def control(method, path, body):
    """The test controls: GET /_dashboard/requests, POST /_dashboard/fault; None for other paths."""
    if method == "GET" and path == "/_dashboard/requests":
        with _lock:
            return 200, dumps({"requests": REQUESTS})
    if method == "POST" and path == "/_dashboard/fault":
        with _lock:
            FAULTS.append(json.loads(body or b"{}"))
        return 200, dumps({"status": "ok"})
    return None


def take_fault(method, path, body):
    """Logs the request; the fault that answers it, or None."""
    import re
    entry = {"method": method, "path": path}
    if path.endswith("/item/add"):
        try:
            entry["tracks"] = len(((json.loads(body or b"{}").get("playlist") or {}).get("track")) or [])
        except (ValueError, AttributeError):
            pass
    with _lock:
        REQUESTS.append(entry)
        for fault in FAULTS:
            if re.search(fault.get("path", "$^"), method + " " + path):
                if fault.get("after", 0) > 0:
                    fault["after"] -= 1
                    continue
                FAULTS.remove(fault)
                return fault
    return None


def answer(method, path, query, headers, body, inner):
    """A request as the server meets it when serving alone: the test controls, the log, then `inner`'s
    route. A fault answers 503 (or its "status") instead; with "apply" the route runs first and only
    its reply is lost, as when a connection drops after the server stored the write."""
    control_answer = control(method, path, body)
    if control_answer:
        return control_answer
    fault = take_fault(method, path, body)
    if fault and not fault.get("apply"):
        return error(fault.get("status", 503), "Service Unavailable")
    result = inner(method, path, query, headers, body)
    if fault:
        return error(fault.get("status", 503), "Service Unavailable")
    return result


def route(method, path, query, headers, body):
    """(status, body) for a dashboard route, None for any other path."""
    return answer(method, path, query, headers, body, routes)


def routes(method, path, query, headers, body):
    """The dashboard routes themselves."""
    parts = [unquote(p) for p in path.split("/")]
    # ['', '1', ...]
    if len(parts) < 3 or parts[1] != "1":
        if method == "GET" and path == "/_dashboard/world":
            with _lock:
                return 200, dumps(WORLD)
        return None
    p = parts[2:]
    with _lock:
        if method == "GET":
            if len(p) == 3 and p[0] == "user" and p[2] == "listens":
                return listens(p[1], query)
            if len(p) == 3 and p[0] == "user" and p[2] == "listen-count":
                return listen_count(p[1])
            if len(p) == 3 and p[0] == "user" and p[2] == "playing-now":
                return playing_now(p[1])
            if len(p) == 4 and p[0] == "stats" and p[1] == "user":
                return stats(p[2], p[3], query)
            if len(p) == 3 and p[0] == "user" and p[2] in ("followers", "following"):
                return follows(p[1], p[2])
            if p == ["search", "users", ""]:
                return search_users(query)
            if len(p) == 4 and p[0] == "feedback" and p[1] == "user" and p[3] == "get-feedback":
                return get_feedback(p[2], query)
            if len(p) == 2 and p[1] == "pins":
                return pins(p[0], query, False)
            if len(p) == 3 and p[1] == "pins" and p[2] == "current":
                return pins(p[0], query, True)
            if len(p) in (3, 4) and p[0] == "user" and p[2] == "playlists":
                kind = p[3] if len(p) == 4 else ""
                if kind not in ("", "createdfor", "collaborator"):
                    return None
                return list_playlists(p[1], kind, query, headers)
            if len(p) == 2 and p[0] == "playlist":
                return get_playlist(p[1], headers)
        if method == "POST":
            if p == ["feedback", "recording-feedback"]:
                return post_feedback(headers, body)
            if p == ["pin"]:
                return post_pin(headers, body)
            if p == ["pin", "unpin"]:
                return unpin(headers)
            if len(p) == 3 and p[:2] == ["pin", "delete"] and p[2].isdigit():
                return delete_pin(headers, p[2])
            if p == ["playlist", "create"]:
                return create_playlist(headers, body)
            if len(p) == 4 and p[0] == "playlist" and p[2] == "item" and p[3] in ("add", "delete"):
                return edit_items(p[1], p[3], headers, body)
    return None


def register(route_decorator):
    """Adds these routes to server.py's table (after its own, which win: e.g. its playing-now), plus
    POST /__dashboard_world to load a world from the request body. server.py's tokens count too."""
    def answer(method):
        def handler(http, state, raw, query):
            with _lock:
                WORLD["tokens"].update(state.tokens)
            headers = {k.lower(): v for k, v in http.headers.items()}
            result = route(method, http.path.partition("?")[0], {k: [v] for k, v in query.items()}, headers, raw)
            if result is None:
                return 404, {"code": 404, "error": "The requested URL was not found on the server. If you entered "
                                                   "the URL manually please check your spelling and try again."}
            status, payload = result
            return status, (json.loads(payload) if payload else None)
        return handler

    def set_world(http, state, raw, query):
        global WORLD
        with _lock:
            WORLD = json.loads(raw or b"{}")
            WORLD.setdefault("tokens", {})
            WORLD.setdefault("users", {})
        return 200, {"status": "ok"}

    route_decorator("POST", "/__dashboard_world")(set_world)
    route_decorator("GET", "/1/.*")(answer("GET"))
    route_decorator("POST", "/1/.*")(answer("POST"))


def serve(answer_route):
    """Serves `answer_route(method, path, query, headers, body)` on a free loopback port until the parent
    exits: argv[1] is the world file, argv[2] (optional) a file to write "PORT n" into. The social routes
    serve through this too, with their routes tried before these."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def _answer(self, method):
            split = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            headers = {k.lower(): v for k, v in self.headers.items()}
            result = answer_route(method, split.path, parse_qs(split.query, keep_blank_values=True), headers, body)
            if result is None:
                result = error(404, "The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.")
            status, payload = result
            self.send_response(status)
            if status != 204:
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if status != 204:
                self.wfile.write(payload)

        def do_GET(self):
            self._answer("GET")

        def do_POST(self):
            self._answer("POST")

    # A parent that blocks signals in its threads passes the mask on: unblock so SIGTERM ends us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    # Tests share one server per run and never stop it: leave when the parent does.
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch_parent, daemon=True).start()
    load_world(sys.argv[1])
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    line = "PORT %d\n" % server.server_address[1]
    if len(sys.argv) > 2:
        # Written whole, then renamed, so a reader never sees half a line.
        with open(sys.argv[2] + ".tmp", "w") as f:
            f.write(line)
        os.rename(sys.argv[2] + ".tmp", sys.argv[2])
    sys.stdout.write(line)
    sys.stdout.flush()
    server.serve_forever()


if __name__ == "__main__":
    serve(route)
