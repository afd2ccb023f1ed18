#!/usr/bin/env bash
# Index and search benchmarks, side by side in one run: `tunes index` vs MPD's database creation vs
# `beet import`, the no-change rescan, `tunes search` vs `mpc search`, the query alone at 10k and 100k
# songs, tunes' peak memory indexing 100k files, and indexing 10k FLAC files (tunes vs MPD). Prints medians and ratios; writes Benchmarks/out/.
# Usage: Benchmarks/index.sh   (env: RUNS, RESCAN_RUNS, SEARCH_RUNS, BEETS_RUNS, PAIRS, QUERY, TUNES_BIN,
#        BENCH_SKIP_BUILD=1, SKIP_TUNES=1, SKIP_MPD=1, SKIP_BEETS=1, SKIP_100K=1, SKIP_FLAC=1)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

RUNS="${RUNS:-3}"               # full index runs (each from an empty database)
BEETS_RUNS="${BEETS_RUNS:-1}"   # beets takes about 100 s a run here
RESCAN_RUNS="${RESCAN_RUNS:-5}"
SEARCH_RUNS="${SEARCH_RUNS:-15}"
PAIRS="${PAIRS:-5}"             # tunes and MPD alternated, run by run (0: skip)
QUERY="${QUERY:-river}"         # a broad word: a word of titles and a prefix of artists ("Rivers")
GENRE_QUERY="${GENRE_QUERY:-genre:jazz}"  # a genre of about one song in ten (make-library.py's GENRES)
WORDS="${WORDS:-15}"            # title words sampled for the typical query alone at 100k

bench_output index

ensure_tools mpd mpc sqlite3 /usr/bin/time
lib10=$(make_library 10000)
work="$(mktemp -d "$OUT_DIR/index-work.XXXXXX")"
cleanup() { mpd_stop; rm -rf "$work" "${QUERY_COUNT:-}"; }
trap cleanup EXIT

have_tunes=0
if [ "${SKIP_TUNES:-0}" != 1 ]; then
  TUNES=$(tunes_binary)
  tunes_has "$TUNES" index && have_tunes=1 || bench_log "bench: this tunes has no \`index\` command yet: its side is skipped"
  QUERY_BIN=$(query_binary "$TUNES")
fi

echo "tunes index benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "library: $lib10 ($(find "$lib10" -name '*.mp3' | wc -l) files, $(du -sh "$lib10" | cut -f1)); page cache warmed before each tool"
echo "runs: index $RUNS (beets $BEETS_RUNS), rescan $RESCAN_RUNS, search $SEARCH_RUNS; medians of wall time"
echo

# Sets TIMED to the median of N timed runs of "$@", running the setup function $2 (untimed) before
# each. Not in a subshell: a setup may start a server whose pid and address the caller keeps.
timed_runs() {
  local runs="$1" setup="$2" i list=""; shift 2
  for ((i = 0; i < runs; i++)); do
    "$setup"
    list+="$(time_once "$@")"$'\n'
  done
  TIMED=$(printf '%s' "$list" | median)
}
nothing() { :; }

# The query alone: median seconds of tunes' own query (parse, SQL, decoding, order) in-process, from the
# tunes-query harness; n/a without it. With QUERY_IDS=1, the query returning the songs' ids alone (the SQL,
# no song read or decoded; `tunes-query --ids`, harnesses from 2026-11-25 on). The song count goes to the
# file $QUERY_COUNT. Usage: query_alone DB WORDS...
QUERY_COUNT="$(mktemp)"
query_alone() {
  local db="$1"; shift
  [ -n "${QUERY_BIN:-}" ] && "$QUERY_BIN" --db "$db" ${QUERY_IDS:+--ids} "$@" 2>"$QUERY_COUNT" || echo n/a
}

