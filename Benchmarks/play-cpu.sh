#!/usr/bin/env bash
# Whole-process CPU and wake-ups of `tunes play` playing a 20 s song in real time to ALSA's null device,
# beside the mpg123 CLI decoding the same file. This is the product a user runs (start-up, library,
# MPD server, player, engine and output together), not a decoding harness.
#  - tunes play --device null QUERY        real time: the paced null device, 20 s of wall time
#  - tunes play --device null --pace max   the same work unpaced: start-up + decoding, no waiting
#  - mpg123 -q -t FILE                     decoding only (test mode, no output)
#  - mpg123 -q -o alsa -a null FILE        decoding and writing through libasound's null device, which
#                                          takes audio as fast as it comes (mpg123 has no pacing for it)
#  - mpg123 -q -s FILE, read in real time   mpg123 playing in real time: its raw output goes to a pipe
#                                          this script reads at the audio rate, 0.1 s at a time, as a
#                                          sound card would; mpg123 sleeps on the full pipe between reads
# CPU is user + system time of the whole process and its threads, wake-ups are its voluntary plus
# involuntary context switches, both from the kernel's accounting of the child (getrusage, the numbers
# /usr/bin/time prints, read with wait4 because `time -f %U` rounds to 10 ms, most of mpg123's total).
# Usage: Benchmarks/play-cpu.sh [RUNS]   (default 3; BUILD=release|debug, SONG_SECONDS=20, TUNES_BIN=binary,
#        REPLAYGAIN="track --missing-preamp -6" to play with a gain applied, as `tunes replaygain` takes it)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
BUILD=${BUILD:-release}
SONG_SECONDS=${SONG_SECONDS:-20}
source Benchmarks/lib.sh
if [ -n "${TUNES_BIN:-}" ]; then TUNES="$TUNES_BIN"; else TUNES=$(tunes_built "$BUILD") || exit 1; fi
WORK=$(mktemp -d /tmp/tunes-play-cpu.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

private_tunes_home "$WORK"

# Music-like audio: two tones over pink noise, VBR as most libraries are.
sox -n -r 44100 -c 2 "$WORK/song.wav" synth "$SONG_SECONDS" sine 220 sine 330 pinknoise vol 0.4 2>/dev/null
lame --quiet -V 2 --tt Benchsong --ta Bench --tl Bench "$WORK/song.wav" "$WORK/music/song.mp3"
rm -f "$WORK/song.wav"
SONG="$WORK/music/song.mp3"
"$TUNES" index "$WORK/music" >/dev/null
# shellcheck disable=SC2086 # the words of a `tunes replaygain` command line
if [ -n "${REPLAYGAIN:-}" ]; then "$TUNES" replaygain $REPLAYGAIN >/dev/null; fi

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, RUNS=$RUNS, BUILD=$BUILD, song ${SONG_SECONDS} s"
python3 - "$RUNS" "$SONG_SECONDS" "$TUNES" "$SONG" <<'PY'
import os, statistics, subprocess, sys, tempfile, time

runs, seconds, tunes, song = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4]
commands = {
    "tunes play --device null (real time)": [tunes, "play", "--device", "null", "Benchsong"],
    "tunes play --device null --pace max": [tunes, "play", "--device", "null", "--pace", "max", "Benchsong"],
    "mpg123 -q -t (decode only)": ["mpg123", "-q", "-t", song],
    "mpg123 -q -o alsa -a null": ["mpg123", "-q", "-o", "alsa", "-a", "null", song],
    "mpg123 -q -s, read in real time": ["mpg123", "-q", "-s", song],
}
# 44.1 kHz stereo s16le: the rate at which the reader takes mpg123's output, in 0.1 s periods.
BYTES_PER_SECOND, PERIOD = 44100 * 4, 0.1

def drain_in_real_time(pipe):
    """Reads like a sound card: a period's worth at a time, never more than the audio clock allows."""
    start, taken = time.monotonic(), 0
    while data := pipe.read(int(BYTES_PER_SECOND * PERIOD)):
        taken += len(data)
        wait = start + taken / BYTES_PER_SECOND - PERIOD - time.monotonic()
        if wait > 0:
            time.sleep(wait)

def measure(argv):
    """CPU seconds, context switches (voluntary, involuntary) and wall seconds of one whole process."""
    start = time.monotonic()
    # stderr is kept for a failure only: tunes says once per run that no ListenBrainz account is set up.
    with tempfile.TemporaryFile() as errors:
        real_time = "-s" in argv
        output = subprocess.PIPE if real_time else subprocess.DEVNULL
        child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=output, stderr=errors)
        if real_time:
            drain_in_real_time(child.stdout)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        if status != 0:
            errors.seek(0)
            sys.stderr.write(errors.read().decode(errors="replace"))
            sys.exit(f"{' '.join(argv)} failed with status {status}")
    return usage.ru_utime + usage.ru_stime, usage.ru_nvcsw, usage.ru_nivcsw, wall

samples = {name: [] for name in commands}
for _ in range(runs):  # interleaved, so load from other processes hits all alike
    for name, argv in commands.items():
        samples[name].append(measure(argv))

medians = {}
print(f"{'command':40s} {'CPU s':>7s} {'vol cs':>7s} {'invol':>6s} {'wall s':>7s} {'wake-ups/s':>10s}   CPU s of each run")
for name, values in samples.items():
    cpu, vol, invol, wall = (statistics.median(v[i] for v in values) for i in range(4))
    medians[name] = cpu
    wakeups = (vol + invol) / wall if wall > 0 else 0
    runs_text = ", ".join(f"{v[0]:.3f}" for v in values)
    print(f"{name:40s} {cpu:7.3f} {vol:7.0f} {invol:6.0f} {wall:7.2f} {wakeups:10.1f}   {runs_text}")
realtime = medians["tunes play --device null (real time)"]
for name in ("mpg123 -q -t (decode only)", "mpg123 -q -o alsa -a null", "mpg123 -q -s, read in real time"):
    if medians[name] > 0:
        print(f"ratio tunes play (real time) / {name}: {realtime / medians[name]:.2f}x (aim: at most 2x)")
PY
