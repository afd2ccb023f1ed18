#!/bin/sh
# Builds Benchmarks/mpd-server (the MPD server over the in-memory backend) with swiftc, outside SwiftPM,
# into .build/mpd-bench; prints the binary's path. Used by mpd-latency.sh.
set -eu
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
OUT=.build/mpd-bench
mkdir -p "$OUT"
BIN="$OUT/mpd-server"
if [ -x "$BIN" ] && [ -z "$(find Sources/TunesCore Sources/TunesControl Benchmarks/mpd-server -newer "$BIN" -name '*.swift' | head -1)" ]; then
  echo "$BIN"; exit 0
fi
"$SWIFTC" -O -parse-as-library -emit-library -static -emit-module -module-name TunesCore \
  -emit-module-path "$OUT/TunesCore.swiftmodule" -o "$OUT/libTunesCore.a" Sources/TunesCore/*.swift >&2
# The protocol layer only: PlayerBackend*.swift needs the player and library modules SwiftPM builds.
PROTOCOL=$(ls Sources/TunesControl/*.swift | grep -v '/PlayerBackend')
# shellcheck disable=SC2086
"$SWIFTC" -O -parse-as-library -emit-library -static -emit-module -module-name TunesControl -I "$OUT" \
  -emit-module-path "$OUT/TunesControl.swiftmodule" -o "$OUT/libTunesControl.a" $PROTOCOL >&2
"$SWIFTC" -O -I "$OUT" -L "$OUT" -lTunesControl -lTunesCore Benchmarks/mpd-server/main.swift -o "$BIN" >&2
echo "$BIN"
