#!/bin/sh
# Round-trip latency of `status` over the MPD socket: median, p99 and mean of N requests on one
# connection, for tunes' server and, for comparison, Debian's mpd on the same machine.
# Default: tunes' server over the in-memory backend (Benchmarks/mpd-server, built with swiftc).
# TUNES_MPD_SOCKET=/path: measure a running player instead (e.g. one started with `tunes play --daemon`).
# N (default 5000) requests; SONGS (default 10000) library size for the in-memory backend.
set -eu
cd "$(dirname "$0")/.."
N=${N:-5000}
SONGS=${SONGS:-10000}
WORK=$(mktemp -d /tmp/tunes-bench.XXXXXX)
PIDS=""
cleanup() { for p in $PIDS; do kill "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

measure() {  # $1 label, $2 socket, $3 file that receives the median
  python3 - "$1" "$2" "$N" "$3" <<'PY'
import socket, sys, time, statistics
label, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
s = socket.socket(socket.AF_UNIX)
s.connect(path)
f = s.makefile("rb")
f.readline()  # greeting
def status():
    s.sendall(b"status\n")
    while True:
        line = f.readline()
        if not line or line.startswith(b"OK") or line.startswith(b"ACK"):
            return
for _ in range(200):  # warm-up
    status()
samples = []
for _ in range(n):
    t = time.perf_counter_ns()
    status()
    samples.append((time.perf_counter_ns() - t) / 1000.0)
samples.sort()
median = statistics.median(samples)
p99 = samples[int(len(samples) * 0.99) - 1]
print(f"{label:<22} n={n}  median {median:8.1f} us  p99 {p99:8.1f} us  mean {statistics.mean(samples):8.1f} us")
with open(sys.argv[4], "w") as out:
    out.write(str(median))
PY
}

if [ -n "${TUNES_MPD_SOCKET:-}" ]; then
  TUNES_SOCK=$TUNES_MPD_SOCKET
  LABEL="tunes (running player)"
else
  BIN=$(Benchmarks/build-mpd-server.sh)
  TUNES_SOCK="$WORK/tunes.sock"
  "$BIN" "$TUNES_SOCK" "$SONGS" >/dev/null &
  PIDS="$PIDS $!"
  LABEL="tunes (in-memory)"
  for _ in $(seq 50); do [ -S "$TUNES_SOCK" ] && break; sleep 0.1; done
fi
echo "status round trip over a Unix socket ($(nproc) cores, shared)"
measure "$LABEL" "$TUNES_SOCK" "$WORK/tunes.median"

if command -v mpd >/dev/null 2>&1; then
  mkdir -p "$WORK/music" "$WORK/playlists"
  cat > "$WORK/mpd.conf" <<CONF
music_directory "$WORK/music"
playlist_directory "$WORK/playlists"
db_file "$WORK/mpd.db"
bind_to_address "$WORK/mpd.sock"
audio_output {
  type "null"
  name "null"
}
CONF
  mpd --no-daemon "$WORK/mpd.conf" >/dev/null 2>&1 &
  PIDS="$PIDS $!"
  for _ in $(seq 50); do [ -S "$WORK/mpd.sock" ] && break; sleep 0.1; done
  measure "mpd $(mpd --version | head -1 | awk '{print $NF}')" "$WORK/mpd.sock" "$WORK/mpd.median"
  python3 -c "import sys; a=float(open(sys.argv[1]).read()); b=float(open(sys.argv[2]).read()); print(f'ratio tunes/mpd median: {a/b:.2f}')" \
    "$WORK/tunes.median" "$WORK/mpd.median"
fi
