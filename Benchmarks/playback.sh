#!/usr/bin/env bash
# Playback benchmarks on an indexed 10k library: time from starting `tunes play` to the first sample
# written (process start included), peak memory while playing, against MPD's memory idle and playing,
# and the mpg123 CLI's time to first sample. CPU per audio minute is Benchmarks/playback-cpu.sh.
# Usage: Benchmarks/playback.sh   (env: RUNS, PLAY_SECONDS, TUNES_BIN, BENCH_SKIP_BUILD=1, SKIP_MPD=1)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

RUNS="${RUNS:-7}"
PLAY_SECONDS="${PLAY_SECONDS:-20}"

bench_output playback

ensure_tools mpd mpc mpg123 /usr/bin/time
lib10=$(make_library 10000)
work="$(mktemp -d "$OUT_DIR/playback-work.XXXXXX")"
cleanup() { mpd_stop; rm -rf "$work"; }
trap cleanup EXIT

echo "tunes playback benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "library: $lib10 ($(find "$lib10" -name '*.mp3' | wc -l) files); medians of $RUNS runs"
echo

first=n/a; first_album=n/a; rss_play=n/a; m_idle=n/a; m_play=n/a; g_first=n/a
first_song="$(find "$lib10" -name '*.mp3' | sort | sed -n 1p)"

TUNES=$(tunes_binary)
if tunes_has "$TUNES" play && tunes_has "$TUNES" index; then
  echo "== tunes ($("$TUNES" --version))"
  db="$OUT_DIR/playback-10k.db"
  "$TUNES" index "$lib10" --db "$db" >/dev/null 2>&1 || true
  warm_cache "$lib10"
  first=$(/usr/bin/python3 "$BENCH_DIR/first-sample.py" "$OUT_DIR" "$RUNS" -- "$TUNES" play --device "file:'{out}',raw" --db "$db" | awk '{ print $1 / 1000 }')  # ms → s
  record "start to first sample: tunes play (10k queue)" "$(ms "$first")" ms "aim < 50 ms"
  # The same with a one-album queue, to tell the cost of a large queue from the cost of starting.
  album="path:$(dirname "$first_song")/"
  first_album=$(/usr/bin/python3 "$BENCH_DIR/first-sample.py" "$OUT_DIR" "$RUNS" -- "$TUNES" play "$album" --device "file:'{out}',raw" --db "$db" | awk '{ print $1 / 1000 }')  # ms → s
  record "start to first sample: tunes play $album" "$(ms "$first_album")" ms
  # Peak memory: play the whole library in real time to the null device, read VmHWM, stop.
  "$TUNES" play --device null --db "$db" </dev/null >/dev/null 2>&1 &
  pid=$!
  sleep "$PLAY_SECONDS"
  rss_play=$(awk '/^VmHWM:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$pid/status" 2>/dev/null || echo n/a)
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  record "peak RSS playing ${PLAY_SECONDS} s of a 10k queue: tunes play" "$rss_play" MB "aim < 30 MB"
  echo
else
  echo "== tunes: this build has no \`tunes play\` (or \`index\`) yet; its side is skipped"
  echo
fi

echo "== mpg123 CLI (reference: one file, no library)"
g_first=$(/usr/bin/python3 "$BENCH_DIR/first-sample.py" "$OUT_DIR" "$RUNS" -- mpg123 -q -o alsa -a "file:'{out}',raw" "$first_song" | awk '{ print $1 / 1000 }')  # ms → s
record "start to first sample: mpg123 -o alsa (one file)" "$(ms "$g_first")" ms
echo

if [ "${SKIP_MPD:-0}" != 1 ]; then
  echo "== MPD ($(mpd --version | sed -n 1p | sed 's/ (.*//'); load $(load))"
  mpd_start "$work/mpd" "$lib10"
  mpc -q update --wait
  sleep 1
  m_idle=$(rss_mb "$MPD_PID")
  record "RSS idle with the 10k database: mpd" "$m_idle" MB
  mpc -q add /
  mpc -q play
  sleep "$PLAY_SECONDS"
  m_play=$(awk '/^VmHWM:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$MPD_PID/status")
  record "peak RSS after playing ${PLAY_SECONDS} s of a 10k queue: mpd" "$m_play" MB
  mpd_stop
  echo
fi

echo "== summary"
printf '  %-40s %10s %10s %10s\n' "" tunes mpd mpg123
printf '  %-40s %10s %10s %10s   (aim < 50 ms)\n' "start to first sample (ms)" "$(ms "$first")" "" "$(ms "$g_first")"
printf '  %-40s %10s\n' "  the same, one-album queue (ms)" "$(ms "$first_album")"
printf '  %-40s %10s %10s %10s   (aim < 30 MB; mpd idle %s MB)\n' "peak RSS while playing (MB)" "$rss_play" "$m_play" "" "$m_idle"
printf '  %-40s %10s\n' "mpd idle RSS / tunes playing RSS" "$(ratio "$m_idle" "$rss_play")"
echo
echo "results: $RESULTS"
