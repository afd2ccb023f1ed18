#!/usr/bin/env bash
# Real-time playback CPU of each format, beside mpd and beside the format's reference decoder: one song
# of SONG_SECONDS (default 60) of each of MP3, FLAC, Ogg Vorbis, Opus and AAC in M4A, played in real
# time by a `tunes play --daemon` to ALSA's null device and by Debian's mpd to its null output (which
# keeps time as a sound card would), both driven alike over their MPD sockets (`mpc clear`, `mpc add
# SONG`, then `mpc play` starts the clock), and decoded once by the reference decoder as fast as it can,
# its PCM sent nowhere:
#   MP3 mpg123 -s · FLAC flac -d · Vorbis oggdec · Opus opusdec · M4A ffmpeg -f s16le
# CPU is user + system time of the whole server process, every thread (/proc/PID/stat), from `play`
# until the server says it stopped (both polled once a second with `mpc status`); the reference's is
# its own total (wait4). The two servers play the same song at the same time: alone, each would double
# the run's length, and CPU time does not count the waiting one does while the other runs.
# Prints CPU seconds per audio minute and the ratios tunes/mpd (aim ≤ 1) and tunes/decoder (aim → 2).
# Usage: Benchmarks/play-mpd-cpu.sh [RUNS]   (default 1; SONG_SECONDS=60, FORMATS="mp3 flac ogg opus m4a",
#        TUNES_BIN, BENCH_SKIP_BUILD=1)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

RUNS="${1:-1}"
SONG_SECONDS="${SONG_SECONDS:-60}"
FORMATS="${FORMATS:-mp3 flac ogg opus m4a}"

bench_output play-mpd-cpu
ensure_tools mpd mpc sox lame flac oggenc opusenc ffmpeg mpg123 oggdec opusdec
TUNES=$(tunes_binary)
work="$(mktemp -d /tmp/tunes-play-mpd.XXXXXX)"  # short: socket paths must stay under 108 bytes
cleanup() {
  mpd_stop
  # This run's daemon only, never a player of the user's own.
  [ "${XDG_RUNTIME_DIR:-}" = "$work/run" ] && { "$TUNES" quit >/dev/null 2>&1 || true; }
  rm -rf "$work"
}
trap cleanup EXIT

echo "real-time playback CPU, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tunes: $TUNES; songs of $SONG_SECONDS s; runs: $RUNS (medians)"
echo

# Music-like audio: two tones over pink noise, each format as its usual encoder makes it.
private_tunes_home "$work"
music="$work/music"
sox -n -r 44100 -b 16 -e signed-integer -c 2 "$work/cd.wav" synth "$SONG_SECONDS" sine 220 sine 330 pinknoise vol 0.4
lame --quiet -V 2 --tt mp3 --ta Bench --tl Bench "$work/cd.wav" "$music/song.mp3"
flac -s -T TITLE=flac -T ARTIST=Bench -T ALBUM=Bench -o "$music/song.flac" "$work/cd.wav"
oggenc -Q -q 5 -t vorbis -a Bench -l Bench -o "$music/song.ogg" "$work/cd.wav"
opusenc --quiet --bitrate 128 --title opus --artist Bench --album Bench "$work/cd.wav" "$music/song.opus"
ffmpeg -v error -i "$work/cd.wav" -c:a aac -b:a 192k -metadata title=m4a -metadata artist=Bench "$music/song.m4a"
rm -f "$work/cd.wav"

"$TUNES" index "$music" >/dev/null || bench_die "tunes index failed"
tunes_daemon
MPD_HOST="$TUNES_SOCKET" mpc -q stop
mpd_serving "$work/mpd" "$music"
mpd_socket="$MPD_HOST"
for socket in "$TUNES_SOCKET" "$mpd_socket"; do
  [ "$(MPD_HOST=$socket mpc listall | wc -l)" = 5 ] || bench_die "the server on $socket does not list the five songs"
done

# CPU seconds (user + system, all threads) process $1 has used so far.
cpu_of() { awk -v tick="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); split($0, f, " "); printf "%.2f\n", (f[12] + f[13]) / tick }' "/proc/$1/stat"; }

# Both servers play song $1 from its start; prints "tunes-cpu mpd-cpu" once both have stopped.
play_both() {
  local song="$1" socket t0 m0 t1="" m1=""
  for socket in "$TUNES_SOCKET" "$mpd_socket"; do
    MPD_HOST=$socket mpc -q clear
    MPD_HOST=$socket mpc -q add "$song"
  done
  t0=$(cpu_of "$TUNES_PID")
  m0=$(cpu_of "$MPD_PID")
  MPD_HOST=$TUNES_SOCKET mpc -q play
  MPD_HOST=$mpd_socket mpc -q play
  local waited=0
  while [ -z "$t1" ] || [ -z "$m1" ]; do
    sleep 1
    waited=$((waited + 1))
    [ "$waited" -lt $((SONG_SECONDS * 3 + 60)) ] || bench_die "$song never ended"
    if [ -z "$t1" ] && ! MPD_HOST=$TUNES_SOCKET mpc status | grep -q '^\[playing\]'; then t1=$(cpu_of "$TUNES_PID"); fi
    if [ -z "$m1" ] && ! MPD_HOST=$mpd_socket mpc status | grep -q '^\[playing\]'; then m1=$(cpu_of "$MPD_PID"); fi
  done
  awk -v a="$t0" -v b="$t1" -v c="$m0" -v d="$m1" 'BEGIN { printf "%.2f %.2f\n", b - a, d - c }'
}

# CPU seconds of "$@" run to its end, its output discarded.
decoder_cpu() {
  /usr/bin/python3 -c '
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
if status != 0: sys.exit(f"{sys.argv[1]} failed ({status})")
print(f"{usage.ru_utime + usage.ru_stime:.3f}")' "$@"
}

reference() {
  case "$1" in
    song.mp3) echo mpg123 -q -s "$music/$1" ;;
    song.flac) echo flac -d -s -c --force-raw-format --endian=little --sign=signed "$music/$1" ;;
    song.ogg) echo oggdec -Q -R -o - "$music/$1" ;;
    song.opus) echo opusdec --quiet --rate 48000 --no-dither "$music/$1" - ;;
    song.m4a) echo ffmpeg -v error -i "$music/$1" -f s16le - ;;
  esac
}

per_minute() { awk -v s="$1" -v len="$SONG_SECONDS" 'BEGIN { printf "%.3f\n", s * 60 / len }'; }

printf '  %-6s %12s %12s %14s %10s %14s   (CPU s per audio minute, median of %d)\n' \
  format tunes mpd decoder tunes/mpd tunes/decoder "$RUNS"
for format in $FORMATS; do
  song="song.$format"
  t_list="" m_list="" d_list=""
  for ((i = 0; i < RUNS; i++)); do
    read -r t m < <(play_both "$song")
    t_list+="$t"$'\n'
    m_list+="$m"$'\n'
    # shellcheck disable=SC2046  # the reference's words
    d_list+="$(decoder_cpu $(reference "$song"))"$'\n'
  done
  t=$(per_minute "$(printf '%s' "$t_list" | median)")
  m=$(per_minute "$(printf '%s' "$m_list" | median)")
  d=$(per_minute "$(printf '%s' "$d_list" | median)")
  printf '%s\t%s\t%s\t%s\n' "$format" "$t" "$m" "$d" >>"$RESULTS"
  printf '  %-6s %12s %12s %14s %9s× %13s×\n' "$format" "$t" "$m" "$d" "$(ratio "$t" "$m")" "$(ratio "$t" "$d")"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); results: $RESULTS"
