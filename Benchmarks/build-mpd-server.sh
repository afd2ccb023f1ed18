#!/bin/sh
# Builds Benchmarks/mpd-server (the MPD server over the in-memory backend) with swiftc, outside SwiftPM,
# into .build/mpd-bench; prints the binary's path. Used by mpd-latency.sh.
set -eu
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
OUT=.build/mpd-bench
mkdir -p "$OUT"
BIN="$OUT/mpd-server"
if [ -x "$BIN" ] && [ -z "$(find Sources/TunesCore Sources/TunesMPD Sources/TunesMPDTesting Benchmarks/mpd-server -newer "$BIN" -name '*.swift' | head -1)" ]; then
  echo "$BIN"; exit 0
fi
# Whole modules, each from its folder and in Swift 6 mode, as SwiftPM builds them: the protocol needs
# TunesCore only, and the in-memory backend the protocol only.
for module in TunesCore TunesMPD TunesMPDTesting; do
  "$SWIFTC" -swift-version 6 -O -parse-as-library -emit-library -static -emit-module -module-name "$module" -I "$OUT" \
    -emit-module-path "$OUT/$module.swiftmodule" -o "$OUT/lib$module.a" Sources/"$module"/*.swift >&2
done
"$SWIFTC" -O -I "$OUT" -L "$OUT" -lTunesMPDTesting -lTunesMPD -lTunesCore Benchmarks/mpd-server/main.swift -o "$BIN" >&2
echo "$BIN"