# Sets T_WORDS to the median and W_WORDS to a summary (the slowest word, its song count) of the query
# alone over $2 title words of the library in DB $1, spread evenly over its sorted distinct words (words
# of four bytes or more with a letter; a word of symbols alone filters nothing, so it lists everything).
typical_words() {
  local db="$1" count="$2" word t list="" slowest=0 slowest_word="" slowest_count=""
  local words; words=$(sqlite3 "$db" "SELECT DISTINCT lower(title) FROM song" | tr -s '[:space:][:punct:]' '\n' |
    awk 'length($0) >= 4 && /[a-z]/' | sort -u |
    awk -v k="$count" '{ w[NR] = $0 } END { for (i = 1; i <= k; i++) print w[int((i - 0.5) * NR / k) + 1] }')
  for word in $words; do
    t=$(query_alone "$db" "$word"); [ "$t" = n/a ] && { T_WORDS=n/a; W_WORDS=""; return; }
    list+="$t"$'\n'
    if awk -v a="$t" -v b="$slowest" 'BEGIN { exit !(a > b) }'; then
      slowest=$t; slowest_word=$word; slowest_count=$(cat "$QUERY_COUNT")
    fi
  done
  T_WORDS=$(printf '%s' "$list" | median)
  W_WORDS="$(echo $words | wc -w) words, slowest \"$slowest_word\" $(ms "$slowest") ms ($slowest_count)"
}

t_index=n/a; t_rescan=n/a; t_search=n/a; t_query10=n/a; t_query100=n/a; t_ls10=n/a; t_ls100=n/a; rss100=n/a; t_index100=n/a; t_search100=n/a
t_words=n/a; w_words=""
m_index=n/a; m_rescan=n/a; m_search=n/a; m_rss=n/a
p_index=n/a; p_rescan=n/a; p_search=n/a; rss100_rescan=n/a
b_index=n/a; b_rescan=n/a

# MARK: tunes
tunes_db="$work/tunes.db"
fresh_tunes_db() { rm -f "$tunes_db" "$tunes_db-wal" "$tunes_db-shm"; }
if [ "$have_tunes" = 1 ]; then
  echo "== tunes ($("$TUNES" --version 2>/dev/null || echo '?'); load $(load))"
  warm_cache "$lib10"
  timed_runs "$RUNS" fresh_tunes_db "$TUNES" index "$lib10" --db "$tunes_db"; t_index=$TIMED
  record "index 10k: tunes index (empty db)" "$t_index" s
  "$TUNES" index "$lib10" --db "$tunes_db" >/dev/null 2>&1 || true
  timed_runs "$RESCAN_RUNS" nothing "$TUNES" index "$lib10" --db "$tunes_db"; t_rescan=$TIMED
  record "rescan 10k, no change: tunes index" "$t_rescan" s
  timed_runs "$SEARCH_RUNS" nothing "$TUNES" search "$QUERY" --db "$tunes_db"; t_search=$TIMED
  record "search end to end: tunes search $QUERY" "$t_search" s "$("$TUNES" search "$QUERY" --db "$tunes_db" 2>/dev/null | wc -l) lines"
  timed_runs "$SEARCH_RUNS" nothing "$TUNES" ls songs "$QUERY" --json --db "$tunes_db"; t_ls10=$TIMED
  record "query end to end 10k: tunes ls songs $QUERY --json" "$t_ls10" s
  t_query10=$(query_alone "$tunes_db" "$QUERY")
  record "query alone 10k: $QUERY (tunes-query, in-process)" "$t_query10" s "$(cat "$QUERY_COUNT")"
  echo
fi

# MARK: MPD
if [ "${SKIP_MPD:-0}" != 1 ]; then
  echo "== MPD ($(mpd --version | sed -n 1p | sed 's/ (.*//'); load $(load))"
  mpd_home="$work/mpd"
  fresh_mpd() { mpd_stop; rm -f "$mpd_home/mpd.db"; mpd_start "$mpd_home" "$lib10"; warm_cache "$lib10"; }
  timed_runs "$RUNS" fresh_mpd mpc update --wait; m_index=$TIMED
  record "index 10k: mpd database creation (mpc update --wait)" "$m_index" s "$(mpc stats | awk '/Songs/ { print $2 }') songs"
  timed_runs "$RESCAN_RUNS" nothing mpc update --wait; m_rescan=$TIMED
  record "rescan 10k, no change: mpc update --wait" "$m_rescan" s
  timed_runs "$SEARCH_RUNS" nothing mpc search any "$QUERY"; m_search=$TIMED
  record "search end to end: mpc search any $QUERY" "$m_search" s "$(mpc search any "$QUERY" | wc -l) lines"
  m_rss=$(rss_mb "$MPD_PID")
  record "mpd RSS, idle with the 10k database" "$m_rss" MB
  mpd_stop
  echo
