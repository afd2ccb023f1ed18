#!/usr/bin/env bash
# Benchmark of `tunes lb dashboard` against the fake ListenBrainz server (server.py with the dashboard
# routes): wall time online (12 requests) and --offline (the same answers from the library database),
# median of RUNS runs each, and the offline/online ratio. The world holds 1000 listens, 1000 top
# artists/releases/recordings, a full 7×24 grid and 100 countries, so decoding is not trivial.
# Usage: Benchmarks/dashboard.sh ; RUNS=7 BUILD=debug|release COLUMNS=100
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-7}
BUILD=${BUILD:-debug}
source Benchmarks/lib.sh
TUNES=$(tunes_built "$BUILD") || exit 1
WORK=$(mktemp -d /tmp/tunes-dashboard.XXXXXX)
SERVER_PID=
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

python3 - "$WORK/world.json" <<'PY'
import json, sys
listens = [{"listened_at": 1763800000 - i * 180, "track_metadata": {"artist_name": "Artist %d" % (i % 97), "track_name": "Track %d" % i}} for i in range(1000)]
top = lambda key, extra: [dict({key: "%s %d" % (key, i), "listen_count": 2000 - i, "artist_name": "Artist %d" % i}, **extra) for i in range(1000)]
stats = {
  "artists": {"this_month": [{"artist_name": "Artist %d" % i, "artist_mbid": None, "listen_count": 2000 - i} for i in range(1000)]},
  "releases": {"this_month": top("release_name", {"release_mbid": None})},
  "recordings": {"this_month": top("track_name", {"recording_mbid": None})},
  "listening-activity": {"this_month": {"latest": "2026-11-25", "counts": [(i * 37) % 50 for i in range(60)]}},
  "daily-activity": {"this_month": {d: [{"hour": h, "listen_count": (h * 7 + len(d)) % 30} for h in range(24)] for d in ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]}},
  "artist-map": {"this_month": [{"country": "C%02d" % i, "artist_count": 3, "listen_count": 1000 - i, "artists": None} for i in range(100)]},
}
user = {"listens": listens, "stats": stats, "followers": ["f%d" % i for i in range(300)], "following": ["g%d" % i for i in range(50)],
        "feedback": [{"recording_mbid": "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", "score": 1, "created": 1}]}
json.dump({"tokens": {}, "users": {"bench": user}}, open(sys.argv[1], "w"))
PY

export XDG_CONFIG_HOME="$WORK/config" TUNES_LISTENBRAINZ_TOKEN=bench-token TUNES_DB="$WORK/library.db" COLUMNS=${COLUMNS:-100}
python3 Tests/Fixtures/fake-listenbrainz/server.py --token bench-token=bench --rate-limit 100000 >"$WORK/port" &
SERVER_PID=$!
for _ in $(seq 600); do [ -s "$WORK/port" ] && break; sleep 0.1; done
export TUNES_LISTENBRAINZ_URL="http://127.0.0.1:$(cat "$WORK/port")"
curl -s -X POST --data-binary @"$WORK/world.json" "$TUNES_LISTENBRAINZ_URL/__dashboard_world" >/dev/null

median_ms() { # COMMAND...
  local times=() start end
  for _ in $(seq "$RUNS"); do
    start=$EPOCHREALTIME
    "$@" >/dev/null
    end=$EPOCHREALTIME
    times+=("$(python3 -c "print(round(($end - $start) * 1000, 1))")")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"
}

"$TUNES" lb dashboard bench --range this_month >/dev/null  # creates the database and fills the cache
ONLINE=$(median_ms "$TUNES" lb dashboard bench --range this_month)
OFFLINE=$(median_ms "$TUNES" lb dashboard bench --range this_month --offline)
JSON=$(median_ms "$TUNES" lb dashboard bench --range this_month --json)
echo "tunes lb dashboard ($BUILD, median of $RUNS, width $COLUMNS)"
echo "  online            ${ONLINE} ms"
echo "  online --json     ${JSON} ms"
echo "  --offline         ${OFFLINE} ms"
python3 -c "print('  offline/online    %.2f' % ($OFFLINE / $ONLINE))"
