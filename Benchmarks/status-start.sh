#!/usr/bin/env bash
# Start-up of a one-shot command as people run it from a shell, key binding or status bar: `tunes status`
# end to end (process start, socket round trip, printing) against a playing `tunes play --daemon`,
# side by side with `mpc status` against Debian's mpd playing the same song to its null output.
# Also `tunes --version` (no socket, no database: the process start alone) and `/bin/true` (the floor
# of starting any process here), so the ratio can be split into start-up and work.
# The tunes measured is the one users run: installed by Scripts/install (release build, stripped) into a
# staging folder, unless TUNES_BIN names another. CPU times (`perf stat`, when perf is there) are printed
# beside the wall-clock medians: on a shared machine they move far less with the load.
# Usage: Benchmarks/status-start.sh [RUNS]  (default 200; medians and ratios are printed)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-200}"
ensure_tools mpd mpc sox lame

WORK="$(mktemp -d /tmp/tunes-start.XXXXXX)"
if [ -n "${TUNES_BIN:-}" ]; then
  TUNES="$TUNES_BIN"
else
  (cd "$REPO_DIR" && Scripts/install --destdir "$WORK/stage" --prefix /usr >&2) || bench_die "Scripts/install failed"
  TUNES="$WORK/stage/usr/bin/tunes"
fi
bench_output status-start
TUNES_PID=""
cleanup() {
  [ -n "$TUNES_PID" ] && kill "$TUNES_PID" 2>/dev/null || true
  mpd_stop
  rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/music" "$WORK/run" "$WORK/mpd"
sox -n -r 44100 -c 2 "$WORK/s.wav" synth 600 sine 440 2>/dev/null
lame --quiet --add-id3v2 --tt "Start" --ta "Bench" --tl "Bench" "$WORK/s.wav" "$WORK/music/start.mp3"
rm "$WORK/s.wav"

export TUNES_DB="$WORK/library.db" TUNES_MPD_SOCKET="$WORK/run/tunes.sock" XDG_STATE_HOME="$WORK/state"
export XDG_RUNTIME_DIR="$WORK/run" XDG_CONFIG_HOME="$WORK/config"
"$TUNES" index "$WORK/music" >/dev/null
# The daemon's pid from its own answer ("… (pid N, socket …)"): a pattern could match another player.
started="$("$TUNES" play --daemon --device null)"
TUNES_PID="$(printf '%s\n' "$started" | sed -n 's/.*(pid \([0-9]*\).*/\1/p')"

mpd_start "$WORK/mpd" "$WORK/music"
mpc -q update --wait
mpc -q add / && mpc -q play

bench_log "bench: $RUNS runs each, load $(load)"
for _ in 1 2 3 4 5; do "$TUNES" status >/dev/null; mpc status >/dev/null; done  # page cache warm
t_status="$(median_time "$RUNS" "$TUNES" status)"
m_status="$(median_time "$RUNS" mpc status)"
t_version="$(median_time "$RUNS" "$TUNES" --version)"
m_version="$(median_time "$RUNS" mpc version)"
floor="$(median_time "$RUNS" /bin/true)"

echo "status end to end, median of $RUNS (ms):"
record "tunes status" "$(ms "$t_status")" ms
record "mpc status (mpd)" "$(ms "$m_status")" ms "ratio tunes/mpc $(ratio "$t_status" "$m_status")"
record "tunes --version (process start alone)" "$(ms "$t_version")" ms
record "mpc version" "$(ms "$m_version")" ms
record "/bin/true (any process)" "$(ms "$floor")" ms
record "binary size" "$(du -m "$TUNES" | cut -f1)" MB

# CPU time of one run (task-clock, ms), which the load moves far less than the wall clock.
cpu_ms() { perf stat -x, -e task-clock -r "$RUNS" "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { printf "%.2f", $1 }'; }
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
  t_cpu="$(cpu_ms "$TUNES" status)"
  m_cpu="$(cpu_ms mpc status)"
  echo "status, CPU time of one run (perf stat -r $RUNS, task-clock, ms):"
  record "tunes status, CPU" "$t_cpu" ms
  record "mpc status, CPU" "$m_cpu" ms "ratio tunes/mpc $(ratio "$t_cpu" "$m_cpu")"
  record "tunes --version, CPU" "$(cpu_ms "$TUNES" --version)" ms
  record "/bin/true, CPU" "$(cpu_ms /bin/true)" ms
fi
