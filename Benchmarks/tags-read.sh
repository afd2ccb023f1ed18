#!/bin/sh
# Times the tag reader alone (TunesTags.TagReader.read) over a synthetic library: builds an optimised copy of
# the module with swiftc (no package change), then reads every file with 1 and 2 threads, page cache warm.
#   Benchmarks/tags-read.sh [FOLDER] [RUNS]     default FOLDER: a 10,000-file library made by Benchmarks/make-library.py
set -eu
cd "$(dirname "$0")/.."
out=Benchmarks/out/tags-read
mkdir -p "$out"
folder=${1:-}
runs=${2:-5}
if [ -z "$folder" ]; then
  folder=$out/library-10000
  if [ ! -d "$folder" ]; then
    /usr/bin/python3 Benchmarks/make-library.py --count 10000 --out "$folder" --seed 1
  fi
fi
swiftc=${SWIFTC:-swiftc}
"$swiftc" -O -wmo -parse-as-library -emit-module -emit-library -static -module-name TunesCore \
  -emit-module-path "$out/TunesCore.swiftmodule" -o "$out/libTunesCore.a" Sources/TunesCore/*.swift
"$swiftc" -O -wmo -parse-as-library -emit-module -emit-library -static -module-name TunesTags -I "$out" \
  -emit-module-path "$out/TunesTags.swiftmodule" -o "$out/libTunesTags.a" Sources/TunesTags/*.swift
"$swiftc" -O -wmo -parse-as-library -I "$out" -L "$out" -lTunesTags -lTunesCore \
  -o "$out/tags-read" Benchmarks/tags-read/main.swift
echo "tag reader over $folder ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
"$out/tags-read" "$folder" "$runs"
