# The query alone, without process start: opens a tunes library database with SQLite and times the
# full-text query `tunes search WORDS` runs (every word as a prefix, case and accents folded), median
# of 21 runs after one warm-up. Prints seconds. Usage: query_alone.py DB WORDS...
import sqlite3
import statistics
import sys
import time

db, words = sys.argv[1], sys.argv[2:]
pattern = " ".join('"' + w.replace('"', '""') + '"*' for w in " ".join(words).split())
sql = ("SELECT song.id, song.path, song.title, song.artist, song.album FROM song "
       "JOIN song_ft ON song_ft.rowid = song.id WHERE song_ft MATCH ? ORDER BY song_ft.rank")
connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
connection.execute(sql, (pattern,)).fetchall()
times = []
for _ in range(21):
    start = time.perf_counter()
    rows = connection.execute(sql, (pattern,)).fetchall()
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times):.6f}")
print(f"{len(rows)} rows", file=sys.stderr)
