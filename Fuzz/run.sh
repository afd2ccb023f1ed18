#!/bin/sh
# Fuzzes the MPD request parser and the filters it makes with libFuzzer for a bounded time
# (FUZZ_SECONDS, default 30).
# Builds with swiftc -sanitize=fuzzer,address outside SwiftPM; exits non-zero when libFuzzer finds a
# crash (the reproducer is left in .build/fuzz/).
set -eu
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${FUZZ_SECONDS:-30}
OUT=.build/fuzz
mkdir -p "$OUT"
BIN="$OUT/mpd-parser-fuzz"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name MPDParserFuzz \
  Fuzz/MPDParserFuzz.swift Tests/TunesControlTests/FilterReading.swift \
  Sources/TunesControl/MPDAck.swift Sources/TunesControl/MPDRequest.swift \
  Sources/TunesControl/MPDFilter.swift Sources/TunesControl/MPDFilterMatcher.swift Sources/TunesControl/MPDSong.swift Sources/TunesControl/MPDReply.swift Sources/TunesControl/MPDTime.swift \
  -o "$BIN"
CORPUS=$(mktemp -d)
trap 'rm -rf "$CORPUS"' EXIT
cp Fuzz/seeds/* "$CORPUS"/
# -max_len above the protocol's line limit so over-long lines are exercised as well.
# The Swift runtime's backtracer would wait on a crash; libFuzzer prints its own stack.
SWIFT_BACKTRACE=enable=no "$BIN" -max_total_time="$SECONDS_TO_RUN" -max_len=9000 -timeout=5 -rss_limit_mb=1024 \
  -artifact_prefix="$OUT/" -print_final_stats=1 "$CORPUS"
