# Shared helpers of the benchmark scripts (sourced, not run): where things are, timing (median of N runs),
# ratios, peak memory, a warm page cache, starting a private MPD, and the results file.
# Times are wall-clock, taken with bash's $EPOCHREALTIME (microseconds).

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$BENCH_DIR/.." && pwd)"
OUT_DIR="${BENCH_OUT:-$BENCH_DIR/out}"
mkdir -p "$OUT_DIR"

bench_log() { printf '%s\n' "$*" >&2; }
bench_die() { bench_log "bench: $*"; exit 1; }

# Installs what the benchmarks need (mpd, mpc, /usr/bin/time, sqlite3 …) through the project's script.
ensure_tools() {
  "$REPO_DIR/Scripts/setup-debian" --bench
  local tool
  for tool in "$@"; do command -v "$tool" >/dev/null || bench_die "$tool is missing"; done
}

# Builds product $2 (default `tunes`) in configuration $1 (release: the build Scripts/sample makes,
# Scripts/build-release) and prints the binary's path.
tunes_built() {
  local build="$1" product="${2:-tunes}"
  if [ "$build" = release ]; then
    (cd "$REPO_DIR" && timeout 1800 Scripts/build-release --product "$product" >&2) || bench_die "release build failed"
  else
    (cd "$REPO_DIR" && timeout 1800 swift build -c "$build" --product "$product" >&2) || bench_die "$build build failed"
  fi
  printf '%s\n' "$(cd "$REPO_DIR" && swift build -c "$build" --show-bin-path)/$product"
}

# The release `tunes` binary (TUNES_BIN overrides), built if needed.
tunes_binary() {
  if [ -n "${TUNES_BIN:-}" ]; then printf '%s\n' "$TUNES_BIN"; return; fi
  if [ "${BENCH_SKIP_BUILD:-0}" = 1 ]; then printf '%s\n' "$REPO_DIR/.build/release/tunes"; return; fi
  tunes_built release
}

