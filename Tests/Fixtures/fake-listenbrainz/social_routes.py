# Social endpoints of the fake ListenBrainz server: the feed (timeline events, listens of followed
# and of similar users), follow/unfollow, hide/unhide/delete of feed events, recommendations (to all
# followers and personal), thanks, CritiqueBrainz reviews, linked services and similar users. Their
# methods, auth order, validation, statuses and messages follow listenbrainz-server's views
# (user_timeline_event_api.py, social_api.py, api.py, api_tools.py), strict as the real one: a
# request the server would refuse is refused here with the same status and text. The checks that
# CritiqueBrainz itself makes on a review (text 25..100000 characters, rating 1..5, entity type) are
# answered as 400s in this fake's own words, since ListenBrainz only forwards them.
#
# The data lives in the dashboard world (dashboard_routes.WORLD): per user "followers", "following",
# "listens", "pins" (as the dashboards use them) plus "similar_users" ([{user_name, similarity}]),
# "services" (["critiquebrainz", …]) and "hidden" ([[event_type, id], …]); world-wide "timeline"
# (recommendations, personal recommendations, reviews, notifications, thanks; one id sequence, as the
# server's user_timeline_event table) and "follow_events". server.py registers these routes before
# the dashboard ones (`register(route)`); run alone (`python3 social_routes.py WORLD.json [PORTFILE]`)
# it serves these and the dashboard routes, as dashboard_routes.py does alone, behind the same test
# controls (GET /_dashboard/requests, POST /_dashboard/fault).
import json
import time
import uuid
from urllib.parse import unquote

import dashboard_routes as dash

# UserTimelineEventType's values.
EVENT_TYPES = ["recording_recommendation", "personal_recording_recommendation", "recording_pin", "critiquebrainz_review",
               "notification", "thanks", "follow", "listen"]
RECOMMENDATIONS = ["recording_recommendation", "personal_recording_recommendation"]
MAX_ITEMS_PER_GET = 1000
DEFAULT_ITEMS_PER_GET = 25
LISTEN_WINDOW = 7 * 86400  # DEFAULT_LISTEN_EVENT_WINDOW_NEW
CB_TEXT_MIN, CB_TEXT_MAX = 25, 100000
CB_ENTITY_TYPES = ["recording", "release_group", "artist", "label", "event", "place", "work"]


def world():
    w = dash.WORLD
    w.setdefault("timeline", [])
    w.setdefault("follow_events", [])
    return w


def user_id(name):
    """The numeric id the server names users by in some messages (here: by name order, so tests can know it)."""
    return sorted(dash.WORLD["users"]).index(name) + 1 if name in dash.WORLD["users"] else 0


def same(a, b):
    return a is not None and b is not None and a.lower() == b.lower()


def is_uuid(value):
    try:
        uuid.UUID(str(value))
        return True
    except ValueError:
        return False


def owner_check(headers, url_user, message):
    """validate_auth_header, then the timeline's owner (compared as given: another name is a 403)."""
    user, err = dash.auth_user(headers)
    if err:
        return None, err
    if url_user != user:
        return None, dash.error(403, message)
    return user, None


def owner_post(headers, url_user, message, body):
    """A write to a user's timeline: the owner check, then the body as JSON (the server's order)."""
    user, err = owner_check(headers, url_user, message)
    if err:
        return None, None, err
    data, err = load_json(body)
    return user, data, err


def load_json(body):
    try:
        return json.loads(body or b""), None
    except ValueError as e:
        return None, dash.error(400, "Invalid JSON: %s" % e)


def int_arg(query, name, default=None):
    value = (query.get(name) or [""])[0]
    if not value:
        return default, None
    try:
        return int(value), None
    except ValueError:
        return None, dash.error(400, "Invalid %s argument: %s" % (name, value))


def get_params(query):
    """_validate_get_endpoint_params: (min_ts, max_ts, count) or the 400."""
    max_ts, err = int_arg(query, "max_ts")
    if err:
        return None, err
    min_ts, err = int_arg(query, "min_ts")
    if err:
        return None, err
    if max_ts and min_ts and max_ts < min_ts:
        return None, dash.error(400, "max_ts should be greater than min_ts")
    count, err = int_arg(query, "count", DEFAULT_ITEMS_PER_GET)
    if err:
        return None, err
    count = min(count, MAX_ITEMS_PER_GET)
    if count < 0:
        return None, dash.error(400, "Number of items requested should be positive")
    return (min_ts, max_ts, count), None


# ---------------------------------------------------------------- the feed

def in_range(created, min_ts, max_ts):
    return (min_ts or 0) < created < (max_ts or int(time.time()))


