#!/usr/bin/env bash
# What a media key or a status bar pays through MPRIS, side by side with the same thing through MPD:
# `playerctl -p tunes status` against `mpc status`, and `playerctl -p tunes play-pause` against
# `mpc toggle`, end to end (process start, bus or socket round trip, the Player's answer), on one
# `tunes play --daemon` playing to ALSA's null device on a private dbus-daemon. Also one property read
# with busctl: PlaybackStatus (answered from the last picture of the state) against Position (asked of
# the Player at each read), which is what the live read costs.
# Usage: Benchmarks/mpris-latency.sh [RUNS]  (default 100; medians in ms and ratios are printed).
# TUNES_BIN names the binary (default: the debug build's tunes-core, built if missing).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS="${1:-100}"
ensure_tools mpc dbus-daemon playerctl busctl
TUNES="${TUNES_BIN:-$(tunes_built debug tunes-core)}"

WORK="$(mktemp -d /tmp/tunes-mpris.XXXXXX)"
BUS_PID=""
cleanup() {
  "$TUNES" quit >/dev/null 2>&1 || true
  # A daemon that never served its socket is not reached by `quit`: its pid is in the library's lock file.
  local pid; pid="$(head -1 "$WORK/library.db-player.lock" 2>/dev/null || true)"
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  [ -n "$BUS_PID" ] && kill "$BUS_PID" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
bench_output mpris-latency

cat >"$WORK/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$WORK/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
EOF
dbus-daemon --config-file="$WORK/bus.conf" --nofork --print-address=3 3>"$WORK/bus.address" 2>/dev/null &
BUS_PID=$!
for _ in $(seq 100); do [ -s "$WORK/bus.address" ] && break; sleep 0.1; done
DBUS_SESSION_BUS_ADDRESS="$(head -1 "$WORK/bus.address")"
export DBUS_SESSION_BUS_ADDRESS

private_tunes_home "$WORK"
export TUNES_MPD_SOCKET="$WORK/run/mpd.sock" MPD_HOST="$WORK/run/mpd.sock"
"$TUNES" index "$REPO_DIR/SampleLibrary/The Paper Lanterns" >/dev/null
"$TUNES" play --daemon --device null --repeat all >/dev/null
for _ in $(seq 100); do playerctl -p tunes status >/dev/null 2>&1 && break; sleep 0.1; done

bench_log "bench: $RUNS runs each, load $(load)"
get() { busctl --user get-property org.mpris.MediaPlayer2.tunes /org/mpris/MediaPlayer2 org.mpris.MediaPlayer2.Player "$1"; }
status_mpris=$(median_time "$RUNS" playerctl -p tunes status)
status_mpd=$(median_time "$RUNS" mpc status)
toggle_mpris=$(median_time "$RUNS" playerctl -p tunes play-pause)
toggle_mpd=$(median_time "$RUNS" mpc toggle)
cached=$(median_time "$RUNS" get PlaybackStatus)
live=$(median_time "$RUNS" get Position)

record "playerctl -p tunes status" "$(ms "$status_mpris")" ms
record "mpc status (same player)" "$(ms "$status_mpd")" ms "ratio $(ratio "$status_mpris" "$status_mpd")"
record "playerctl -p tunes play-pause" "$(ms "$toggle_mpris")" ms
record "mpc toggle (same player)" "$(ms "$toggle_mpd")" ms "ratio $(ratio "$toggle_mpris" "$toggle_mpd")"
record "busctl get-property PlaybackStatus" "$(ms "$cached")" ms
record "busctl get-property Position (live)" "$(ms "$live")" ms "ratio $(ratio "$live" "$cached")"