# The `tunes-query` harness beside the tunes binary $1 (built with it unless BENCH_SKIP_BUILD=1 or
# TUNES_BIN names another build); empty when there is none.
query_binary() {
  local bin; bin="$(dirname "$1")/tunes-query"
  if [ -z "${TUNES_BIN:-}" ] && [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then tunes_built release tunes-query >/dev/null; fi
  [ -x "$bin" ] && printf '%s\n' "$bin"
  return 0
}

# True when the tunes binary has subcommand $2 (e.g. `index`, `play`). `tunes NOPE --help` prints the
# root help and succeeds, so the usage line is what tells.
tunes_has() { "$1" "$2" --help 2>/dev/null | grep "^USAGE: tunes $2\b" >/dev/null; }

# A private tunes under folder $1: its own configuration, data, state, library and MPD socket, so no
# running player or user library is reused; makes $1/music for the benchmark's songs.
private_tunes_home() {
  export XDG_CONFIG_HOME="$1/config" XDG_DATA_HOME="$1/data" XDG_STATE_HOME="$1/state"
  export XDG_CACHE_HOME="$1/cache" XDG_RUNTIME_DIR="$1/run" TUNES_DB="$1/library.db"
  unset TUNES_MPD_SOCKET TUNES_ALSA_DEVICE
  mkdir -p "$XDG_RUNTIME_DIR" "$1/music"
  chmod 700 "$XDG_RUNTIME_DIR"
}

# A synthetic library of $1 files from Benchmarks/make-library.py (seed 1, with a catalogue), made once
# and kept in out/.
make_library() {
  local count="$1" dir="$OUT_DIR/lib-$1"
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"
    bench_log "bench: making a $count-file library in $dir (once; about 300 KB a file)"
    /usr/bin/python3 "$BENCH_DIR/make-library.py" --count "$count" --out "$dir" --seed 1 --json >/dev/null ||
      bench_die "make-library.py failed"
    touch "$dir/.complete"
  fi
  printf '%s\n' "$dir"
}

# Ten copies of a library under different folders (hard links: the same bytes, ten times the paths).
make_copies() {
  local source="$1" copies="$2" dir="$OUT_DIR/lib-$(( $(find "$1" -name '*.mp3' | wc -l) * $2 ))"
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"; mkdir -p "$dir"
    local i
    for ((i = 1; i <= copies; i++)); do cp -al "$source" "$dir/copy-$i"; rm -f "$dir/copy-$i/.complete"; done
    touch "$dir/.complete"
  fi
  printf '%s\n' "$dir"
}

# Reads every file under $1 so that every tool starts from a warm page cache.
warm_cache() { find "$1" -type f -print0 | xargs -0 -P 2 cat >/dev/null; }

# The 1-minute load average: the machine is shared, so every section says how busy it was.
load() { cut -d' ' -f1 /proc/loadavg; }

now_us() { local t="${EPOCHREALTIME/./}"; printf '%s\n' "$((10#$t))"; }

# Runs "$@" once (output discarded) and prints its wall time in seconds.
time_once() {
  local start end
  start=$(now_us)
  "$@" >/dev/null 2>&1 || true
  end=$(now_us)
  awk -v d=$((end - start)) 'BEGIN { printf "%.6f\n", d / 1e6 }'
}

# The median of numbers given one a line on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Runs "$@" N times (a setup command in BENCH_SETUP runs before each, untimed) and prints the median seconds.
median_time() {
  local runs="$1" i; shift
  for ((i = 0; i < runs; i++)); do
    [ -n "${BENCH_SETUP:-}" ] && eval "$BENCH_SETUP"
    time_once "$@"
  done | median
}

# Peak resident memory of "$@" in MB, from /usr/bin/time -v.
peak_rss_mb() {
  local report="$OUT_DIR/.time-v.$$"
  /usr/bin/time -v "$@" >/dev/null 2>"$report" || true
  awk -F: '/Maximum resident set size/ { printf "%.1f\n", $2 / 1024 }' "$report"
  rm -f "$report"
}

# Resident memory of a running process in MB.
rss_mb() { awk '/^VmRSS:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$1/status"; }

# $1 / $2, or "n/a" when either is missing.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || a == "n/a" || b == "n/a" || b + 0 == 0) print "n/a"; else printf "%.2f\n", a / b }'; }

ms() { awk -v s="$1" 'BEGIN { if (s == "" || s == "n/a") print "n/a"; else printf "%.1f\n", s * 1000 }'; }

# Sends what the script prints to the terminal and to out/NAME-STAMP.txt as well, and sets RESULTS to
# out/NAME-STAMP.tsv (STAMP: the UTC time). Usage: bench_output NAME
bench_output() {
  local stamp; stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  RESULTS="$OUT_DIR/$1-$stamp.tsv"
  exec > >(tee "$OUT_DIR/$1-$stamp.txt") 2>&1
}

# Results: one tab-separated line per measurement in $RESULTS, echoed as a readable line.
RESULTS="${RESULTS:-$OUT_DIR/results-$(date -u +%Y%m%dT%H%M%SZ).tsv}"
record() {  # name value unit [note]
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-}" >>"$RESULTS"
  printf '  %-52s %12s %-4s %s\n' "$1" "$2" "$3" "${4:-}"
}

# MARK: a private MPD (null output, its own database, config and socket in $1)

# Starts MPD on $1/socket with music_directory $2 and an EMPTY database, so that the next
# `mpc update --wait` is the whole database creation (MPD builds a missing database at start-up by
# itself, which could not be timed). MPD_EXTRA_CONF: more lines for mpd.conf. Sets MPD_PID and exports MPD_HOST.
mpd_start() {
  local home="$1" music="$2"
  mkdir -p "$home/empty"
  ln -sfn "$home/empty" "$home/music"
  cat >"$home/mpd.conf" <<EOF
music_directory "$home/music"
db_file "$home/mpd.db"
log_file "$home/mpd.log"
bind_to_address "$home/socket"
zeroconf_enabled "no"
auto_update "no"
audio_output {
  type "null"
  name "null"
}
${MPD_EXTRA_CONF:-}
EOF
  export MPD_HOST="$home/socket"
  if [ ! -f "$home/mpd.db" ]; then _mpd_run "$home"; mpd_stop; fi  # writes an empty database
  ln -sfn "$music" "$home/music"
  _mpd_run "$home"
}

_mpd_run() {
  rm -f "$1/socket"
  mpd --no-daemon "$1/mpd.conf" >>"$1/mpd.out" 2>&1 &
  MPD_PID=$!
  local i
  for ((i = 0; i < 100; i++)); do mpc status >/dev/null 2>&1 && return 0; sleep 0.1; done
  bench_die "mpd did not start (see $1/mpd.log)"
}

mpd_stop() {
  [ -n "${MPD_PID:-}" ] || return 0
  kill "$MPD_PID" 2>/dev/null || true
  wait "$MPD_PID" 2>/dev/null || true
  MPD_PID=""
}

# `mpc update --wait`, with MPD's update thread moved from SCHED_IDLE (MPD's choice) to the normal policy as
# soon as it appears: a saturated shared machine starves an idle-class thread for minutes, and the
# benchmarks compare the CPU time the update costs, which the policy does not change.
mpd_update_wait() {
  mpc update --wait >/dev/null &
  local waiter=$! task moved=""
  while kill -0 "$waiter" 2>/dev/null; do
    for task in /proc/"$MPD_PID"/task/*; do
      case " $moved " in *" ${task##*/} "*) continue ;; esac
      if [ "$(cat "$task/comm" 2>/dev/null)" = update ]; then
        chrt -o -p 0 "${task##*/}" 2>/dev/null && moved+=" ${task##*/}"
      fi
    done
    sleep 0.02
  done
  wait "$waiter"
}

