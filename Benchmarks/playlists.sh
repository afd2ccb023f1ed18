#!/usr/bin/env bash
# Times `tunes playlist` import, show, list, add --at, sort and export on N-entry playlists over N songs
# (rows inserted directly, no audio); medians of 5 runs. Usage: Benchmarks/playlists.sh [N] (TUNES=binary).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
TUNES=${TUNES:-$PWD/.build/debug/tunes}
WORK=$(mktemp -d /tmp/tunes-playlist-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export TUNES_DB=$WORK/lib.db
"$TUNES" playlist list >/dev/null   # creates and migrates the database
python3 - "$WORK" "$N" <<'PY'
import sqlite3, sys
work, n = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(work + "/lib.db")
with open(work + "/big.m3u8", "w") as m3u:
    m3u.write("#EXTM3U\n")
    for i in range(n):
        path = f"/music/Artist {i % 500}/Album {i % 2000}/{i:05d} Song {i}.mp3"
        db.execute("INSERT INTO song (path, title, artist, album, albumArtist, durationMs, year, trackNumber) VALUES (?,?,?,?,?,?,?,?)",
                   (path, f"Song {i}", f"Artist {i % 500}", f"Album {i % 2000}", f"Artist {i % 500}", 180000 + i, 1960 + i % 60, i % 12 + 1))
        m3u.write(f"#EXTINF:{180 + i // 1000},Artist {i % 500} - Song {i}\n{path}\n")
db.commit()
PY

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }

run() {
  local label=$1; shift
  local times=()
  for i in 1 2 3 4 5; do times+=("$(time_ms "$@")"); done
  printf "%-34s median %6s ms  (runs: %s)\n" "$label" "$(printf '%s\n' "${times[@]}" | median)" "${times[*]}"
}

imports=()
for i in 1 2 3 4 5; do imports+=("$(time_ms "$TUNES" playlist import "$WORK/big.m3u8" --name "big $i")"); done
printf "%-34s median %6s ms  (runs: %s)\n" "import $N-entry m3u8 (path match)" "$(printf '%s\n' "${imports[@]}" | median)" "${imports[*]}"
run "show $N entries" "$TUNES" playlist show "big 1"
run "show --json $N entries" "$TUNES" playlist show "big 1" --json
run "list (5 playlists of $N)" "$TUNES" playlist list
run "add 1 song --at 1 (renumbers all)" "$TUNES" playlist add "big 2" "/music/Artist 1/Album 1/00001 Song 1.mp3" --at 1
run "sort artist year:desc" "$TUNES" playlist sort "big 3" artist year:desc
run "export xspf" "$TUNES" playlist export "big 1" --format xspf
run "export jspf" "$TUNES" playlist export "big 1" --format jspf
run "tunes version (process start)" "$TUNES" version