def pin_events(authors):
    out = []
    for name in authors:
        _, data = dash.find_user(name)
        for pin in (data or {}).get("pins", []):
            out.append({"id": pin["row_id"], "event_type": "recording_pin", "user_name": name, "created": pin.get("created", 0),
                        "hidden": False, "metadata": {"user_name": name, "blurb_content": pin.get("blurb_content"),
                                                      "track_metadata": pin.get("track_metadata")}})
    return out


def feed_events(user, min_ts, max_ts, count):
    _, data = dash.find_user(user)
    authors = list(data.get("following", [])) + [user]
    hidden = {(t, i) for t, i in data.get("hidden", [])}
    events = []
    for f in world()["follow_events"]:
        if any(same(f["user_name_0"], a) for a in authors):
            events.append({"id": None, "event_type": "follow", "user_name": f["user_name_0"], "created": f["created"],
                           "hidden": False, "metadata": {"user_name_0": f["user_name_0"], "user_name_1": f["user_name_1"],
                                                         "relationship_type": "follow", "created": f["created"]}})
    for e in world()["timeline"]:
        kind = e["event_type"]
        mine = (kind in ("recording_recommendation", "critiquebrainz_review") and any(same(e["user_name"], a) for a in authors)) \
            or (kind == "personal_recording_recommendation"
                and (same(e["user_name"], user) or any(same(u, user) for u in e["metadata"].get("users", [])))) \
            or (kind == "thanks" and (same(e["metadata"]["thanker_username"], user) or same(e["metadata"]["thankee_username"], user))) \
            or (kind == "notification" and same(e.get("to"), user))
        if mine:
            event = {k: v for k, v in e.items() if k != "to"}
            event["hidden"] = (kind, e["id"]) in hidden
            events.append(event)
    for e in pin_events(authors):
        e["hidden"] = ("recording_pin", e["id"]) in hidden
        events.append(e)
    events = [e for e in events if in_range(e["created"], min_ts, max_ts)]
    events.sort(key=lambda e: -e["created"])
    return events[:count]


def listen_events(users, min_ts, max_ts, limit, similarity=None):
    # get_all_listen_events: the search window is at most 7 days, anchored as the server anchors it.
    if min_ts and max_ts:
        if max_ts - min_ts >= LISTEN_WINDOW:
            min_ts = max_ts - LISTEN_WINDOW
    elif min_ts:
        max_ts = min_ts + LISTEN_WINDOW
    elif max_ts:
        min_ts = max_ts - LISTEN_WINDOW
    else:
        max_ts = int(time.time())
        min_ts = max_ts - LISTEN_WINDOW
    out = []
    for name in users:
        stored, data = dash.find_user(name)
        if data is None:
            continue
        for listen in dash.stored_listens(stored, data):
            if min_ts < listen["listened_at"] < max_ts:
                event = {"id": None, "event_type": "listen", "user_name": stored, "created": listen["listened_at"],
                         "hidden": False, "metadata": listen}
                if similarity is not None:
                    event["similarity"] = similarity[stored]
                out.append(event)
    out.sort(key=lambda e: -e["created"])
    return out[:limit]


def get_feed(url_user, view, query, headers):
    user, err = owner_check(headers, url_user, "You don't have permissions to view this user's timeline.")
    if err:
        return err
    params, err = get_params(query)
    if err:
        return err
    min_ts, max_ts, count = params
    _, data = dash.find_user(user)
    if view == "events":
        if min_ts is None and max_ts is None:
            max_ts = int(time.time())
        events = feed_events(user, min_ts, max_ts, count)
    elif view == "following":
        events = listen_events(data.get("following", []), min_ts, max_ts, count)
    else:
        similar = {s["user_name"]: s["similarity"] for s in data.get("similar_users", [])}
        events = listen_events(list(similar), min_ts, max_ts, count, similar)
    return 200, dash.dumps({"payload": {"count": len(events), "user_id": url_user, "events": events}})


def similar_users(url_user):
    name, data = dash.find_user(url_user)
    if data is None:
        return dash.error(404, "User %s not found" % url_user)
    rows = sorted(data.get("similar_users", []), key=lambda s: -s["similarity"])
    return 200, dash.dumps({"payload": [{"user_name": s["user_name"], "similarity": s["similarity"]} for s in rows]})


def services(url_user, headers):
    user, err = owner_check(headers, url_user, "You don't have permissions to view this user's information.")
    if err:
        return err
    _, data = dash.find_user(user)
    return 200, dash.dumps({"user_name": user, "services": data.get("services", [])})


# ---------------------------------------------------------------- following

