// The floor of indexing: what any indexer pays on a library, measured apart from tunes.
//   index-floor read FOLDER BYTES   walks FOLDER (readdir + one fstatat a file), opens each .mp3/.flac/.ogg/
//                                   .opus/.m4a file, reads its first BYTES with pread and closes it
//   index-floor write SOURCE.db DEST.db [bare]
//                                   inserts every artist, album, song, full-text and songTag row of SOURCE
//                                   (a database `tunes index` wrote) into DEST (SOURCE's schema, made by the
//                                   caller) in one transaction with prepared statements; `bare`: the song
//                                   rows alone into a table of the same columns without indexes;
//                                   FLOOR_BATCH=N commits every N songs (with their full-text and tag rows);
//                                   FLOOR_DEFER=run drops DEST's secondary indexes (every index with SQL
//                                   of its own) before the first row and creates them again after the last,
//                                   FLOOR_DEFER=batch does so in every batch's transaction; FLOOR_PRAGMAS
//                                   runs more SQL on DEST after opening it (settings to compare)
// Prints CPU seconds (user + system, this process) and wall seconds of the measured part, tab-separated.
// Written in C so that what it measures is the kernel's and SQLite's work, not a language's.
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double cpu_seconds(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static double wall_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static const char *audio_suffixes[] = {".mp3", ".flac", ".ogg", ".opus", ".m4a", NULL};

static int is_audio(const char *name) {
  size_t n = strlen(name);
  for (const char **s = audio_suffixes; *s; s++) {
    size_t k = strlen(*s);
    if (n > k && strcasecmp(name + n - k, *s) == 0) return 1;
  }
  return 0;
}

static long files_read;
static char *block;
static size_t block_size;

static void walk(int parent, const char *name) {
  int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  DIR *dir = fdopendir(fd);
  if (!dir) return;
  struct dirent *entry;
  while ((entry = readdir(dir))) {
    if (entry->d_name[0] == '.') continue;
    struct stat info;
    if (fstatat(fd, entry->d_name, &info, 0) != 0) continue;
    if (S_ISDIR(info.st_mode)) {
      walk(fd, entry->d_name);
    } else if (S_ISREG(info.st_mode) && is_audio(entry->d_name)) {
      int file = openat(fd, entry->d_name, O_RDONLY | O_CLOEXEC);
      if (file < 0) continue;
      if (pread(file, block, block_size, 0) > 0) files_read++;
      close(file);
    }
  }
  closedir(dir);
}

static void check(int rc, sqlite3 *db, const char *what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    fprintf(stderr, "index-floor: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
  }
}

/// One table's rows of SOURCE, held as SQLite values so that loading them is not measured.
struct rows {
  int columns;
  long count;
  sqlite3_value **values;
};

static struct rows load(sqlite3 *db, const char *sql) {
  struct rows rows = {0, 0, NULL};
  sqlite3_stmt *statement;
  check(sqlite3_prepare_v2(db, sql, -1, &statement, NULL), db, sql);
  rows.columns = sqlite3_column_count(statement);
  long capacity = 0;
  while (sqlite3_step(statement) == SQLITE_ROW) {
    if (rows.count == capacity) {
      capacity = capacity ? capacity * 2 : 1024;
      rows.values = realloc(rows.values, capacity * rows.columns * sizeof(sqlite3_value *));
    }
    for (int c = 0; c < rows.columns; c++)
      rows.values[rows.count * rows.columns + c] = sqlite3_value_dup(sqlite3_column_value(statement, c));
    rows.count++;
  }
  sqlite3_finalize(statement);
  return rows;
}

/// Inserts rows `from..<to` of `rows` with `sql` (one parameter per column), the statement prepared once.
static void insert_range(sqlite3 *db, const char *sql, struct rows rows, long from, long to) {
  sqlite3_stmt *statement;
  check(sqlite3_prepare_v2(db, sql, -1, &statement, NULL), db, sql);
  for (long r = from; r < to && r < rows.count; r++) {
    for (int c = 0; c < rows.columns; c++) sqlite3_bind_value(statement, c + 1, rows.values[r * rows.columns + c]);
    check(sqlite3_step(statement), db, sql);
    sqlite3_reset(statement);
  }
  sqlite3_finalize(statement);
}

static void insert(sqlite3 *db, const char *sql, struct rows rows) { insert_range(db, sql, rows, 0, rows.count); }

/// The one text value `select` gives on `db` ("" for NULL), to be freed by the caller.
static char *select_text(sqlite3 *db, const char *select) {
  sqlite3_stmt *statement;
  check(sqlite3_prepare_v2(db, select, -1, &statement, NULL), db, select);
  check(sqlite3_step(statement), db, select);
  const unsigned char *text = sqlite3_column_text(statement, 0);
  char *result = strdup(text ? (const char *)text : "");
  sqlite3_finalize(statement);
  return result;
}

/// The CREATE INDEX statements of `db`'s secondary indexes (those with SQL of their own), joined by ";".
static char *index_sql(sqlite3 *db) {
  return select_text(db, "SELECT group_concat(sql, ';') FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
}

/// "DROP INDEX name;" for each secondary index of `db`.
static char *drop_sql(sqlite3 *db) {
  return select_text(
      db, "SELECT group_concat('DROP INDEX ' || name, ';') FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
}

/// "INSERT INTO table (columns) VALUES (?, …)" for the columns of a SELECT on SOURCE.
static char *insert_sql(sqlite3 *db, const char *table, const char *select) {
  sqlite3_stmt *statement;
  check(sqlite3_prepare_v2(db, select, -1, &statement, NULL), db, select);
  int n = sqlite3_column_count(statement);
  size_t size = 64 + strlen(table);
  for (int c = 0; c < n; c++) size += strlen(sqlite3_column_name(statement, c)) + 6;
  char *sql = malloc(size);
  char *p = sql + sprintf(sql, "INSERT INTO %s (", table);
  for (int c = 0; c < n; c++) p += sprintf(p, "%s%s", c ? ", " : "", sqlite3_column_name(statement, c));
  p += sprintf(p, ") VALUES (");
  for (int c = 0; c < n; c++) p += sprintf(p, "%s?", c ? ", " : "");
  sprintf(p, ")");
  sqlite3_finalize(statement);
  return sql;
}

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "read") == 0) {
    block_size = strtoul(argv[3], NULL, 10);
    block = malloc(block_size);
    double cpu = cpu_seconds(), wall = wall_seconds();
    walk(AT_FDCWD, argv[2]);
    printf("%.4f\t%.4f\t%ld files\n", cpu_seconds() - cpu, wall_seconds() - wall, files_read);
    return 0;
  }
  if (argc >= 4 && strcmp(argv[1], "write") == 0) {
    int bare = argc >= 5 && strcmp(argv[4], "bare") == 0;
    sqlite3 *source, *dest;
    check(sqlite3_open_v2(argv[2], &source, SQLITE_OPEN_READONLY, NULL), source, argv[2]);
    check(sqlite3_open(argv[3], &dest), dest, argv[3]);
    check(sqlite3_exec(dest, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY",
            NULL, NULL, NULL), dest, "pragmas");
    // FLOOR_PRAGMAS: more settings to try on DEST (e.g. "PRAGMA wal_autocheckpoint = 0").
    if (getenv("FLOOR_PRAGMAS")) check(sqlite3_exec(dest, getenv("FLOOR_PRAGMAS"), NULL, NULL, NULL), dest, "FLOOR_PRAGMAS");
    const char *songs = "SELECT * FROM song ORDER BY id";
    const char *full_text = "SELECT id, title, artist, album, albumArtist, genre FROM song ORDER BY id";
    const char *tags = "SELECT * FROM songTag ORDER BY songId, name, position";  // the songs' order, as written
    struct rows song = load(source, songs), artist = load(source, "SELECT * FROM artist ORDER BY id"),
                album = load(source, "SELECT * FROM album ORDER BY id"), text = load(source, full_text),
                tag = load(source, tags);
    char *song_sql = insert_sql(source, "song", songs);
    if (bare) {
      // The same columns, no index, no full-text row, no tag rows: what the values alone cost to write.
      sqlite3_stmt *statement;
      check(sqlite3_prepare_v2(source, songs, -1, &statement, NULL), source, songs);
      char create[8192];
      char *p = create + sprintf(create, "CREATE TABLE song (");
      for (int c = 0; c < sqlite3_column_count(statement); c++)
        p += sprintf(p, "%s%s", c ? ", " : "", sqlite3_column_name(statement, c));
      sprintf(p, ")");
      sqlite3_finalize(statement);
      check(sqlite3_exec(dest, create, NULL, NULL, NULL), dest, create);
    }
    double cpu = cpu_seconds(), wall = wall_seconds();
    const char *text_sql = "INSERT INTO song_ft (rowid, title, artist, album, albumArtist, genre) VALUES (?, ?, ?, ?, ?, ?)";
    char *tag_sql = insert_sql(source, "songTag", tags);
    long batch = getenv("FLOOR_BATCH") ? atol(getenv("FLOOR_BATCH")) : 0;
    if (batch <= 0) batch = song.count;
    const char *defer = getenv("FLOOR_DEFER") ? getenv("FLOOR_DEFER") : "";
    int defer_run = strcmp(defer, "run") == 0, defer_batch = strcmp(defer, "batch") == 0;
    char *create_indexes = index_sql(dest), *drop_indexes = drop_sql(dest);
    check(sqlite3_exec(dest, "BEGIN", NULL, NULL, NULL), dest, "BEGIN");
    if (defer_run) check(sqlite3_exec(dest, drop_indexes, NULL, NULL, NULL), dest, drop_indexes);
    if (!bare) {
      insert(dest, insert_sql(source, "artist", "SELECT * FROM artist"), artist);
      insert(dest, insert_sql(source, "album", "SELECT * FROM album"), album);
    }
    // songTag rows follow their songs' order (by songId): each batch takes those of its songs.
    long next_tag = 0;
    for (long start = 0; start < song.count; start += batch) {
      if (start > 0) check(sqlite3_exec(dest, "COMMIT; BEGIN", NULL, NULL, NULL), dest, "COMMIT");
      if (defer_batch) check(sqlite3_exec(dest, drop_indexes, NULL, NULL, NULL), dest, drop_indexes);
      insert_range(dest, song_sql, song, start, start + batch);
      if (bare) continue;
      insert_range(dest, text_sql, text, start, start + batch);
      long last_id = sqlite3_value_int64(song.values[(start + batch < song.count ? start + batch : song.count) * song.columns - song.columns]);
      long end_tag = next_tag;
      while (end_tag < tag.count && sqlite3_value_int64(tag.values[end_tag * tag.columns]) <= last_id) end_tag++;
      insert_range(dest, tag_sql, tag, next_tag, end_tag);
      next_tag = end_tag;
      if (defer_batch) check(sqlite3_exec(dest, create_indexes, NULL, NULL, NULL), dest, create_indexes);
    }
    if (defer_run) check(sqlite3_exec(dest, create_indexes, NULL, NULL, NULL), dest, create_indexes);
    check(sqlite3_exec(dest, "COMMIT", NULL, NULL, NULL), dest, "COMMIT");
    check(sqlite3_close(dest), dest, "close");
    printf("%.4f\t%.4f\t%ld songs, %ld songTag rows\n", cpu_seconds() - cpu, wall_seconds() - wall, song.count,
           bare ? 0 : tag.count);
    return 0;
  }
  fprintf(stderr, "usage: index-floor read FOLDER BYTES | index-floor write SOURCE.db DEST.db [bare]\n");
  return 2;
}
