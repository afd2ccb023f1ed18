#!/usr/bin/env bash
# Whole-process CPU per audio minute of `tunes play --device null --pace max` on one song of each format
# tunes decodes, beside the reference CLI decoder of that format on the same file, its PCM sent nowhere:
#  - MP3 (lame -V 2)           mpg123 -q -s FILE > /dev/null
#  - FLAC 16-bit 44.1 kHz      flac -d -s -c --force-raw-format --endian=little --sign=signed FILE
#  - FLAC 24-bit 96 kHz        the same
#  - Ogg Vorbis (oggenc -q 5)  oggdec -Q -R -o - FILE
#  - Opus (opusenc 128 kb/s)   opusdec --quiet --rate 48000 --no-dither FILE -
#  - AAC in M4A (ffmpeg)       ffmpeg -v error -i FILE -f s16le -
#  - ALAC in M4A (ffmpeg)      ffmpeg -v error -i FILE -f s16le -   (s32le for 24-bit)
# tunes' number is the product as a user runs it (start-up, library, MPD server, player, engine, ALSA's
# null device) at full speed, so it is decoding plus everything around it; the references decode only.
# Each song is found through a library.json catalogue. Where the library refuses a format (no tag reader
# for it yet), that row measures the `tunes-decode --play null --pace max` harness instead, and says so.
# CPU is user + system time of the whole process (wait4), median of RUNS interleaved runs.
# Usage: Benchmarks/play-formats-cpu.sh [RUNS]   (default 3; BUILD=release|debug, SONG_SECONDS=60, TUNES_BIN)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
BUILD=${BUILD:-release}
SONG_SECONDS=${SONG_SECONDS:-60}
source Benchmarks/lib.sh
if [ -n "${TUNES_BIN:-}" ]; then TUNES="$TUNES_BIN"; else TUNES=$(tunes_built "$BUILD") || exit 1; fi
if [ -n "${TUNES_BIN:-}" ]; then DECODE="$(dirname "$TUNES_BIN")/tunes-decode"; else DECODE=$(tunes_built "$BUILD" tunes-decode) || exit 1; fi
WORK=$(mktemp -d /tmp/tunes-play-formats.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

private_tunes_home "$WORK"

# Music-like audio: two tones over pink noise.
M="$WORK/music"
sox -n -r 44100 -b 16 -e signed-integer -c 2 "$WORK/cd.wav" synth "$SONG_SECONDS" sine 220 sine 330 pinknoise vol 0.4
sox -n -r 96000 -b 24 -e signed-integer -c 2 "$WORK/hi.wav" synth "$SONG_SECONDS" sine 220 sine 330 pinknoise vol 0.4
lame --quiet -V 2 "$WORK/cd.wav" "$M/mp3.mp3"
flac -s -o "$M/flac16.flac" "$WORK/cd.wav"
flac -s -o "$M/flac24.flac" "$WORK/hi.wav"
oggenc -Q -q 5 -o "$M/vorbis.ogg" "$WORK/cd.wav"
opusenc --quiet --bitrate 128 "$WORK/cd.wav" "$M/opus.opus"
ffmpeg -v error -i "$WORK/cd.wav" -c:a aac -b:a 192k "$M/aac.m4a"
ffmpeg -v error -i "$WORK/cd.wav" -c:a alac "$M/alac.m4a"
rm -f "$WORK"/*.wav
python3 - "$M" <<'PY'
import json, sys
names = ["mp3.mp3", "flac16.flac", "flac24.flac", "vorbis.ogg", "opus.opus", "aac.m4a", "alac.m4a"]
songs = [{"fileName": n, "title": "Bench" + n.split(".")[0]} for n in names]
json.dump([{"artistName": "Bench", "albums": [{"title": "Bench", "songs": songs}]}], open(sys.argv[1] + "/library.json", "w"))
PY
"$TUNES" index "$M" >/dev/null 2>"$WORK/index-errors" || true
# The songs the library took: `tunes play` finds them; the others go through the harness.
"$TUNES" ls songs --json > "$WORK/songs.json"

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, RUNS=$RUNS, BUILD=$BUILD, songs ${SONG_SECONDS} s"
python3 - "$RUNS" "$SONG_SECONDS" "$TUNES" "$M" "$DECODE" "$WORK/songs.json" <<'PY'
import json, os, statistics, subprocess, sys, tempfile

runs, seconds, tunes, music, decode = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
indexed = {song.get("title") for song in json.load(open(sys.argv[6]))}
flac_d = ["flac", "-d", "-s", "-c", "--force-raw-format", "--endian=little", "--sign=signed"]
ffmpeg = ["ffmpeg", "-v", "error", "-i"]
cases = {
    "mp3": ["mpg123", "-q", "-s", f"{music}/mp3.mp3"],
    "flac16": flac_d + [f"{music}/flac16.flac"],
    "flac24": flac_d + [f"{music}/flac24.flac"],
    "vorbis": ["oggdec", "-Q", "-R", "-o", "-", f"{music}/vorbis.ogg"],
    "opus": ["opusdec", "--quiet", "--rate", "48000", "--no-dither", f"{music}/opus.opus", "-"],
    "aac": ffmpeg + [f"{music}/aac.m4a", "-f", "s16le", "-"],
    "alac": ffmpeg + [f"{music}/alac.m4a", "-f", "s16le", "-"],
}

def measure(argv):
    """CPU seconds (user + system) of one whole process, its output discarded."""
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        if status != 0:
            errors.seek(0)
            sys.stderr.write(errors.read().decode(errors="replace"))
            sys.exit(f"{' '.join(argv)} failed with status {status}")
    return usage.ru_utime + usage.ru_stime

files = {"mp3": "mp3.mp3", "flac16": "flac16.flac", "flac24": "flac24.flac", "vorbis": "vorbis.ogg",
         "opus": "opus.opus", "aac": "aac.m4a", "alac": "alac.m4a"}
def ours(name):
    if "Bench" + name in indexed:
        return [tunes, "play", "--device", "null", "--pace", "max", "title:Bench" + name], "tunes play"
    return [decode, "--play", "null", "--pace", "max", f"{music}/{files[name]}"], "tunes-decode"

samples = {name: ([], []) for name in cases}
for _ in range(runs):  # interleaved, so load from other processes hits all alike
    for name, reference in cases.items():
        samples[name][0].append(measure(ours(name)[0]))
        samples[name][1].append(measure(reference))

per_minute = 60 / seconds
print(f"{'format':8s} {'tunes':12s} {'CPU s/min':>10s} {'reference s/min':>16s} {'ratio':>6s}   reference (aim: at most 1.1x)")
for name, (mine, theirs) in samples.items():
    a, b = statistics.median(mine) * per_minute, statistics.median(theirs) * per_minute
    print(f"{name:8s} {ours(name)[1]:12s} {a:10.3f} {b:16.3f} {a / b if b else float('inf'):6.2f}x   {' '.join(cases[name][:2])}")
PY