def follow(url_user, headers, on):
    current, err = dash.auth_user(headers)
    if err:
        return err
    name, data = dash.find_user(url_user)
    if data is None:
        return dash.error(404, "User %s not found" % url_user)
    _, mine = dash.find_user(current)
    following = mine.setdefault("following", [])
    if on:
        if same(name, current):
            return dash.error(400, "Whoops, cannot follow yourself.")
        if name in following:
            return dash.error(400, "%s is already following user %s" % (current, name))
        following.append(name)
        data.setdefault("followers", []).append(current)
        world()["follow_events"].append({"user_name_0": current, "user_name_1": name, "created": int(time.time())})
    else:
        if name in following:
            following.remove(name)
        if current in data.get("followers", []):
            data["followers"].remove(current)
    return 200, dash.dumps({"status": "ok"})


# ---------------------------------------------------------------- timeline events

def next_id():
    return max([e["id"] for e in world()["timeline"]] + [0]) + 1


def created_answer(event, user):
    return 200, dash.dumps({"id": event["id"], "user_id": user_id(user), "created": event["created"],
                            "event_type": event["event_type"], "metadata": event["metadata"]})


def recording_metadata(metadata, extra_keys=()):
    """RecordingRecommendationMetadata: an MBID or an MSID, each a UUID; None or the 400's text."""
    if not isinstance(metadata, dict):
        return "Invalid metadata: metadata must be an object"
    if not metadata.get("recording_mbid") and not metadata.get("recording_msid"):
        return "Invalid metadata: at least one of recording_mbid or recording_msid should be specified"
    for key in ("recording_mbid", "recording_msid"):
        if metadata.get(key) is not None and not is_uuid(metadata[key]):
            return "Invalid metadata: %s is not a valid uuid" % key
    return None


def track_for(metadata):
    """The track_metadata the server joins from its mapping: the fake knows names from the world's listens."""
    for name, data in dash.WORLD["users"].items():
        for listen in dash.stored_listens(name, data):
            info = listen["track_metadata"].get("additional_info", {})
            if metadata.get("recording_msid") and listen.get("recording_msid") == metadata["recording_msid"]:
                return listen["track_metadata"]
            if metadata.get("recording_mbid") and info.get("recording_mbid") == metadata["recording_mbid"]:
                return listen["track_metadata"]
    return {"artist_name": "", "track_name": "", "additional_info": {k: metadata[k] for k in ("recording_mbid", "recording_msid")
                                                                     if metadata.get(k)}}


def recommend(url_user, headers, body):
    user, data, err = owner_post(headers, url_user, "You don't have permissions to post to this user's timeline.", body)
    if err:
        return err
    if not isinstance(data, dict) or "metadata" not in data:
        return dash.error(500, "An unknown error occured.")  # data['metadata'] outside the server's try
    message = recording_metadata(data["metadata"])
    if message:
        return dash.error(400, message)
    meta = {k: data["metadata"][k] for k in ("recording_mbid", "recording_msid") if data["metadata"].get(k)}
    event = {"id": next_id(), "event_type": "recording_recommendation", "user_name": user, "created": int(time.time()),
             "metadata": {"user_name": user, "track_metadata": track_for(meta), **meta}}
    world()["timeline"].append(event)
    return created_answer(event, user)


def recommend_personal(url_user, headers, body):
    user, data, err = owner_post(headers, url_user, "You don't have permissions to post to this user's timeline.", body)
    if err:
        return err
    if not isinstance(data, dict) or "metadata" not in data:
        return dash.error(500, "An unknown error occured.")
    metadata = data["metadata"]
    message = recording_metadata(metadata)
    if message:
        return dash.error(400, message)
    users = metadata.get("users")
    if not isinstance(users, list) or not users or not all(isinstance(u, str) for u in users):
        return dash.error(400, "Invalid metadata: users must be a non-empty list of user names")
    blurb = metadata.get("blurb_content")
    if blurb is not None and not isinstance(blurb, str):
        return dash.error(400, "Invalid metadata: blurb_content must be a string")
    _, mine = dash.find_user(user)
    followers = mine.get("followers", [])
    non_followers = [u for u in users if not any(same(u, f) for f in followers)]
    if non_followers:
        return dash.error(400, "You cannot recommend tracks to non-followers! These people don't follow you %s" % str(non_followers))
    meta = {k: metadata[k] for k in ("recording_mbid", "recording_msid") if metadata.get(k)}
    event = {"id": next_id(), "event_type": "personal_recording_recommendation", "user_name": user, "created": int(time.time()),
             "metadata": {"track_metadata": track_for(meta), "users": users, "blurb_content": blurb, **meta}}
    world()["timeline"].append(event)
    return created_answer(event, user)


