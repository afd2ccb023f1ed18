#!/usr/bin/env bash
# MPD clients' library queries (search, find, list, ls, listall), side by side in one run: the same `mpc`
# commands against a `tunes play --daemon` and against Debian's mpd (null output, its own database) over the same 10k
# files. Alternates the two servers command by command and prints each one's median and mpd/tunes.
# Line counts may differ: tunes merges the names of the library's catalogue over the tags, and MPD
# reads the tags alone (some synthetic files carry only ID3v1 tags, 30 Latin-1 characters).
# Usage: Benchmarks/mpd-search.sh   (env: RUNS, TUNES_BIN, BENCH_SKIP_BUILD=1, SIZE=100000 for the
#        100k library: ten copies, about 2 minutes more for MPD's database)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

RUNS="${RUNS:-15}"
SIZE="${SIZE:-10000}"

bench_output mpd-search

ensure_tools mpd mpc
lib10=$(make_library 10000)
music="$lib10"
[ "$SIZE" = 100000 ] && music=$(make_copies "$lib10" 10)
TUNES=$(tunes_binary)
work="$(mktemp -d /tmp/tunes-mpd-search.XXXXXX)"  # short: socket paths must stay under 108 bytes
cleanup() {
  mpd_stop
  # This run's daemon only, never a player of the user's own.
  [ "${XDG_RUNTIME_DIR:-}" = "$work/run" ] && { "$TUNES" quit >/dev/null 2>&1 || true; }
  rm -rf "$work"
}
trap cleanup EXIT

echo "MPD client queries, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "library: $music ($SIZE songs); runs: $RUNS per command and server, alternated; medians of wall time"
echo

# tunes: index, then a daemon playing the library to ALSA's null device, serving MPD on its socket.
export TUNES_DB="$work/library.db" XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_RUNTIME_DIR"
"$TUNES" index "$music" >/dev/null || bench_die "tunes index failed"
tunes_daemon "path:$music"
tunes_socket="$TUNES_SOCKET"

# mpd: its own database of the same files.
mpd_serving "$work/mpd" "$music"
mpd_socket="$MPD_HOST"
echo "songs: tunes $(MPD_HOST=$tunes_socket mpc stats | awk '/Songs/ { print $2 }'), mpd $(mpc stats | awk '/Songs/ { print $2 }')"
echo

# One query: alternates the servers, records both medians and their ratio.
query() {
  local name="$1" i t_list="" m_list=""; shift
  for ((i = 0; i < RUNS; i++)); do
    t_list+="$(MPD_HOST=$tunes_socket time_once mpc "$@")"$'\n'
    m_list+="$(MPD_HOST=$mpd_socket time_once mpc "$@")"$'\n'
  done
  local t m lines
  t=$(printf '%s' "$t_list" | median)
  m=$(printf '%s' "$m_list" | median)
  lines="tunes $(MPD_HOST=$tunes_socket mpc "$@" | wc -l) lines, mpd $(MPD_HOST=$mpd_socket mpc "$@" | wc -l)"
  record "$name: tunes" "$(ms "$t")" ms "$lines"
  record "$name: mpd" "$(ms "$m")" ms "mpd/tunes $(ratio "$m" "$t")×"
}

# An artist both servers list (tunes shows the catalogue's names, mpd the tags'), so that find and list
# with it select the same songs on both.
artist=$(comm -12 <(MPD_HOST=$tunes_socket mpc list artist | LC_ALL=C sort) <(MPD_HOST=$mpd_socket mpc list artist | LC_ALL=C sort) |
  sed -n 2p)

query "mpc search any river" search any river
query "mpc search title river" search title river
query "mpc find artist (one artist)" find artist "$artist"
query "mpc search any zzzz (nothing)" search any zzzz
query "mpc search genre jazz" search genre jazz
query "mpc list artist" list artist
query "mpc list album artist (one artist)" list album artist "$artist"
query "mpc search artist (part of a name)" search artist "${artist:0:4}"
query "mpc ls (the music folder)" ls
query "mpc listall" listall
echo
echo "results: $RESULTS"
