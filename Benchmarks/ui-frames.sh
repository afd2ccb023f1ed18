#!/usr/bin/env bash
# Benchmark of the full-screen UI (`tunes ui`) on a library and queue of N songs (default 100000), beside
# ncmpcpp on the same player through the same socket, both in a tmux pane of 200×50:
#  - first frame, two ways: the UI's own clock (TUNES_UI_TIMING: wall-clock time of the first frame
#    written, minus the time the pane was asked for), and for both programs the time until
#    `capture-pane` shows their first screen of songs (polled every 10 ms, so ±10 ms);
#  - key to frame, by the UI's own clock (bytes read → frame written): motions in the song list of N
#    songs (j, ctrl-d, G, g), the queue (at most 16384 songs by default), the first `2` (which reads N
#    ids) and each key of search as you type (`path:s42`). ncmpcpp has no such clock and is not timed for keys.
# The aims: first frame < 100 ms, a key < 16 ms, a search key < 20 ms.
# Usage: Benchmarks/ui-frames.sh [N] ; RUNS=5 ; TUNES_BIN=… (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
RUNS=${RUNS:-5}
source Benchmarks/lib.sh
TUNES=$(tunes_binary)
WORK=$(mktemp -d /tmp/tunes-ui-frames.XXXXXX)
export HOME=$WORK XDG_RUNTIME_DIR=$WORK/run XDG_STATE_HOME=$WORK/state XDG_CONFIG_HOME=$WORK/config
export XDG_DATA_HOME=$WORK/data TUNES_DB=$WORK/library.db TUNES_MPD_SOCKET=$WORK/run/mpd.sock
mkdir -p "$WORK/run"
SOCK="$WORK/tmux.sock"
cleanup() {
  tmux -S "$SOCK" kill-server 2>/dev/null || true
  "$TUNES" quit >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

needle_library "$WORK/music" "$N" 600 500 5000 600000
tunes_daemon
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now_ns() { date +%s%N; }

# Starts `$@` in the pane and prints the ms until the screen shows $TEXT.
pane_until() {
  local text="$1"; shift
  local start; start=$(now_ns)
  tmux -S "$SOCK" -f /dev/null new-session -d -s ui -x 200 -y 50 "$*"
  for _ in $(seq 3000); do
    if tmux -S "$SOCK" capture-pane -p -t ui 2>/dev/null | grep -q -- "$text"; then
      echo $(( ($(now_ns) - start) / 1000000 )); return
    fi
    sleep 0.01
  done
  echo "timeout"
}
quit_pane() { tmux -S "$SOCK" send-keys -t ui q; sleep 0.5; tmux -S "$SOCK" kill-server 2>/dev/null || true; }

own=(); seen=(); theirs=()
for _ in $(seq "$RUNS"); do
  rm -f "$WORK/timing"
  start=$(now_ns)
  seen+=("$(pane_until "Album artists" "TUNES_UI_TIMING=$WORK/timing $TUNES ui")")
  first=$(awk '/first-frame-epoch-ns/ {print $2}' "$WORK/timing")
  own+=("$(( (first - start) / 1000000 ))")
  quit_pane
  theirs+=("$(pane_until "Song " "ncmpcpp -h $TUNES_MPD_SOCKET")")
  quit_pane
done
own_ms=$(printf '%s\n' "${own[@]}" | median)
seen_ms=$(printf '%s\n' "${seen[@]}" | median)
theirs_ms=$(printf '%s\n' "${theirs[@]}" | median)

# Keys, in one session: each phase's timings (µs) after the file is emptied.
phase() {
  local name="$1"; shift
  : >"$WORK/timing"
  for key in "$@"; do tmux -S "$SOCK" send-keys -t ui "$key"; sleep 0.05; done
  sleep 0.5
  local values; values=$(awk '/key-to-frame-us/ {print $2}' "$WORK/timing")
  printf '%-28s keys %3d  median %6s µs  max %6s µs\n' "$name" "$(echo "$values" | wc -l)" \
    "$(echo "$values" | median)" "$(echo "$values" | sort -n | tail -1)"
}
tmux -S "$SOCK" -f /dev/null new-session -d -s ui -x 200 -y 50 "TUNES_UI_TIMING=$WORK/timing $TUNES ui"
sleep 2
results=$(
  phase "first 2 (reads $N ids)" 2
  phase "song list j" $(printf 'j %.0s' $(seq 40))
  phase "song list ctrl-d/G/g" C-d C-d C-d C-d G g G g
  phase "queue j" 3 $(printf 'j %.0s' $(seq 40))
  phase "library j" 1 $(printf 'j %.0s' $(seq 20))
  # The rows inserted above have no full-text entries: a path substring is searched instead, which
  # scans every row (the slowest kind of search there is).
  phase "search as you type" / p a t h : s 4 2
  echo "search result: $(tmux -S "$SOCK" capture-pane -p -t ui | grep -o '[0-9]* found' | head -1)"
)
quit_pane

{
  echo "ui-frames: $N songs, $RUNS runs, $(basename "$(dirname "$TUNES")") build, $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "first frame, UI's clock:        median ${own_ms} ms (${own[*]}); aim 100 ms"
  echo "first frame, seen in the pane:  median ${seen_ms} ms (${seen[*]})"
  echo "ncmpcpp, seen in the pane:      median ${theirs_ms} ms (${theirs[*]})"
  echo "key to frame (UI's clock):"
  echo "$results"
} | tee -a "$OUT_DIR/ui-frames.txt"
