#!/usr/bin/env bash
# Indexing 10k FLAC files: `tunes index` into an empty database vs MPD's database creation (`mpc update
# --wait` from an empty database), alternated run by run, in wall time and in CPU time (user + system of
# the whole process: /usr/bin/time for tunes, /proc/PID/stat before and after for mpd). CPU time is the
# steady measure on a shared machine: MPD's update thread runs at SCHED_IDLE, so its wall time
# there says more about the load than about MPD. Prints medians and ratios; writes Benchmarks/out/.
# Usage: Benchmarks/flac-index-cpu.sh [RUNS]   (env: TUNES_BIN, BENCH_SKIP_BUILD=1, LIBRARY=FOLDER to time
#        another library the same way, e.g. Benchmarks/out/lib-10000, the MP3 library of index.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
runs="${1:-5}"
bench_output flac-index-cpu
ensure_tools mpd mpc sqlite3 /usr/bin/time
TUNES=$(tunes_binary)
lib="${LIBRARY:-$OUT_DIR/lib-10000-flac}"
if [ -z "${LIBRARY:-}" ] && [ ! -f "$lib/.complete" ]; then
  rm -rf "$lib"
  bench_log "bench: making a 10000-file FLAC library in $lib (once; about 200 KB a file)"
  /usr/bin/python3 "$BENCH_DIR/make-library.py" --count 10000 --out "$lib" --seed 1 --format flac >/dev/null ||
    bench_die "make-library.py --format flac failed"
  touch "$lib/.complete"
fi
work="$(mktemp -d "$OUT_DIR/flac-cpu.XXXXXX")"
trap 'mpd_stop; rm -rf "$work"' EXIT
db="$work/tunes.db"
ticks=$(getconf CLK_TCK)
cpu_of() { awk -v t="$ticks" '{ printf "%.3f\n", ($14 + $15) / t }' "/proc/$1/stat"; }

echo "10k-file index, tunes vs MPD, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(load)"
echo "library: $lib ($(find "$lib" -type f | wc -l) files, $(du -sh "$lib" | cut -f1)); page cache warmed before each run"
tw="" tc="" mw="" mc="" rw="" rc=""
for ((i = 0; i < runs; i++)); do
  rm -f "$db" "$db-wal" "$db-shm"; warm_cache "$lib"
  start=$(now_us)
  t_cpu=$(/usr/bin/time -f '%U %S' "$TUNES" index "$lib" --db "$db" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.3f", $1 + $2 }')
  t_wall=$(awk -v d=$(( $(now_us) - start )) 'BEGIN { printf "%.3f", d / 1e6 }')
  mpd_stop; rm -f "$work/mpd/mpd.db"; mpd_start "$work/mpd" "$lib"; warm_cache "$lib"
  before=$(cpu_of "$MPD_PID"); start=$(now_us)
  mpc update --wait >/dev/null
  m_wall=$(awk -v d=$(( $(now_us) - start )) 'BEGIN { printf "%.3f", d / 1e6 }')
  m_cpu=$(awk -v a="$before" -v b="$(cpu_of "$MPD_PID")" 'BEGIN { printf "%.3f", b - a }')
  songs=$(mpc stats | awk '/Songs/ { print $2 }')
  mpd_stop
  echo "  run $((i + 1)): tunes $t_wall s wall, $t_cpu s CPU; mpd $m_wall s wall, $m_cpu s CPU ($songs songs); load $(load)"
  tw+="$t_wall"$'\n'; tc+="$t_cpu"$'\n'; mw+="$m_wall"$'\n'; mc+="$m_cpu"$'\n'
  rw+="$(ratio "$m_wall" "$t_wall")"$'\n'; rc+="$(ratio "$m_cpu" "$t_cpu")"$'\n'
done
record "index $(basename "$lib"): tunes wall" "$(printf '%s' "$tw" | median)" s "$(sqlite3 "$db" 'SELECT count(*) FROM song') songs"
record "index $(basename "$lib"): tunes CPU (user+sys)" "$(printf '%s' "$tc" | median)" s
record "index $(basename "$lib"): mpd wall (mpc update --wait)" "$(printf '%s' "$mw" | median)" s
record "index $(basename "$lib"): mpd CPU (user+sys)" "$(printf '%s' "$mc" | median)" s
record "index $(basename "$lib"), MPD/tunes wall per pair (median)" "$(printf '%s' "$rw" | median)" x
record "index $(basename "$lib"), MPD/tunes CPU per pair (median)" "$(printf '%s' "$rc" | median)" x
echo "results: $RESULTS"
