#!/usr/bin/env bash
# Start-up of a one-shot command as people run it from a shell, key binding or status bar: `tunes status`
# end to end (process start, socket round trip, printing) against a playing `tunes play --daemon`,
# side by side with `mpc status` against Debian's mpd playing the same song to its null output.
# Also `tunes --version` (no socket, no database: the process start alone) and `/bin/true` (the floor
# of starting any process here), so the ratio can be split into start-up and work.
# `tunes` is the small front, which answers `tunes status` itself and execs the full program
# (`tunes-core`) for everything else: `tunes-core status` (the full program's own way to the same line)
# and `tunes-core --version` beside `tunes --version` show what the front saves and what its one extra
# exec costs the other commands.
# The tunes measured is the one users run: installed by Scripts/install (release build, stripped) into a
# staging folder, unless TUNES_BIN names another (its tunes-core is looked for beside it or in
# ../libexec/tunes; without one those rows are left out). CPU times (`perf stat`, when perf is there) are
# printed beside the wall-clock medians: on a shared machine they move far less with the load.
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
CORE=""
for candidate in "$(dirname "$TUNES")/tunes-core" "$(dirname "$TUNES")/../libexec/tunes/tunes-core"; do
  if [ -x "$candidate" ]; then CORE="$candidate"; break; fi
done
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

export TUNES_DB="$WORK/library.db" TUNES_MPD_SOCKET="$WORK/run/tunes.sock" XDG_STATE_HOME="$WORK/state" TUNES_MPD_PORT=off
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
[ -z "$CORE" ] || for _ in 1 2 3; do "$CORE" status >/dev/null; done

# The commands measured, run in turn, one run of each per round, so that a change of the machine's load
# during the measurement touches them all alike.
tunes_status() { "$TUNES" status; }
core_status() { "$CORE" status; }
mpc_status() { mpc status; }
tunes_version() { "$TUNES" --version; }
core_version() { "$CORE" --version; }
mpc_version() { mpc version; }
true_floor() { /bin/true; }
measured=(tunes_status mpc_status tunes_version mpc_version true_floor)
[ -z "$CORE" ] || measured+=(core_status core_version)
times="$(mktemp -d "$WORK/times.XXXXXX")"
for ((round = 0; round < RUNS; round++)); do
  for name in "${measured[@]}"; do time_once "$name" >>"$times/$name"; done
done
wall() { median <"$times/$1"; }

echo "status end to end, median of $RUNS runs taken in turn (ms):"
record "tunes status" "$(ms "$(wall tunes_status)")" ms
record "mpc status (mpd)" "$(ms "$(wall mpc_status)")" ms "ratio tunes/mpc $(ratio "$(wall tunes_status)" "$(wall mpc_status)")"
if [ -n "$CORE" ]; then
  record "tunes-core status (the full program alone)" "$(ms "$(wall core_status)")" ms \
    "ratio tunes/tunes-core $(ratio "$(wall tunes_status)" "$(wall core_status)")"
fi
record "tunes --version (front, then the full program)" "$(ms "$(wall tunes_version)")" ms
if [ -n "$CORE" ]; then
  record "tunes-core --version (no front)" "$(ms "$(wall core_version)")" ms \
    "the front's exec: $(awk -v a="$(wall tunes_version)" -v b="$(wall core_version)" 'BEGIN { printf "%+.2f", (a - b) * 1000 }') ms"
fi
record "mpc version" "$(ms "$(wall mpc_version)")" ms
record "/bin/true (any process)" "$(ms "$(wall true_floor)")" ms
record "binary size: tunes" "$(( $(stat -c %s "$TUNES") / 1024 ))" KB
[ -z "$CORE" ] || record "binary size: tunes-core" "$(du -m "$CORE" | cut -f1)" MB

# CPU time of one run (task-clock, ms), which the load moves far less than the wall clock.
cpu_ms() { perf stat -x, -e task-clock -r "$RUNS" "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { printf "%.2f", $1 }'; }
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
  t_cpu="$(cpu_ms "$TUNES" status)"
  m_cpu="$(cpu_ms mpc status)"
  echo "status, CPU time of one run (perf stat -r $RUNS, task-clock, ms):"
  record "tunes status, CPU" "$t_cpu" ms
  record "mpc status, CPU" "$m_cpu" ms "ratio tunes/mpc $(ratio "$t_cpu" "$m_cpu")"
  [ -z "$CORE" ] || record "tunes-core status, CPU" "$(cpu_ms "$CORE" status)" ms
  t_version_cpu="$(cpu_ms "$TUNES" --version)"
  record "tunes --version, CPU" "$t_version_cpu" ms
  if [ -n "$CORE" ]; then
    c_version_cpu="$(cpu_ms "$CORE" --version)"
    record "tunes-core --version, CPU" "$c_version_cpu" ms \
      "the front's exec: $(awk -v a="$t_version_cpu" -v b="$c_version_cpu" 'BEGIN { printf "%+.2f", a - b }') ms"
  fi
  record "mpc version, CPU" "$(cpu_ms mpc version)" ms
  record "/bin/true, CPU" "$(cpu_ms /bin/true)" ms
fi
bench_log "bench: load at the end $(load)"