fi

# MARK: tunes and MPD alternated
# The sections above time each tool in its own minutes; on a shared machine the load moves between
# them. Here each tunes run is followed by the same MPD run, and the ratio of each pair is kept: both
# sides of a pair see the same load. Medians of the pairs' ratios.
pair_ratios() {  # setup_tunes setup_mpd tunes-command... -- mpd-command...
  local setup_t="$1" setup_m="$2" i t m list=""; shift 2
  local -a tcmd=() mcmd=()
  while [ "$1" != -- ]; do tcmd+=("$1"); shift; done
  shift
  mcmd=("$@")
  for ((i = 0; i < PAIR_RUNS; i++)); do
    "$setup_t"; t=$(time_once "${tcmd[@]}")
    "$setup_m"; m=$(time_once "${mcmd[@]}")
    list+="$(awk -v m="$m" -v t="$t" 'BEGIN { printf "%.4f", m / t }')"$'\n'
  done
  PAIRED=$(printf '%s' "$list" | median)
}
if [ "$have_tunes" = 1 ] && [ "${SKIP_MPD:-0}" != 1 ] && [ "$PAIRS" -gt 0 ]; then
  echo "== tunes and MPD alternated, run by run ($PAIRS pairs; load $(load))"
  fresh_tunes_warm() { fresh_tunes_db; warm_cache "$lib10"; }
  PAIR_RUNS=$PAIRS
  pair_ratios fresh_tunes_warm fresh_mpd "$TUNES" index "$lib10" --db "$tunes_db" -- mpc update --wait; p_index=$PAIRED
  record "index 10k, MPD/tunes per pair (median)" "$p_index" x
  pair_ratios nothing nothing "$TUNES" index "$lib10" --db "$tunes_db" -- mpc update --wait; p_rescan=$PAIRED
  record "no-change rescan, MPD/tunes per pair (median)" "$p_rescan" x
  PAIR_RUNS=$SEARCH_RUNS
  pair_ratios nothing nothing "$TUNES" search "$QUERY" --db "$tunes_db" -- mpc search any "$QUERY"; p_search=$PAIRED
  record "search end to end, mpc/tunes per pair (median)" "$p_search" x
  mpd_stop
  echo
fi

# MARK: beets
if [ "${SKIP_BEETS:-0}" != 1 ]; then
  venv="$OUT_DIR/beets-venv"
  if [ ! -x "$venv/bin/beet" ]; then
    bench_log "bench: installing beets from PyPI into $venv"
    { /usr/bin/python3 -m venv "$venv" && "$venv/bin/pip" install -q beets; } >"$OUT_DIR/beets-install.log" 2>&1 || true
  fi
  if [ -x "$venv/bin/beet" ]; then
    export BEETSDIR="$work/beets"  # before any beet command: never the user's ~/.config/beets
    mkdir -p "$BEETSDIR"
    printf 'directory: %s\nlibrary: %s\nimport:\n  copy: no\n  write: no\n  autotag: no\nplugins: []\n' \
      "$BEETSDIR/music" "$BEETSDIR/library.db" >"$BEETSDIR/config.yaml"
    echo "== beets ($("$venv/bin/beet" version 2>/dev/null | grep -i '^beets version' | sed -n 1p); load $(load))"
    fresh_beets() { rm -f "$BEETSDIR/library.db" "$BEETSDIR/state.pickle"; warm_cache "$lib10"; }
    timed_runs "$BEETS_RUNS" fresh_beets "$venv/bin/beet" import -A -q -C -W "$lib10"; b_index=$TIMED
    record "index 10k: beet import -A -q -C -W" "$b_index" s "$("$venv/bin/beet" stats 2>/dev/null | awk '/Tracks/ { print $2 }') tracks"
    timed_runs 1 nothing "$venv/bin/beet" update; b_rescan=$TIMED
    record "rescan 10k, no change: beet update" "$b_rescan" s
    echo
  else
    echo "== beets: could not be installed from PyPI (see $OUT_DIR/beets-install.log); skipped"
    echo
  fi
