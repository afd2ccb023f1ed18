#!/bin/sh
# Fuzzes the MPD request parser and the filters it makes, then the whole MPD dispatcher over the in-memory
# backend (every command, with extreme numbers in its arguments), then the FLAC/Ogg/MP4/MP3 tag readers, with
# libFuzzer, each for a bounded time (FUZZ_SECONDS, default 30; three targets, so about three times that
# plus the builds).
# Builds with swiftc -sanitize=fuzzer,address outside SwiftPM; exits non-zero when libFuzzer finds a
# crash (the reproducer is left in .build/fuzz/).
set -eu
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${FUZZ_SECONDS:-30}
OUT=.build/fuzz
mkdir -p "$OUT"
BIN="$OUT/mpd-parser-fuzz"
# Whole modules in Swift 6 mode, as SwiftPM builds them, so that a new file of the protocol is never left
# out: TunesCore as a library of its own (TunesMPD imports it), TunesMPD compiled into the fuzzer's
# module with the filter reading of its tests.
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -emit-library -static -emit-module -module-name TunesCore \
  -emit-module-path "$OUT/TunesCore.swiftmodule" -o "$OUT/libTunesCore.a" Sources/TunesCore/*.swift
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -module-name MPDParserFuzz -I "$OUT" -L "$OUT" -lTunesCore \
  Fuzz/MPDParserFuzz.swift Tests/TunesMPDTests/FilterReading.swift Sources/TunesMPDTesting/MPDFilterSamples.swift \
  Sources/TunesMPD/*.swift \
  -o "$BIN"
CORPUS=$(mktemp -d)
trap 'rm -rf "$CORPUS"' EXIT
cp Fuzz/seeds/* "$CORPUS"/
# -max_len above the protocol's line limit so over-long lines are exercised as well.
# The Swift runtime's backtracer would wait on a crash; libFuzzer prints its own stack.
SWIFT_BACKTRACE=enable=no "$BIN" -max_total_time="$SECONDS_TO_RUN" -max_len=9000 -timeout=5 -rss_limit_mb=1024 \
  -artifact_prefix="$OUT/" -print_final_stats=1 "$CORPUS"

# The dispatcher (Fuzz/MPDDispatchFuzz.swift): TunesMPD as a module of its own, built for testing so the
# fuzzer reads the command table, and the in-memory backend over it; seeded with protocol lines and
# recipes (Fuzz/seeds/dispatch-*).
DISPATCH_BIN="$OUT/mpd-dispatch-fuzz"
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -enable-testing -emit-library -static -emit-module \
  -module-name TunesMPD -I "$OUT" -emit-module-path "$OUT/TunesMPD.swiftmodule" -o "$OUT/libTunesMPD.a" Sources/TunesMPD/*.swift
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -emit-library -static -emit-module \
  -module-name TunesMPDTesting -I "$OUT" -emit-module-path "$OUT/TunesMPDTesting.swiftmodule" -o "$OUT/libTunesMPDTesting.a" \
  Sources/TunesMPDTesting/*.swift
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -module-name MPDDispatchFuzz -I "$OUT" -L "$OUT" \
  -lTunesMPDTesting -lTunesMPD -lTunesCore Fuzz/MPDDispatchFuzz.swift -o "$DISPATCH_BIN"
DISPATCH_CORPUS=$(mktemp -d)
trap 'rm -rf "$CORPUS" "$DISPATCH_CORPUS"' EXIT
cp Fuzz/seeds/* "$DISPATCH_CORPUS"/
# No leak check: each input's task is freed by the cooperative pool after the input ends, which
# LeakSanitizer would scan for after every input (a run 15 times slower).
SWIFT_BACKTRACE=enable=no "$DISPATCH_BIN" -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -detect_leaks=0 \
  -artifact_prefix="$OUT/dispatch-" -print_final_stats=1 "$DISPATCH_CORPUS"

# The FLAC, Ogg, MP4 and MP3 readers (Fuzz/FormatsFuzz.swift), seeded with the test fixtures' files (an MP3
# with SYLT synced lyrics in both time formats among them) and the inputs of Fuzz/seeds-formats.
FORMATS_BIN="$OUT/formats-fuzz"
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -module-name FormatsFuzz -I "$OUT" -L "$OUT" -lTunesCore \
  Fuzz/FormatsFuzz.swift Sources/TunesTags/*.swift -o "$FORMATS_BIN"
FORMATS_CORPUS=$(mktemp -d)
trap 'rm -rf "$CORPUS" "$DISPATCH_CORPUS" "$FORMATS_CORPUS"' EXIT
/usr/bin/python3 Tests/Fixtures/make-format-files.py "$FORMATS_CORPUS"
rm -f "$FORMATS_CORPUS"/*.wav
# Inputs that once broke a reader (Fuzz/seeds-formats), so each run tries them again.
cp Fuzz/seeds-formats/* "$FORMATS_CORPUS"/
SWIFT_BACKTRACE=enable=no "$FORMATS_BIN" -max_total_time="$SECONDS_TO_RUN" -max_len=300000 -timeout=5 -rss_limit_mb=2048 \
  -artifact_prefix="$OUT/formats-" -print_final_stats=1 "$FORMATS_CORPUS"
