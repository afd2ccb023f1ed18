#!/usr/bin/env bash
# The floor of indexing a library: what any indexer must pay on the same files, measured by a small C
# program (index-floor.c) with no tag parsing at all. Reading: walk the folders (readdir + one fstatat a
# file), open each audio file, read its first 4 KiB (or 48 KiB, what tunes reads of a FLAC file) and close
# it. Writing: insert the rows `tunes index` wrote for those files (song, full-text, songTag, artist and
# album rows, with tunes' schema, its indexes and triggers) into an empty database in one transaction with
# prepared statements; and the song rows alone into a table of the same columns without indexes. Prints the
# median CPU (user + system) and wall seconds of each; compare them with `tunes index` and MPD in
# flac-index-cpu.sh and index.sh. Writes Benchmarks/out/.
# Usage: Benchmarks/index-floor.sh [LIBRARY] [RUNS]   (LIBRARY: default the 10k FLAC library of
#        flac-index-cpu.sh; env: TUNES_BIN, BENCH_SKIP_BUILD=1)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
lib="${1:-$OUT_DIR/lib-10000-flac}"
runs="${2:-5}"
[ -d "$lib" ] || bench_die "no library at $lib (flac-index-cpu.sh or make-library.py makes one)"
bench_output index-floor
ensure_tools sqlite3 cc
TUNES=$(tunes_binary)
work="$(mktemp -d "$OUT_DIR/floor.XXXXXX")"
trap 'rm -rf "$work"' EXIT
floor="$work/index-floor"
cc -O2 -o "$floor" "$BENCH_DIR/index-floor.c" -lsqlite3 || bench_die "could not build index-floor.c (libsqlite3-dev)"

echo "indexing floor, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(load)"
echo "library: $lib ($(find "$lib" -type f | wc -l) files, $(du -sh "$lib" | cut -f1)); page cache warm"
warm_cache "$lib"
# A source database: what `tunes index` writes for these files.
"$TUNES" index "$lib" --db "$work/source.db" >/dev/null 2>&1 || true
songs=$(sqlite3 "$work/source.db" 'SELECT count(*) FROM song')
tags=$(sqlite3 "$work/source.db" 'SELECT count(*) FROM songTag')
schema=$(sqlite3 "$work/source.db" .schema | grep -v "^CREATE TABLE sqlite_sequence")  # SQLite makes that one itself

# Median of column $1 (1: CPU, 2: wall) over the lines on stdin.
column_median() { cut -f"$1" | median; }

measure() {  # name command...
  local name="$1" out="" i; shift
  for ((i = 0; i < runs; i++)); do out+="$("$@")"$'\n'; done
  record "$name, CPU (user+sys)" "$(printf '%s' "$out" | column_median 1)" s
  record "$name, wall" "$(printf '%s' "$out" | column_median 2)" s
}
fresh_write() {  # bare?
  rm -f "$work/dest.db" "$work/dest.db-wal" "$work/dest.db-shm"
  if [ -z "${1:-}" ]; then printf '%s\n' "$schema" | sqlite3 "$work/dest.db"; fi
  "$floor" write "$work/source.db" "$work/dest.db" ${1:-}
}
measure "walk + open, read 4 KiB, close each file" "$floor" read "$lib" 4096
measure "walk + open, read 48 KiB, close each file" "$floor" read "$lib" 49152
measure "insert $songs songs + $tags songTag rows, tunes' schema, one transaction" fresh_write
# The same rows with the secondary indexes dropped before them and created again after them, the whole
# run in one transaction: what building the indexes after a first index's rows would save.
deferred_write() { FLOOR_DEFER=run fresh_write; }
measure "insert $songs songs + $tags songTag rows, indexes created after the rows" deferred_write
measure "insert $songs song rows, same columns, no index" fresh_write bare
echo "results: $RESULTS"