fi

# MARK: FLAC
# The same 10k library as FLAC files (2–5 s clips, Vorbis comments with the same fields, PICTURE blocks):
# tunes reads the metadata blocks alone, MPD opens each file with libFLAC. Alternated run by run as above.
if [ "$have_tunes" = 1 ] && [ "${SKIP_MPD:-0}" != 1 ] && [ "${SKIP_FLAC:-0}" != 1 ]; then
  flac10="$OUT_DIR/lib-10000-flac"
  if [ ! -f "$flac10/.complete" ]; then
    rm -rf "$flac10"
    bench_log "bench: making a 10000-file FLAC library in $flac10 (once; about 270 KB a file)"
    /usr/bin/python3 "$BENCH_DIR/make-library.py" --count 10000 --out "$flac10" --seed 1 --format flac >/dev/null ||
      bench_die "make-library.py --format flac failed"
    touch "$flac10/.complete"
  fi
  echo "== FLAC: $(find "$flac10" -name '*.flac' | wc -l) files, $(du -sh "$flac10" | cut -f1) (load $(load))"
  flac_db="$work/tunes-flac.db"
  fresh_flac_db() { rm -f "$flac_db" "$flac_db-wal" "$flac_db-shm"; warm_cache "$flac10"; }
  flac_mpd() { mpd_stop; rm -f "$work/mpd-flac/mpd.db"; mpd_start "$work/mpd-flac" "$flac10"; warm_cache "$flac10"; }
  PAIR_RUNS=$PAIRS
  pair_ratios fresh_flac_db flac_mpd "$TUNES" index "$flac10" --db "$flac_db" -- mpc update --wait; f_ratio=$PAIRED
  record "index 10k FLAC, MPD/tunes per pair (median)" "$f_ratio" x "$(mpc stats | awk '/Songs/ { print $2 }') songs in MPD"
  mpd_stop
  timed_runs "$RUNS" fresh_flac_db "$TUNES" index "$flac10" --db "$flac_db"; t_flac=$TIMED
  record "index 10k FLAC: tunes index (empty db)" "$t_flac" s "$(sqlite3 "$flac_db" 'SELECT count(*) FROM song') songs"
  echo
fi

