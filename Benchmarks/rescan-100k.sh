#!/usr/bin/env bash
# The no-change rescan of 100k files beside its floor: `tunes index` of the 100k library (ten hard-linked
# copies of the 10k one, each with its catalogue), already indexed, alternated run by run with
# `find LIB -type f -printf '%s %T@\n'`, which looks at each file's size and mtime (one fstatat a file)
# and does nothing else: no indexer that compares files by size and mtime can take less. Prints the
# median wall and CPU (user + system) time of each, the ratios to find, and the load average.
#
#   Benchmarks/rescan-100k.sh [PAIRS]          # default 7 pairs
#
# Env: TUNES_BIN (the tunes to time; default the release build), BEFORE_BIN (a second tunes, e.g. an
# older build kept aside, timed in the same rounds against the same database), BENCH_SKIP_BUILD=1.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PAIRS="${1:-7}"
ensure_tools /usr/bin/time
TUNES="$(tunes_binary)"
lib100=$(make_copies "$(make_library 10000)" 10)
work="$OUT_DIR/rescan-100k"
mkdir -p "$work"
private_tunes_home "$work"
db="$work/tunes.db"

files=$(find "$lib100" -type f \( -name '*.mp3' -o -name '*.flac' -o -name '*.ogg' -o -name '*.opus' -o -name '*.m4a' \) | wc -l)
if [ ! -f "$db" ] || [ "$(sqlite3 "$db" 'SELECT count(*) FROM song' 2>/dev/null || echo 0)" != "$files" ]; then
  echo "indexing the $files files once (load $(load))"
  rm -f "$db" "$db-wal" "$db-shm"
  /usr/bin/time -f '  first index: %e s wall, %U s user, %S s system, %M KB peak' "$TUNES" index --db "$db" "$lib100" >/dev/null
fi
"$TUNES" index --db "$db" "$lib100" >/dev/null  # settles the catalogues' notes and warms the caches
find "$lib100" -type f -printf '%s %T@\n' >/dev/null

# One run of "$@" under /usr/bin/time: "wall cpu" on a line of file $1. A run that fails is no sample:
# the script stops with its status and what it said.
timed() {
  local out="$1"; shift
  local status=0
  /usr/bin/time -f '%e %U %S' -o "$work/.time" "$@" >/dev/null 2>"$work/.err" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "failed (exit $status): $*" >&2
    cat "$work/.err" >&2
    exit "$status"
  fi
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/.time" >>"$out"
}

rm -f "$work"/find.t "$work"/tunes.t "$work"/before.t
echo "== $PAIRS alternated rounds over $files files (load $(load))"
for ((i = 0; i < PAIRS; i++)); do
  timed "$work/find.t" find "$lib100" -type f -printf '%s %T@\n'
  timed "$work/tunes.t" "$TUNES" index --db "$db" "$lib100"
  if [ -n "${BEFORE_BIN:-}" ]; then timed "$work/before.t" "$BEFORE_BIN" index --db "$db" "$lib100"; fi
done
echo "load at the end $(load)"

col() { awk -v c="$2" '{ print $c }' "$1" | median; }
runs() { awk -v c="$2" '{ printf "%s%s", sep, $c; sep = ", " } END { print "" }' "$1"; }
f_wall=$(col "$work/find.t" 1); f_cpu=$(col "$work/find.t" 2)
printf '%-22s %10s %10s %10s %10s   %s\n' "" "wall (s)" "CPU (s)" "/find wall" "/find CPU" "wall of each run"
show() {
  local name="$1" file="$2" wall cpu
  wall=$(col "$file" 1); cpu=$(col "$file" 2)
  printf '%-22s %10s %10s %10s %10s   %s\n' "$name" "$wall" "$cpu" "$(ratio "$wall" "$f_wall")" "$(ratio "$cpu" "$f_cpu")" "$(runs "$file" 1)"
}
show "find (the floor)" "$work/find.t"
show "tunes index" "$work/tunes.t"
if [ -n "${BEFORE_BIN:-}" ]; then show "tunes index (before)" "$work/before.t"; fi
echo "aim: tunes index under 1 s wall"
