#!/usr/bin/env bash
# Indexing 10k files of each format, tunes beside MPD, with the aims in one table: the first index
# (`tunes index` into an empty database against MPD's database creation, `mpc update --wait` from an
# empty database) in CPU time, user + system of the whole process (/usr/bin/time for tunes, /proc/PID/stat
# before and after for mpd), and the no-change rescan (the same command again) in wall time. Runs are
# alternated tunes, MPD, tunes, MPD...; ratios are taken pair by pair and their median printed. CPU time
# is the steady measure on a shared machine; MPD's update thread, which MPD runs at SCHED_IDLE, is moved to
# the normal policy (mpd_update_wait in lib.sh) so that a busy machine does not starve it.
# Aims: first index at most MPD's CPU (tunes/MPD <= 1.0) for FLAC, Ogg Vorbis, Opus and M4A, at most a
# tenth (<= 0.1) for MP3; a no-change rescan at most half MPD's wall time (<= 0.5).
# Usage: Benchmarks/index-formats.sh [RUNS]   (env: FORMATS="flac ogg opus m4a mp3" (the default),
#        LIBRARY=FOLDER to time one other library instead, TUNES_BIN, BENCH_SKIP_BUILD=1)
# Libraries: out/lib-10000-FORMAT from `make-library.py --format FORMAT` (MP3: out/lib-10000, with its
# catalogue, as index.sh makes it), made once when missing. Writes Benchmarks/out/.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
runs="${1:-5}"
bench_output index-formats
ensure_tools mpd mpc sqlite3 /usr/bin/time
TUNES=$(tunes_binary)
work="$(mktemp -d "$OUT_DIR/index-formats.XXXXXX")"
trap 'mpd_stop; rm -rf "$work"' EXIT
db="$work/tunes.db"
ticks=$(getconf CLK_TCK)
cpu_of() { awk -v t="$ticks" '{ printf "%.3f\n", ($14 + $15) / t }' "/proc/$1/stat"; }
seconds_since() { awk -v d=$(( $(now_us) - $1 )) 'BEGIN { printf "%.3f", d / 1e6 }'; }

library_of() {  # format: prints the folder, made once
  local format="$1" lib
  if [ "$format" = mp3 ]; then make_library 10000; return; fi
  lib="$OUT_DIR/lib-10000-$format"
  if [ ! -f "$lib/.complete" ]; then
    rm -rf "$lib"
    bench_log "bench: making a 10000-file $format library in $lib (once)"
    /usr/bin/python3 "$BENCH_DIR/make-library.py" --count 10000 --out "$lib" --seed 1 --format "$format" >/dev/null ||
      bench_die "make-library.py --format $format failed"
    touch "$lib/.complete"
  fi
  printf '%s\n' "$lib"
}

echo "10k-file index and rescan, tunes vs MPD, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(load)"
echo "tunes: $TUNES; $(mpd --version | head -1)"
summary=""
if [ -n "${LIBRARY:-}" ]; then formats="$(basename "$LIBRARY")"; else formats="${FORMATS:-flac ogg opus m4a mp3}"; fi
for format in $formats; do
  if [ -n "${LIBRARY:-}" ]; then lib="$LIBRARY"; else lib="$(library_of "$format")"; fi
  aim="1.0"; case "$format" in mp3|lib-10000) aim="0.1" ;; esac
  echo "$format: $lib ($(find "$lib" -type f | wc -l) files, $(du -sh "$lib" | cut -f1)); page cache warmed before each run"
  tc="" mc="" tw="" mw="" rc="" rw="" rt="" rm_="" rr=""
  for ((i = 0; i < runs; i++)); do
    rm -f "$db" "$db-wal" "$db-shm"; warm_cache "$lib"
    start=$(now_us)
    t_cpu=$(/usr/bin/time -f '%U %S' "$TUNES" index "$lib" --db "$db" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.3f", $1 + $2 }')
    t_wall=$(seconds_since "$start")
    start=$(now_us); "$TUNES" index "$lib" --db "$db" >/dev/null 2>&1; t_re=$(seconds_since "$start")
    mpd_stop; rm -f "$work/mpd/mpd.db"; mpd_start "$work/mpd" "$lib"; warm_cache "$lib"
    before=$(cpu_of "$MPD_PID"); start=$(now_us)
    mpd_update_wait
    m_wall=$(seconds_since "$start")
    m_cpu=$(awk -v a="$before" -v b="$(cpu_of "$MPD_PID")" 'BEGIN { printf "%.3f", b - a }')
    start=$(now_us); mpd_update_wait; m_re=$(seconds_since "$start")
    songs=$(mpc stats | awk '/Songs/ { print $2 }')
    mpd_stop
    echo "  run $((i + 1)): first index tunes $t_cpu s CPU ($t_wall s wall), mpd $m_cpu s CPU ($m_wall s wall, $songs songs); rescan tunes $t_re s, mpd $m_re s; load $(load)"
    tc+="$t_cpu"$'\n'; mc+="$m_cpu"$'\n'; tw+="$t_wall"$'\n'; mw+="$m_wall"$'\n'; rc+="$(ratio "$t_cpu" "$m_cpu")"$'\n'
    rw+="$(ratio "$t_wall" "$m_wall")"$'\n'; rt+="$t_re"$'\n'; rm_+="$m_re"$'\n'; rr+="$(ratio "$t_re" "$m_re")"$'\n'
  done
  record "$format first index: tunes CPU (user+sys)" "$(printf '%s' "$tc" | median)" s "$(sqlite3 "$db" 'SELECT count(*) FROM song') songs"
  record "$format first index: mpd CPU (user+sys)" "$(printf '%s' "$mc" | median)" s
  record "$format first index: tunes / mpd wall" "$(printf '%s' "$tw" | median) / $(printf '%s' "$mw" | median)" s
  record "$format first index: tunes/mpd CPU per pair (median)" "$(printf '%s' "$rc" | median)" x "aim <= $aim"
  record "$format no-change rescan: tunes / mpd wall" "$(printf '%s' "$rt" | median) / $(printf '%s' "$rm_" | median)" s
  record "$format no-change rescan: tunes/mpd wall per pair (median)" "$(printf '%s' "$rr" | median)" x "aim <= 0.5"
  summary+="$(printf '| %-9s | %7s s | %7s s | %6s (aim <= %s) | %7s s | %7s s | %6s (aim <= 0.5) |' "$format" \
    "$(printf '%s' "$tc" | median)" "$(printf '%s' "$mc" | median)" "$(printf '%s' "$rc" | median)" "$aim" \
    "$(printf '%s' "$rt" | median)" "$(printf '%s' "$rm_" | median)" "$(printf '%s' "$rr" | median)")"$'\n'
done
echo
echo "medians of $runs alternated runs (ratios per pair), load now $(load):"
echo "| format    | tunes CPU | mpd CPU   | first index tunes/mpd CPU | tunes rescan | mpd rescan | rescan tunes/mpd wall |"
printf '%s' "$summary"
echo "results: $RESULTS"
