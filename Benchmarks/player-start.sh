#!/usr/bin/env bash
# Benchmark of `tunes play` start-up and memory on an indexed library of N songs (default 10000):
#  - start → end of a one-song queue (0.05 s of audio, --pace max): an upper bound of the time from
#    starting the process to the first sample written (median of RUNS runs);
#  - peak RSS while the whole library is the queue, playing in real time for 2 s.
# Usage: Benchmarks/player-start.sh [N] ; RUNS=5 BUILD=debug|release
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
RUNS=${RUNS:-5}
BUILD=${BUILD:-debug}
timeout 1800 swift build -c "$BUILD" --product tunes >/dev/null
TUNES="$(swift build -c "$BUILD" --show-bin-path)/tunes"
WORK=$(mktemp -d /tmp/tunes-player-start.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

sox -n -r 44100 -c 2 "$WORK/t.wav" synth 0.05 sine 440 2>/dev/null
lame --quiet --tt "Needle" --ta "Bench" "$WORK/t.wav" "$WORK/needle.mp3"
DB="$WORK/library.db"
"$TUNES" index --db "$DB" "$WORK/needle.mp3" >/dev/null
# N − 1 more songs: rows pointing at copies-by-name of the same file (the index itself is not measured here).
python3 - "$DB" "$N" "$WORK" <<'PY'
import os, sqlite3, sys
db, n, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
c = sqlite3.connect(db)
rows = []
for i in range(1, n):
    path = f"{work}/s{i}.mp3"
    os.symlink(f"{work}/needle.mp3", path)
    rows.append((path, f"Song {i}", f"Artist {i % 500}", f"Album {i % 1500}", f"Artist {i % 500}", 50))
c.executemany("INSERT INTO song (path,title,artist,album,albumArtist,durationMs) VALUES (?,?,?,?,?,?)", rows)
c.commit()
PY

times=()
for _ in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  "$TUNES" play --db "$DB" needle --device "file:'$WORK/out.raw',raw" --pace max >/dev/null
  end=$(date +%s.%N)
  times+=("$(echo "($end - $start) * 1000" | bc -l)")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
printf 'library of %d songs, one-song queue, start → end (ms, median of %d): %.1f (aim < 50)\n' "$N" "$RUNS" "$median"

/usr/bin/time -f '%M' -o "$WORK/rss" timeout -s INT 2 "$TUNES" play --db "$DB" --device null --shuffle >/dev/null 2>&1 || true
printf 'peak RSS with all %d songs queued, playing (MB): %.1f (aim < 30)\n' "$N" "$(echo "$(tail -1 "$WORK/rss") / 1024" | bc -l)"
