#!/bin/sh
# Times the shuffle's arrangement alone: builds optimised copies of its files (ShufflePass.swift, the arranger,
# ShuffleNames.swift, SeededRandom.swift, TunesCore's Trimming.swift) with swiftc, of the working tree and, with BEFORE=REV, of a git
# revision too, and runs Benchmarks/shuffle/main.swift on each.
#   Benchmarks/shuffle.sh [RUNS]          BEFORE=1a77034 Benchmarks/shuffle.sh 3
set -eu
cd "$(dirname "$0")/.."
out=Benchmarks/out/shuffle
runs=${1:-3}
swiftc=${SWIFTC:-swiftc}

# Copies the files of `$1` (a revision, or "" for the working tree) into `$2` without the package's
# imports and the initialiser from a queue entry (the queue is not part of the copy), and builds them.
build() {
  rm -rf "$2"
  mkdir -p "$2"
  for file in Sources/TunesPlayer/ShufflePass.swift Sources/TunesPlayer/ShuffleArranger.swift \
    Sources/TunesPlayer/ShuffleNames.swift Sources/TunesPlayer/SeededRandom.swift Sources/TunesCore/Trimming.swift; do
    if [ -n "$1" ]; then
      git show "$1:$file" > "$2/$(basename "$file")" 2>/dev/null || rm -f "$2/$(basename "$file")"
    elif [ -f "$file" ]; then
      cp "$file" "$2/"
    fi
  done
  /usr/bin/python3 - "$2" <<'PY'
import pathlib, re, sys
for path in pathlib.Path(sys.argv[1]).glob("*.swift"):
    text = re.sub(r"^import Tunes\w+\n", "", path.read_text(), flags=re.M)
    text = re.sub(r"  public init\(_ item: QueueItem\) \{\n.*?\n  \}\n", "", text, flags=re.S)
    path.write_text(text)
PY
  # A revision from before the names were numbered folds them in ShuffleKey's own initialiser.
  if [ ! -f "$2/ShuffleNames.swift" ]; then
    printf '%s\n' 'struct ShuffleNames {' \
      '  mutating func key(id: Int, artist: String, album: String) -> ShuffleKey { ShuffleKey(id: id, artist: artist, album: album) }' \
      '}' > "$2/ShuffleNames.swift"
  fi
  cp Benchmarks/shuffle/main.swift "$2/main.swift"
  "$swiftc" -O -o "$2/shuffle" "$2"/*.swift
}

echo "shuffle arrangement, best of $runs ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
if [ -n "${BEFORE:-}" ]; then
  build "$BEFORE" "$out/before"
  echo "before ($BEFORE):"
  "$out/before/shuffle" "$runs"
fi
build "" "$out/after"
echo "working tree:"
"$out/after/shuffle" "$runs"