def review(url_user, headers, body):
    user, data, err = owner_post(headers, url_user, "You don't have permissions to post to this user's timeline.", body)
    if err:
        return err
    keys = ("entity_name", "entity_id", "entity_type", "text", "language")
    metadata = data.get("metadata") if isinstance(data, dict) else None
    if not isinstance(metadata, dict) or any(k not in metadata for k in keys) \
            or not all(isinstance(metadata[k], str) for k in keys) \
            or (metadata.get("rating") is not None and not isinstance(metadata["rating"], int)):
        return dash.error(400, "Invalid metadata: %s" % str(data))
    _, mine = dash.find_user(user)
    if "critiquebrainz" not in mine.get("services", []):
        return dash.error(403, "You need to connect to the CritiqueBrainz service to write a review.")
    # CritiqueBrainz's own checks.
    if not CB_TEXT_MIN <= len(metadata["text"]) <= CB_TEXT_MAX:
        return dash.error(400, "Text length needs to be between %d and %d characters." % (CB_TEXT_MIN, CB_TEXT_MAX))
    rating = metadata.get("rating")
    if rating is not None and not 1 <= rating <= 5:
        return dash.error(400, "Rating must be between 1 and 5.")
    if metadata["entity_type"] not in CB_ENTITY_TYPES:
        return dash.error(400, "Unsupported entity type: %s" % metadata["entity_type"])
    if not is_uuid(metadata["entity_id"]):
        return dash.error(400, "entity_id is not a valid UUID: %s" % metadata["entity_id"])
    review_id = str(uuid.uuid4())
    event = {"id": next_id(), "event_type": "critiquebrainz_review", "user_name": user, "created": int(time.time()),
             "metadata": {"user_name": user, "entity_id": metadata["entity_id"], "entity_name": metadata["entity_name"],
                          "entity_type": metadata["entity_type"], "rating": rating, "text": metadata["text"],
                          "review_mbid": review_id, "language": metadata["language"]}}
    world()["timeline"].append(event)
    return 200, dash.dumps({"id": event["id"], "user_id": user_id(user), "created": event["created"],
                            "event_type": "critiquebrainz_review",
                            "metadata": {"review_id": review_id, "entity_id": metadata["entity_id"],
                                         "entity_name": metadata["entity_name"]}})


def find_event(kind, event_id):
    """The author of a recommendation/thanks (timeline) or pin (pins), or None."""
    if kind == "recording_pin":
        for name, data in dash.WORLD["users"].items():
            if any(p["row_id"] == event_id for p in data.get("pins", [])):
                return name
        return None
    for e in world()["timeline"]:
        if e["id"] == event_id and e["event_type"] == kind:
            return e["user_name"]
    return None


def hide(url_user, headers, body, on):
    text = "hide events from" if on else "delete events from"
    user, data, err = owner_post(headers, url_user, "You don't have permissions to %s this user's timeline." % text, body)
    if err:
        return err
    if not isinstance(data, dict) or "event_type" not in data or "event_id" not in data:
        return dash.error(400, "JSON document must contain both event_type and event_id")
    kind, event_id = data["event_type"], data["event_id"]
    _, mine = dash.find_user(user)
    hidden = mine.setdefault("hidden", [])
    if not on:
        if [kind, event_id] in hidden:
            hidden.remove([kind, event_id])
        return 200, dash.dumps({"status": "ok"})
    if kind not in RECOMMENDATIONS + ["thanks", "recording_pin"]:
        return dash.error(400, "This event type is not supported for hiding")
    author = find_event(kind, event_id)
    if author is None:
        return dash.error(400, "%s event with id %s not found" % (kind, event_id))
    if not any(same(author, f) for f in mine.get("following", [])):
        return dash.error(401, "You cannot hide events of this user")
    if [kind, event_id] not in hidden:
        hidden.append([kind, event_id])
    return 200, dash.dumps({"status": "ok"})


def delete(url_user, headers, body):
    user, data, err = owner_post(headers, url_user, "You don't have permissions to delete from this user's timeline.", body)
    if err:
        return err
    for key in ("event_type", "id"):
        if not isinstance(data, dict) or key not in data:
            return dash.error(400, "Invalid JSON: '%s'" % key)
    kind, event_id = data["event_type"], data["id"]
    if kind not in ("recording_recommendation", "notification", "personal_recording_recommendation"):
        return dash.error(400, "This event type is not supported for deletion via this method")
    timeline = world()["timeline"]
    # delete_user_timeline_event(id, user_id): the row must be the user's own (a notification is its receiver's).
    for e in timeline:
        if e["id"] == event_id and (same(e["user_name"], user) or same(e.get("to"), user)):
            timeline.remove(e)
            return 200, dash.dumps({"status": "ok"})
    return dash.error(404, "Cannot find '%s' event with id '%s' for user '%s'" % (kind, event_id, user_id(user)))


