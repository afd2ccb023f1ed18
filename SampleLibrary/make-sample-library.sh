#!/usr/bin/env bash
# Regenerates the bundled sample library in this folder (audio, tags, library.json, playlist, cover,
# the broken file). The output is committed; run this only to change it. Details: Docs/Sample.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for tool in sox lame espeak-ng flac opusenc ffmpeg; do
  command -v "$tool" >/dev/null || { echo "make-sample-library: $tool is missing (Scripts/setup-debian installs it)" >&2; exit 69; }
done
/usr/bin/python3 -c 'import mutagen' 2>/dev/null ||
  { echo "make-sample-library: /usr/bin/python3 has no mutagen (apt-get install python3-mutagen)" >&2; exit 69; }
echo "make-sample-library: writing $here"
/usr/bin/python3 "$here/sample_library.py" "$here"
size=$(du -sk --exclude='*.sh' --exclude='*.py' "$here" | cut -f1)
echo "make-sample-library: $(find "$here" \( -name "*.mp3" -o -name "*.flac" -o -name "*.opus" -o -name "*.m4a" \) | wc -l) audio files, ${size} KB"
