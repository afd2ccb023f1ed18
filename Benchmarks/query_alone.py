# The query alone, without process start: opens a tunes library database with SQLite and times the SQL
# `tunes search WORDS` runs for free words (as TunesLibrary/Query/QuerySQL.swift compiles them: one FTS5
# MATCH, every word a quoted prefix over title, artist, album and album artist, in the default order),
# median of 21 runs after one warm-up, rows fetched. Prints seconds. Usage: query_alone.py DB WORDS...
import sqlite3
import statistics
import sys
import time

db, words = sys.argv[1], " ".join(sys.argv[2:]).split()
columns = "{title artist album albumArtist}"
pattern = " AND ".join(f'{columns} : "{w.replace(chr(34), chr(34) * 2)}" *' for w in words)
order = ("song.albumArtist COLLATE NOCASE, song.album COLLATE NOCASE, song.discNumber, song.trackNumber, "
         "song.path")
# The columns a Song is decoded from (Song.selectedColumns in TunesLibrary/SongRecord.swift).
selected = ", ".join("song." + c for c in (
    "id path title artist album albumArtist trackNumber trackTotal discNumber discTotal year genre durationMs "
    "recordingMbid releaseMbid artistMbids playCount lastPlayedAt").split())
sql = f"SELECT {selected} FROM song WHERE song.id IN (SELECT rowid FROM song_ft WHERE song_ft MATCH ?) ORDER BY {order}"
connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
connection.execute(sql, (pattern,)).fetchall()
times = []
for _ in range(21):
    start = time.perf_counter()
    rows = connection.execute(sql, (pattern,)).fetchall()
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times):.6f}")
print(f"{len(rows)} rows", file=sys.stderr)