# MARK: 100k songs (ten hard-linked copies of the 10k library under different folders)
if [ "$have_tunes" = 1 ] && [ "${SKIP_100K:-0}" != 1 ]; then
  echo "== tunes at 100k songs (load $(load))"
  lib100=$(make_copies "$lib10" 10)
  warm_cache "$lib10"
  db100="$work/tunes-100k.db"
  start=$(now_us)
  rss100=$(peak_rss_mb "$TUNES" index "$lib100" --db "$db100")
  t_index100=$(awk -v d=$(( $(now_us) - start )) 'BEGIN { printf "%.3f\n", d / 1e6 }')
  record "index 100k: tunes index, peak RSS" "$rss100" MB
  record "index 100k: tunes index, wall time (one run)" "$t_index100" s
  rss100_rescan=$(peak_rss_mb "$TUNES" index "$lib100" --db "$db100")
  record "rescan 100k, no change: tunes index, peak RSS" "$rss100_rescan" MB
  timed_runs "$SEARCH_RUNS" nothing "$TUNES" search "$QUERY" --db "$db100"; t_search100=$TIMED
  record "search end to end 100k: tunes search $QUERY" "$t_search100" s
  timed_runs "$SEARCH_RUNS" nothing "$TUNES" ls songs "$QUERY" --json --db "$db100"; t_ls100=$TIMED
  record "query end to end 100k: tunes ls songs $QUERY --json" "$t_ls100" s
  t_query100=$(query_alone "$db100" "$QUERY")
  record "query alone 100k: $QUERY (tunes-query, in-process)" "$t_query100" s "$(cat "$QUERY_COUNT")"
  typical_words "$db100" "$WORDS"; t_words=$T_WORDS; w_words=$W_WORDS
  record "query alone 100k: median over title words" "$t_words" s "$w_words"
  t_genre100=$(query_alone "$db100" "$GENRE_QUERY")
  record "query alone 100k: $GENRE_QUERY (tunes-query, in-process)" "$t_genre100" s "$(cat "$QUERY_COUNT")"
  QUERY_IDS=1 typical_words "$db100" "$WORDS"; t_words_ids=$T_WORDS
  record "query alone 100k, ids only: median over title words" "$t_words_ids" s "$W_WORDS"
  t_genre100_ids=$(QUERY_IDS=1 query_alone "$db100" "$GENRE_QUERY")
  record "query alone 100k, ids only: $GENRE_QUERY" "$t_genre100_ids" s "$(cat "$QUERY_COUNT")"
  echo
fi

# MARK: summary
echo "== summary (and the aims)"
printf '  %-44s %10s %10s %10s   %s\n' "" tunes mpd beets "ratios (aim)"
printf '  %-44s %10s %10s %10s   mpd/tunes %s (>=10), beets/tunes %s (>=50)\n' "index 10k files (s)" \
  "$t_index" "$m_index" "$b_index" "$(ratio "$m_index" "$t_index")" "$(ratio "$b_index" "$t_index")"
printf '  %-44s %10s %10s %10s   mpd/tunes %s (tunes < 0.1 s)\n' "no-change rescan (s)" \
  "$t_rescan" "$m_rescan" "$b_rescan" "$(ratio "$m_rescan" "$t_rescan")"
printf '  %-44s %10s %10s %10s   mpc/tunes %s (>=1)\n' "search end to end (ms)" \
  "$(ms "$t_search")" "$(ms "$m_search")" "" "$(ratio "$m_search" "$t_search")"
printf '  %-44s %10s   100k/10k %s (100k < 5 ms)\n' "query alone $QUERY 10k / 100k (ms)" \
  "$(ms "$t_query10") / $(ms "$t_query100")" "$(ratio "$t_query100" "$t_query10")"
printf '  %-44s %10s   (100k < 5 ms) %s\n' "query alone 100k, median of title words (ms)" "$(ms "$t_words")" "$w_words"
printf '  %-44s %10s   (100k < 5 ms)\n' "query alone 100k, $GENRE_QUERY (ms)" "$(ms "${t_genre100:-n/a}")"
printf '  %-44s %10s   (no song read or decoded)\n' "ids only 100k, title words / $GENRE_QUERY (ms)" \
  "$(ms "${t_words_ids:-n/a}") / $(ms "${t_genre100_ids:-n/a}")"
printf '  %-44s %10s\n' "tunes search 10k / 100k (ms)" "$(ms "$t_search") / $(ms "$t_search100")"
printf '  %-44s %10s\n' "tunes ls songs --json 10k / 100k (ms)" "$(ms "$t_ls10") / $(ms "$t_ls100")"
printf '  %-44s %10s   (aim < 100 MB; mpd idles at %s MB)\n' "peak RSS indexing 100k (MB)" "$rss100" "$m_rss"
printf '  %-44s %10s   (aim < 100 MB)\n' "peak RSS, no-change rescan of 100k (MB)" "$rss100_rescan"
printf '  %-44s %10s   index %s (>=10), rescan %s, search %s (>=1)\n' "MPD/tunes, alternated run by run (x)" "" \
  "$p_index" "$p_rescan" "$p_search"
echo
echo "results: $RESULTS"
