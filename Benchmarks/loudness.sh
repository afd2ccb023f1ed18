#!/usr/bin/env bash
# `tunes loudness --force` against loudgain on the same files: EBU R128 loudness, true peak and album
# gain of every song of a COUNT-song synthetic library (make-library.py), wall time, median of RUNS.
# loudgain is timed two ways: one process per album folder in turn (what a script over a library does),
# and two at a time (`xargs -P 2`, both cores, as tunes uses them). Every format tunes plays is counted
# and handed to loudgain (MP3, FLAC, Ogg Vorbis, Opus, M4A), so a library of any of them is timed whole.
# Usage: Benchmarks/loudness.sh [COUNT] [RUNS]   (defaults 1000 and 3)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
COUNT=${1:-1000}
RUNS=${2:-3}
ensure_tools sox lame loudgain
bench_output loudness
TUNES=$(tunes_binary)
LIB=$(make_library "$COUNT")
DB="$OUT_DIR/loudness-$COUNT.db"
rm -f "$DB" "$DB"-*
"$TUNES" index --db "$DB" "$LIB" >/dev/null
warm_cache "$LIB"
ALBUMS="$OUT_DIR/loudness-albums-$COUNT.txt"
AUDIO='.*\.\(mp3\|flac\|ogg\|opus\|m4a\)'
find "$LIB" -regex "$AUDIO" -printf '%h\n' | sort -u >"$ALBUMS"
SONGS=$(find "$LIB" -regex "$AUDIO" | wc -l)

# The audio files of one album folder, NUL-separated, for loudgain.
album_files() { find "$1" -maxdepth 1 -regex "$AUDIO" -print0 | sort -z; }
album_loudgain() { while read -r dir; do album_files "$dir" | xargs -0 loudgain -a -q -O; done <"$ALBUMS"; }
album_loudgain_2() {
  export AUDIO
  xargs -d '\n' -P 2 -I{} sh -c 'find "$1" -maxdepth 1 -regex "$AUDIO" -print0 | sort -z | xargs -0 loudgain -a -q -O' sh {} <"$ALBUMS"
}

echo "loudness of $SONGS songs in $(wc -l <"$ALBUMS") album folders, $RUNS runs each (median, wall seconds), load $(load)"
tunes_s=$(median_time "$RUNS" "$TUNES" loudness --db "$DB" --force)
record "tunes loudness --force" "$tunes_s" s
lg_s=$(median_time "$RUNS" album_loudgain)
record "loudgain -a per album, one at a time" "$lg_s" s
lg2_s=$(median_time "$RUNS" album_loudgain_2)
record "loudgain -a per album, two at a time" "$lg2_s" s
record "loudgain (one at a time) / tunes" "$(ratio "$lg_s" "$tunes_s")" x "target >= 2"
record "loudgain (two at a time) / tunes" "$(ratio "$lg2_s" "$tunes_s")" x
