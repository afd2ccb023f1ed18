// Indexes for the reads that walked every song (migration `library-query-v1`):
//
// - `artist:=X` compared `lower(artist)` and read the whole song table (45–83 ms at 100k songs); this
//   NOCASE index orders the names as the query now compares them (`= ? COLLATE NOCASE`, ASCII letters
//   folded, as lower() folds them). The album artist is the first column of `song_defaultOrder`, which
//   serves it already; `album:=X` and `title:=X` find their songs through the full-text index (QuerySQL):
//   NOCASE indexes on all three names made indexing a tenth slower.
// - The MPD server's filters on tags stored one value at a time (artists, genres, composers…) find their
//   songs through `songTag_value` and read only those. Two partial indexes, empty in most libraries,
//   give what that index cannot: the songs whose tags were never stored one by one (`tagsStored = 0`),
//   and the values a NOCASE comparison with ASCII text would misjudge: those holding one of the three
//   characters Unicode reads as an ASCII one (the Kelvin sign, the Greek question mark, the Greek
//   varia), and those holding a NUL, which every reader of the library cuts there.
//
// Creating indexes changes no row: an old database upgrades in place, and every write the indexer makes
// keeps them in step as SQLite keeps any index.
import GRDB

enum QuerySchema {
  /// The condition of `songTag_asciiLookalike`: U+212A, U+037E, U+1FEF, NUL. That index is replaced by
  /// `songTag_lookalike` (TagRowsSchema), whose upgrade uses this condition once.
  static let asciiLookalike =
    "(instr(value, char(8490)) > 0 OR instr(value, char(894)) > 0 OR instr(value, char(8175)) > 0 OR instr(value, char(0)) > 0)"

  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE INDEX song_artist ON song(artist COLLATE NOCASE);
        CREATE INDEX song_tagsUnstored ON song(tagsStored) WHERE tagsStored = 0;
        CREATE INDEX songTag_asciiLookalike ON songTag(name, songId) WHERE \(asciiLookalike);
        """)
  }
}