# MARK: one short song under many names, and the two servers serving it

# A library of $2 songs in folder $1 for the player, queue and shuffle benchmarks, which do not measure
# indexing: $1/needle.mp3 ($3 seconds of a sine; title Needle, artist Bench, album First) is indexed into
# $TUNES_DB by $TUNES, then $2 − 1 rows go straight into the song table, each naming a symbolic link to
# it in folders of a thousand ($1/d000/s1.mp3 …): song i by "Artist i mod $4" on "Album i mod $5"
# (the album artist is the artist), $6 ms long.
needle_library() {
  local dir="$1" count="$2" seconds="$3" artists="$4" albums="$5" duration_ms="$6"
  mkdir -p "$dir"
  sox -n -r 44100 -c 2 "$dir/.needle.wav" synth "$seconds" sine 440 2>/dev/null
  lame --quiet --tt "Needle" --ta "Bench" --tl "First" "$dir/.needle.wav" "$dir/needle.mp3"
  rm -f "$dir/.needle.wav"
  "$TUNES" index --db "$TUNES_DB" "$dir" >/dev/null || bench_die "tunes index failed"
  /usr/bin/python3 - "$TUNES_DB" "$count" "$dir" "$artists" "$albums" "$duration_ms" <<'PY'
import os, sqlite3, sys
db, n, music, artists, albums, duration = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
c = sqlite3.connect(db)
rows = []
for i in range(1, n):
    folder = f"{music}/d{i // 1000:03d}"
    os.makedirs(folder, exist_ok=True)
    path = f"{folder}/s{i}.mp3"
    os.symlink(f"{music}/needle.mp3", path)
    artist = f"Artist {i % artists}"
    rows.append((path, f"Song {i}", artist, f"Album {i % albums}", artist, duration))
c.executemany("INSERT INTO song (path,title,artist,album,albumArtist,durationMs) VALUES (?,?,?,?,?,?)", rows)
c.commit()
PY
}

# Starts `tunes play --daemon` ($TUNES, its library $TUNES_DB) on ALSA's null device ($@: more arguments
# of `play`, such as a query) and sets TUNES_PID, from the daemon's own answer ("… (pid N, socket …)"),
# and TUNES_SOCKET, its MPD socket.
tunes_daemon() {
  local started
  started="$("$TUNES" play --daemon --device null "$@")" || bench_die "tunes play --daemon failed"
  TUNES_PID="$(printf '%s\n' "$started" | sed -n 's/.*(pid \([0-9]*\).*/\1/p')"
  TUNES_SOCKET="${TUNES_MPD_SOCKET:-$XDG_RUNTIME_DIR/tunes/mpd.sock}"
}

# mpd_start $1 $2, then MPD's database of the music (`mpc update --wait`, not timed).
mpd_serving() {
  mpd_start "$1" "$2"
  mpc update --wait >/dev/null
}
