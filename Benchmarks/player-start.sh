#!/usr/bin/env bash
# Benchmark of `tunes play` start-up and memory on an indexed library of N songs (default 10000), with
# medians of RUNS runs (default 11) and their ratio to the aims (50 ms, 30 MB) and to mpg123:
#  - start → first sample written: the process is spawned and the clock stops at the first byte of audio
#    in a FIFO behind ALSA's file plugin (Benchmarks/first-sample.py), for a one-song queue, for the whole
#    library as the queue, and for `mpg123 -o alsa` on the same file the same way (the null device itself
#    shows nothing to time);
#  - peak RSS (/usr/bin/time) of a one-song play, and of the whole library queued and shuffled, playing
#    in real time for 2 s.
# Usage: Benchmarks/player-start.sh [N] ; RUNS=11 BUILD=release|debug
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
RUNS=${RUNS:-11}
BUILD=${BUILD:-release}
source Benchmarks/lib.sh
TUNES=$(tunes_built "$BUILD") || exit 1
FIRST="$PWD/Benchmarks/first-sample.py"
WORK=$(mktemp -d /tmp/tunes-player-start.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

DB="$WORK/library.db"
TUNES_DB="$DB" needle_library "$WORK/music" "$N" 0.05 500 1500 50
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { echo "scale=2; $1 / $2" | bc -l; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, RUNS=$RUNS, BUILD=$BUILD"
mpg=$(python3 "$FIRST" "$WORK" "$RUNS" -- mpg123 -q -o alsa -a "file:'{out}',raw" "$WORK/music/needle.mp3" | cut -d' ' -f1)
one=$(python3 "$FIRST" "$WORK" "$RUNS" -- "$TUNES" play --db "$DB" needle --device "file:'{out}',raw" --pace max | cut -d' ' -f1)
all=$(python3 "$FIRST" "$WORK" "$RUNS" -- "$TUNES" play --db "$DB" --device "file:'{out}',raw" --pace max | cut -d' ' -f1)
printf 'start → first sample, mpg123 -o alsa (ms, median of %d): %s\n' "$RUNS" "$mpg"
printf 'start → first sample, one-song queue, library of %d (ms): %s  (aim 50: ×%s; mpg123: ×%s)\n' \
  "$N" "$one" "$(ratio "$one" 50)" "$(ratio "$one" "$mpg")"
printf 'start → first sample, all %d songs queued (ms): %s  (aim 50: ×%s; mpg123: ×%s)\n' \
  "$N" "$all" "$(ratio "$all" 50)" "$(ratio "$all" "$mpg")"

rss_one=$(for _ in $(seq "$RUNS"); do
  /usr/bin/time -f '%M' -o "$WORK/rss" "$TUNES" play --db "$DB" needle --device "file:'$WORK/out.raw',raw" --pace max >/dev/null
  tail -1 "$WORK/rss"; done | median)
rss_all=$(for _ in $(seq 3); do
  /usr/bin/time -f '%M' -o "$WORK/rss" timeout -s INT 2 "$TUNES" play --db "$DB" --device null --shuffle >/dev/null 2>&1 || true
  tail -1 "$WORK/rss"; done | median)
printf 'peak RSS, one-song play (MB, median of %d): %.1f  (aim 30: ×%s)\n' "$RUNS" "$(echo "$rss_one / 1024" | bc -l)" "$(ratio "$rss_one" 30720)"
printf 'peak RSS, all %d songs queued, playing 2 s (MB, median of 3): %.1f  (aim 30: ×%s; MPD idle ~50)\n' \
  "$N" "$(echo "$rss_all / 1024" | bc -l)" "$(ratio "$rss_all" 30720)"
