#!/usr/bin/env bash
# CPU cost of playback: CPU seconds (user + system) per minute of audio for tunes-decode playing to the
# ALSA null device as fast as it takes it, against the mpg123 CLI doing the same with the same files.
# Usage: Benchmarks/playback-cpu.sh [RUNS]   (default 5; fixtures cached in $BENCH_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
WORK=${BENCH_DIR:-/tmp/tunes-bench-playback}
mkdir -p "$WORK"

echo "building tunes-decode (release)…" >&2
Scripts/build-release --product tunes-decode >&2
TUNES="$(swift build -c release --show-bin-path)/tunes-decode"

# About 10 minutes of music-like audio: five 2-minute tracks of tones over pink noise, VBR like a typical library.
FILES=()
for i in 1 2 3 4 5; do
  file="$WORK/track$i.mp3"
  if [ ! -s "$file" ]; then
    echo "generating $file…" >&2
    sox -n -r 44100 -c 2 "$WORK/track$i.wav" synth 120 sine $((110 * i)) sine $((165 * i)) pinknoise vol 0.4
    lame --quiet -V 2 "$WORK/track$i.wav" "$file"
    rm -f "$WORK/track$i.wav"
  fi
  FILES+=("$file")
done

BYTES=$(mpg123 -q -s "${FILES[@]}" | wc -c)
MINUTES=$(python3 -c "print($BYTES / (44100 * 4) / 60)")

python3 - "$RUNS" "$MINUTES" "$TUNES" "${FILES[@]}" <<'PY'
import os, statistics, subprocess, sys

runs, minutes, tunes, files = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4:]
commands = {
    "tunes-decode --play null --pace max": [tunes, "--play", "null", "--pace", "max", *files],
    "mpg123 -q -o alsa -a null": ["mpg123", "-q", "-o", "alsa", "-a", "null", *files],
}

def cpu_seconds(argv):
    """User + system CPU time of one run, from the kernel's accounting of the child."""
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"{argv[0]} failed with status {status}")
    return usage.ru_utime + usage.ru_stime

samples = {name: [] for name in commands}
for _ in range(runs):  # interleaved, so load from other processes hits both alike
    for name, argv in commands.items():
        samples[name].append(cpu_seconds(argv))

print(f"audio: {minutes:.2f} min in {len(files)} files, {runs} runs each (median)")
medians = {}
for name, values in samples.items():
    medians[name] = statistics.median(values)
    per_minute = medians[name] / minutes
    print(f"{name:38s} median {medians[name]:.3f} CPU s  = {per_minute:.4f} CPU s per audio minute"
          f"   (runs: {', '.join(f'{v:.3f}' for v in values)})")
tunes_median, mpg123_median = medians.values()
print(f"ratio tunes / mpg123: {tunes_median / mpg123_median:.2f}x (aim: within 1.10x)")
PY
