#!/usr/bin/env bash
# `mpc shuffle` and `mpc random on` on a long queue (default 65536 songs), side by side: a `tunes play
# --daemon` and Debian's mpd, both playing to a null output, the commands alternated server by server.
# Each is a whole round trip (mpc's start included), so `mpc status` on the same queue is timed too: what a
# command costs beyond it is the command's own work, during which the server answers no other client.
# The songs are symlinks to one 0.05 s MP3. mpd reads each link's tags; tunes' rows are written straight
# into its database with 2000 artists and 6000 albums (the shuffle spreads them apart; mpd's shuffle
# does not look at names), so indexing is not part of the run. Last, `mpc status` is timed while another
# client's shuffle or `random on` runs: what the command's work keeps other clients waiting; and
# status-during.py, two open connections (no client start-up), polls `status` every 2 ms while the other
# sends the command, and gives the longest wait of each run.
# Usage: Benchmarks/mpd-shuffle.sh [N]   (env: RUNS=11, TUNES_BIN, BENCH_SKIP_BUILD=1)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

N="${1:-65536}"
RUNS="${RUNS:-11}"

bench_output mpd-shuffle
ensure_tools mpd mpc sox lame python3
TUNES=$(tunes_binary)
work="$(mktemp -d /tmp/tunes-shuffle.XXXXXX)"  # short: socket paths must stay under 108 bytes
cleanup() {
  mpd_stop
  # This run's daemon only, never a player of the user's own.
  [ "${XDG_RUNTIME_DIR:-}" = "$work/run" ] && { "$TUNES" quit >/dev/null 2>&1 || true; }
  rm -rf "$work"
}
trap cleanup EXIT

echo "mpc shuffle / random on, $N-song queue, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tunes: $TUNES; runs: $RUNS per command and server, alternated; medians of wall time"
echo

music="$work/music"
export TUNES_DB="$work/library.db" XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/config"
mkdir -p "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME/tunes"
printf '[player]\nmax_playlist_length = %d\n' "$((N + 1))" >"$XDG_CONFIG_HOME/tunes/config.toml"
needle_library "$music" "$N" 0.05 2000 6000 50
tunes_daemon
tunes_socket="$TUNES_SOCKET"

MPD_EXTRA_CONF="max_playlist_length \"$((N + 1))\"" mpd_serving "$work/mpd" "$music"
mpd_socket="$MPD_HOST"
mpc add / >/dev/null
mpc play >/dev/null
# The queue's length from `mpc status` ("#1/65536"): `mpc playlist` of 64k songs passes the servers'
# output limit (mpd's max_output_buffer_size), and they close the connection.
queue_length() { MPD_HOST=$1 mpc status | sed -n 's|.*#[0-9]*/\([0-9]*\).*|\1|p'; }
echo "queue: tunes $(queue_length "$tunes_socket") songs, mpd $(queue_length "$mpd_socket")"
echo

# One command, alternated between the servers ($2, when given, runs untimed before each), both medians.
timed() {
  local name="$1" before="$2" i t_list="" m_list=""
  shift 2
  for ((i = 0; i < RUNS; i++)); do
    if [ -n "$before" ]; then MPD_HOST=$tunes_socket mpc $before >/dev/null; fi
    t_list+="$(MPD_HOST=$tunes_socket time_once mpc "$@")"$'\n'
    if [ -n "$before" ]; then MPD_HOST=$mpd_socket mpc $before >/dev/null; fi
    m_list+="$(MPD_HOST=$mpd_socket time_once mpc "$@")"$'\n'
  done
  local t m
  t=$(printf '%s' "$t_list" | median)
  m=$(printf '%s' "$m_list" | median)
  record "$name: tunes" "$(ms "$t")" ms
  record "$name: mpd" "$(ms "$m")" ms "tunes/mpd $(ratio "$t" "$m")×"
}

# `mpc status` from a second client 10 ms after the command "$@" was sent by a first: a server that does
# the command's work where it answers clients makes status wait for it. Only the runs where the command
# was still running when status had its answer count (the others measure the round trip alone).
during() {
  local name="$1" socket server i t_list="" m_list="" t_n=0 m_n=0 bg took
  shift
  for ((i = 0; i < RUNS; i++)); do
    for server in tunes mpd; do
      if [ "$server" = tunes ]; then socket=$tunes_socket; else socket=$mpd_socket; fi
      if [ -n "$before" ]; then MPD_HOST=$socket mpc $before >/dev/null; fi
      MPD_HOST=$socket mpc "$@" >/dev/null &
      bg=$!
      sleep 0.01
      took=$(MPD_HOST=$socket time_once mpc status)
      if kill -0 "$bg" 2>/dev/null; then
        if [ "$server" = tunes ]; then t_list+="$took"$'\n'; t_n=$((t_n + 1)); else m_list+="$took"$'\n'; m_n=$((m_n + 1)); fi
      fi
      wait "$bg"
    done
  done
  record "$name: tunes" "$(ms "$(printf '%s' "$t_list" | median)")" ms "$t_n of $RUNS runs overlapped"
  record "$name: mpd" "$(ms "$(printf '%s' "$m_list" | median)")" ms "$m_n of $RUNS runs overlapped"
}

timed "mpc status (the round trip alone)" "" status
timed "mpc shuffle" "" shuffle
timed "mpc random on (from off)" "random off" random on
MPD_HOST=$tunes_socket mpc random off >/dev/null
MPD_HOST=$mpd_socket mpc random off >/dev/null
before="" during "mpc status during another client's mpc shuffle" shuffle
before="random off" during "mpc status during another client's random on" random on
MPD_HOST=$tunes_socket mpc random off >/dev/null
MPD_HOST=$mpd_socket mpc random off >/dev/null

# The longest `status` polled during each command, run by run, alternated between the servers; medians.
polled() {
  local name="$1" command="$2" before="$3" i server socket line t_cmd="" t_wait="" m_cmd="" m_wait=""
  for ((i = 0; i < RUNS; i++)); do
    for server in tunes mpd; do
      if [ "$server" = tunes ]; then socket=$tunes_socket; else socket=$mpd_socket; fi
      line=$(/usr/bin/python3 "$BENCH_DIR/status-during.py" "$socket" 1 "$command" "$before" | tail -1)
      read -r _ cmd wait <<<"$line"
      if [ "$server" = tunes ]; then t_cmd+="$cmd"$'\n'; t_wait+="$wait"$'\n'; else m_cmd+="$cmd"$'\n'; m_wait+="$wait"$'\n'; fi
    done
  done
  local tc tw mc mw
  tc=$(printf '%s' "$t_cmd" | median); tw=$(printf '%s' "$t_wait" | median)
  mc=$(printf '%s' "$m_cmd" | median); mw=$(printf '%s' "$m_wait" | median)
  record "$name, the command alone (open connection): tunes" "$tc" ms
  record "$name, the command alone (open connection): mpd" "$mc" ms "tunes/mpd $(ratio "$tc" "$mc")×"
  record "$name, longest status polled during it: tunes" "$tw" ms
  record "$name, longest status polled during it: mpd" "$mw" ms
}
polled "shuffle" "shuffle" ""
polled "random 1 (from 0)" "random 1" "random 0"
MPD_HOST=$tunes_socket mpc random off >/dev/null
MPD_HOST=$mpd_socket mpc random off >/dev/null
echo
echo "results: $RESULTS"
