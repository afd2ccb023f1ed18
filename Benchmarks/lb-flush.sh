#!/usr/bin/env bash
# Benchmark of `tunes lb flush`: N pending listens sent to the fake ListenBrainz server. Prints the
# requests made, wall time and peak memory (median of RUNS runs) for each size, and the memory ratio
# between the largest and the smallest size (flat memory = a ratio near 1).
# Usage: Benchmarks/lb-flush.sh [SIZES (default "1000 10000")] ; RUNS=3 BUILD=debug|release
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${1:-"1000 10000"}
RUNS=${RUNS:-3}
BUILD=${BUILD:-debug}
source Benchmarks/lib.sh
TUNES=$(tunes_built "$BUILD") || exit 1
WORK=$(mktemp -d /tmp/tunes-lb-flush.XXXXXX)
SERVER_PID=
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

export XDG_CONFIG_HOME="$WORK/config" TUNES_LISTENBRAINZ_TOKEN=bench-token
python3 Tests/Fixtures/fake-listenbrainz/server.py --token bench-token=bench --rate-limit 100000 >"$WORK/port" &
SERVER_PID=$!
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
export TUNES_LISTENBRAINZ_URL="http://127.0.0.1:$(cat "$WORK/port")"

# Fills the outbox the way Scrobbler.listened does (one listen per row, its JSON as it will be sent).
fill() { # DB COUNT
  mkdir -p "$WORK/empty"
  TUNES_DB="$1" "$TUNES" index "$WORK/empty" >/dev/null  # creates and migrates the database
  python3 - "$1" "$2" <<'PY'
import json, sqlite3, sys, time
db, count = sys.argv[1], int(sys.argv[2])
start = int(time.time()) - count * 200 - 86400  # all in the past
rows = []
for i in range(count):
    listen = {"listened_at": start + i * 200, "track_metadata": {
        "artist_name": "Artist %d" % (i % 97), "track_name": "Track number %d" % i, "release_name": "Album %d" % (i % 31),
        "additional_info": {"media_player": "tunes", "media_player_version": "0.1.0", "submission_client": "tunes",
                            "submission_client_version": "0.1.0", "duration_ms": 200000 + i, "tracknumber": str(i % 12 + 1),
                            "recording_mbid": "8f3471b5-7e6a-48da-86a9-%012x" % i, "duration_played": 180}}}
    body = json.dumps(listen, sort_keys=True, separators=(",", ":")).encode()
    label = "%s – %s" % (listen["track_metadata"]["artist_name"], listen["track_metadata"]["track_name"])
    rows.append((start + i * 200, body, label, "2026-01-01 00:00:00.000"))
con = sqlite3.connect(db)
con.executemany(
    "INSERT INTO outbox(action, path, listenedAt, body, label, createdAt) VALUES ('listen', '/1/submit-listens', ?, ?, ?, ?)",
    rows)
con.commit()
PY
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
control() { curl -s -X POST -d "$1" "$TUNES_LISTENBRAINZ_URL/__control" >/dev/null; }

printf "%-8s %-9s %-8s %-11s %-12s\n" listens requests stored "time (s)" "peak RSS (MB)"
declare -A RSS
for size in $SIZES; do
  times=(); rss=(); requests=0; stored=0
  for run in $(seq "$RUNS"); do
    control '{"reset": true}'
    db="$WORK/lib-$size-$run.db"
    fill "$db" "$size"
    /usr/bin/time -f "%e %M" -o "$WORK/time" env TUNES_DB="$db" "$TUNES" lb flush >"$WORK/out" 2>"$WORK/err"
    read -r seconds kb <"$WORK/time"
    times+=("$seconds"); rss+=("$kb")
    requests=$(curl -s "$TUNES_LISTENBRAINZ_URL/__requests" | python3 -c "import json,sys; print(json.load(sys.stdin)['count'])")
    stored=$(curl -s "$TUNES_LISTENBRAINZ_URL/__listens" | python3 -c "import json,sys; print(json.load(sys.stdin)['count'])")
    left=$(sqlite3 "$db" "SELECT COUNT(*) FROM outbox WHERE action = 'listen'" 2>/dev/null || python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT COUNT(*) FROM outbox WHERE action = 'listen'\").fetchone()[0])" "$db")
    [ "$stored" = "$size" ] && [ "$left" = "0" ] || { echo "run $run of $size: stored $stored, left $left" >&2; cat "$WORK/err" >&2; exit 1; }
  done
  t=$(printf "%s\n" "${times[@]}" | median)
  m=$(printf "%s\n" "${rss[@]}" | median)
  RSS[$size]=$m
  printf "%-8s %-9s %-8s %-11s %-12s\n" "$size" "$requests" "$stored" "$t" "$(awk -v k="$m" 'BEGIN {printf "%.1f", k/1024}')"
done
first=$(echo $SIZES | awk '{print $1}'); last=$(echo $SIZES | awk '{print $NF}')
awk -v a="${RSS[$first]}" -v b="${RSS[$last]}" -v f="$first" -v l="$last" 'BEGIN {printf "peak RSS ratio %s/%s listens: %.2f\n", l, f, b/a}'