def thank(url_user, headers, body):
    user, data, err = owner_post(headers, url_user, "You don't have permissions to thank events from this user's timeline.", body)
    if err:
        return err
    if not isinstance(data, dict) or "metadata" not in data:
        return dash.error(400, "JSON document must contain metadata")
    metadata = data["metadata"]
    if not isinstance(metadata, dict) or "original_event_type" not in metadata or "original_event_id" not in metadata:
        return dash.error(400, "Metadata must contain both original_event_type and original_event_id")
    kind, event_id = metadata["original_event_type"], metadata["original_event_id"]
    if kind not in EVENT_TYPES or not isinstance(event_id, int) or event_id < 0:
        return dash.error(400, "Invalid metadata: original_event_type or original_event_id is not valid")
    if kind not in RECOMMENDATIONS + ["recording_pin"]:
        return dash.error(400, "This event type is not supported for thanking")
    author = find_event(kind, event_id)
    if author is None:
        return dash.error(400, "%s event with id %s not found" % (kind, event_id))
    _, mine = dash.find_user(user)
    if not any(same(author, f) for f in mine.get("following", [])):
        return dash.error(401, "You cannot thank events of this user")
    event = {"id": next_id(), "event_type": "thanks", "user_name": user, "created": int(time.time()),
             "metadata": {"original_event_type": kind, "original_event_id": event_id,
                          "blurb_content": metadata.get("blurb_content"), "thanker_id": user_id(user),
                          "thanker_username": user, "thankee_id": user_id(author), "thankee_username": author}}
    world()["timeline"].append(event)
    return 200, dash.dumps({"status": "ok"})


# ---------------------------------------------------------------- routing

def route(method, path, query, headers, body):
    """(status, body) for a social route, None for any other path."""
    p = [unquote(x) for x in path.split("/")][1:]
    if len(p) < 4 or p[0] != "1" or p[1] != "user":
        return None
    name, rest = p[2], p[3:]
    with dash._lock:
        if method == "GET":
            if rest == ["feed", "events"]:
                return get_feed(name, "events", query, headers)
            if rest == ["feed", "events", "listens", "following"]:
                return get_feed(name, "following", query, headers)
            if rest == ["feed", "events", "listens", "similar"]:
                return get_feed(name, "similar", query, headers)
            if rest == ["similar-users"]:
                return similar_users(name)
            if rest == ["services"]:
                return services(name, headers)
        if method == "POST":
            if rest in (["follow"], ["unfollow"]):
                return follow(name, headers, rest == ["follow"])
            if rest[:2] == ["feed", "events"] and len(rest) == 3 and rest[2] in ("hide", "unhide"):
                return hide(name, headers, body, rest[2] == "hide")
            if rest == ["feed", "events", "delete"]:
                return delete(name, headers, body)
            if rest[:2] == ["timeline-event", "create"] and len(rest) == 3:
                action = {"recording": recommend, "recommend-personal": recommend_personal, "review": review,
                          "thanks": thank}.get(rest[2])
                if action:
                    return action(name, headers, body)
    return None


PATTERNS = [("GET", r"/1/user/[^/]+/feed/events(/listens/(following|similar))?"), ("GET", r"/1/user/[^/]+/(similar-users|services)"),
            ("POST", r"/1/user/[^/]+/(follow|unfollow)"), ("POST", r"/1/user/[^/]+/feed/events/(hide|unhide|delete)"),
            ("POST", r"/1/user/[^/]+/timeline-event/create/(recording|recommend-personal|review|thanks)")]


def register(route_decorator):
    """Adds these routes to server.py's table, ahead of the dashboards' catch-all ones."""
    def answer(method):
        def handler(http, state, raw, query):
            with dash._lock:
                dash.WORLD["tokens"].update(state.tokens)
            headers = {k.lower(): v for k, v in http.headers.items()}
            status, payload = route(method, http.path.partition("?")[0], {k: [v] for k, v in query.items()}, headers, raw)
            return status, (json.loads(payload) if payload else None)
        return handler
    for method, pattern in PATTERNS:
        route_decorator(method, pattern)(answer(method))


if __name__ == "__main__":
    dash.serve(lambda *r: dash.answer(*r, inner=lambda *q: route(*q) or dash.routes(*q)))
