#!/bin/sh
# Remote-control latency of the real player: the round trip of `status` over the MPD socket of a
# `tunes play --daemon` (median, p99 of N requests on one connection, small Python client), the same
# against Debian's mpd (null output, own temporary config) for the ratio, and the time from
# `tunes pause` to the player's output stopping (the daemon writes to ALSA's file device at the audio
# clock; the output has stopped when that file stops growing).
# N (default 1000) requests; PAUSES (default 15) pause measurements; IN_MEMORY=1 measures the server
# over the in-memory backend too (Benchmarks/mpd-server). Needs a built tunes (swift build).
set -eu
cd "$(dirname "$0")/.."
N=${N:-1000}
PAUSES=${PAUSES:-15}
TUNES=${TUNES:-$(swift build --show-bin-path 2>/dev/null)/tunes}
WORK=$(mktemp -d /tmp/tunes-bench.XXXXXX)
PIDS=""
cleanup() {
  for p in $PIDS; do kill -9 "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
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
for _ in range(100):  # warm-up
    status()
samples = []
for _ in range(n):
    t = time.perf_counter_ns()
    status()
    samples.append((time.perf_counter_ns() - t) / 1000.0)
samples.sort()
median = statistics.median(samples)
p99 = samples[max(int(len(samples) * 0.99) - 1, 0)]
print(f"{label:<30} n={n}  median {median:8.1f} us  p99 {p99:8.1f} us  mean {statistics.mean(samples):8.1f} us")
with open(sys.argv[4], "w") as out:
    out.write(str(median))
PY
}

# A small library: 3 songs of 60 s (8 kHz mono, so decoding costs little).
mkdir -p "$WORK/music" "$WORK/run" "$WORK/state"
for i in 1 2 3; do
  sox -n -r 8000 -c 1 "$WORK/s$i.wav" synth 60 sine $((300 + i * 100)) 2>/dev/null
  lame --quiet --add-id3v2 --tt "Song $i" --ta "Bench" --tl "Bench" "$WORK/s$i.wav" "$WORK/music/$i.mp3"
  rm "$WORK/s$i.wav"
done
export TUNES_DB="$WORK/library.db" TUNES_MPD_SOCKET="$WORK/run/mpd.sock" XDG_STATE_HOME="$WORK/state" TUNES_MPD_PORT=off
export XDG_RUNTIME_DIR="$WORK/run" XDG_CONFIG_HOME="$WORK/config" HOME="$WORK"
unset TUNES_LISTENBRAINZ_TOKEN || true
"$TUNES" index "$WORK/music" >/dev/null
OUT="$WORK/out.raw"
DAEMON=$("$TUNES" play --daemon --device "file:'$OUT',raw" --pace realtime | sed -n 's/.*(pid \([0-9]*\),.*/\1/p')
PIDS="$PIDS $DAEMON"

echo "status round trip over a Unix socket ($(nproc) cores, shared with other work)"
measure "tunes play --daemon" "$TUNES_MPD_SOCKET" "$WORK/tunes.median"

if [ "${IN_MEMORY:-0}" = 1 ] && [ -x Benchmarks/build-mpd-server.sh ]; then
  BIN=$(Benchmarks/build-mpd-server.sh)
  "$BIN" "$WORK/mem.sock" 10000 >/dev/null &
  PIDS="$PIDS $!"
  for _ in $(seq 50); do [ -S "$WORK/mem.sock" ] && break; sleep 0.1; done
  measure "tunes (in-memory backend)" "$WORK/mem.sock" "$WORK/mem.median"
fi

if command -v mpd >/dev/null 2>&1; then
  mkdir -p "$WORK/mpd/playlists"
  cat > "$WORK/mpd.conf" <<CONF
music_directory "$WORK/music"
playlist_directory "$WORK/mpd/playlists"
db_file "$WORK/mpd/db"
state_file "$WORK/mpd/state"
bind_to_address "$WORK/mpd.sock"
audio_output {
  type "null"
  name "null"
}
CONF
  mpd --no-daemon "$WORK/mpd.conf" >/dev/null 2>&1 &
  PIDS="$PIDS $!"
  for _ in $(seq 50); do [ -S "$WORK/mpd.sock" ] && break; sleep 0.1; done
  MPD_HOST="$WORK/mpd.sock" mpc -q update --wait >/dev/null 2>&1 || true
  MPD_HOST="$WORK/mpd.sock" mpc -q add / >/dev/null 2>&1 || true
  MPD_HOST="$WORK/mpd.sock" mpc -q play >/dev/null 2>&1 || true
  measure "mpd $(mpd --version | head -1 | awk '{print $NF}') (playing, null)" "$WORK/mpd.sock" "$WORK/mpd.median"
  python3 -c "import sys; a=float(open(sys.argv[1]).read()); b=float(open(sys.argv[2]).read()); print(f'ratio tunes/mpd median: {a/b:.2f}')" \
    "$WORK/tunes.median" "$WORK/mpd.median"
fi

echo "time from \`tunes pause\` to the output stopping ($PAUSES pauses; output = ALSA file device at the audio clock)"
python3 - "$TUNES" "$OUT" "$PAUSES" <<'PY'
import os, subprocess, sys, time, statistics
tunes, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def size():
    try:
        return os.path.getsize(out)
    except FileNotFoundError:
        return 0
command_ms, stopped_ms = [], []
for _ in range(n):
    # Playing: make sure the file grows. `tunes resume` exits 1 when the player already plays.
    if subprocess.run([tunes, "resume"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode not in (0, 1):
        sys.exit("tunes resume failed")
    time.sleep(0.4)
    start = time.perf_counter()
    proc = subprocess.Popen([tunes, "pause"], stdout=subprocess.DEVNULL)
    last, last_change = size(), start
    while time.perf_counter() - start < 1.5:
        s = size()
        if s != last:
            last, last_change = s, time.perf_counter()
        if proc.poll() is not None and time.perf_counter() - last_change > 0.5:
            break
        time.sleep(0.0005)
    proc.wait()
    done = time.perf_counter()
    command_ms.append((done - start) * 1000 if proc.returncode == 0 else float("nan"))
    stopped_ms.append((last_change - start) * 1000)
def line(label, xs):
    xs = sorted(xs)
    print(f"{label:<44} median {statistics.median(xs):7.1f} ms  max {xs[-1]:7.1f} ms")
line("`tunes pause` process, start to exit", command_ms)
line("last byte written after `tunes pause` started", stopped_ms)
PY
"$TUNES" quit >/dev/null 2>&1 || true
