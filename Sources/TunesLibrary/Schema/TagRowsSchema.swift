// The rows of `songTag` written at less cost (migration `library-tag-rows-v2`), which made up some 40% of
// the SQLite work of a first index:
//
// - Which values a NOCASE comparison with ASCII text would misjudge: those holding one of the three
//   characters Unicode reads as an ASCII one (the Kelvin sign, the Greek question mark, the Greek varia) or
//   a NUL. The MPD server's filters find them through a partial index (SongReader.equalToASCII). The index
//   of `library-query-v1` stated that condition on the value itself, so SQLite evaluated four `instr` calls
//   for every tag row written: 15% of the CPU of writing a first index's rows. The indexer now decides it
//   once per value in Swift (`TagLookalike.holdsOne`, a byte scan) and writes a flag, `lookalike` (1, or
//   NULL for the others), which the partial index `songTag_lookalike` reads at the cost of one column test.
// - The table is clustered on its primary key (WITHOUT ROWID): a row is written into two b-trees (the
//   table and `songTag_value`) instead of three (the rowid table, its key's index, `songTag_value`). The
//   key's columns come first, in its order: with `value` declared between them, some builds of SQLite 3.40
//   had `PRAGMA integrity_check` report every value as NULL once `songTag_value` covered it (a false alarm,
//   which made `library-tags-v1` choose a rowid table; the indexer's tests check integrity after every run).
//
// The upgrade copies the rows into the new table, flagging them by the old condition (which the tests keep
// as the oracle of the Swift test), and builds the two indexes again.
import GRDB

enum TagRowsSchema {
  static func v2(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE songTagRows (
          songId INTEGER NOT NULL REFERENCES song(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          position INTEGER NOT NULL,
          value TEXT NOT NULL,
          lookalike INTEGER,
          PRIMARY KEY (songId, name, position)
        ) WITHOUT ROWID;
        INSERT INTO songTagRows (songId, name, value, position, lookalike)
          SELECT songId, name, value, position, CASE WHEN \(QuerySchema.asciiLookalike) THEN 1 END FROM songTag;
        DROP TABLE songTag;
        ALTER TABLE songTagRows RENAME TO songTag;
        CREATE INDEX songTag_value ON songTag(name, value COLLATE NOCASE, songId);
        CREATE INDEX songTag_lookalike ON songTag(name, songId) WHERE lookalike = 1;
        """)
  }
}

/// The indexer's reading of `QuerySchema.asciiLookalike`, for the `lookalike` flag of a value it writes.
enum TagLookalike {
  /// Whether `value` holds U+212A, U+037E, U+1FEF or a NUL.
  static func holdsOne(_ value: String) -> Bool {
    var value = value
    return value.withUTF8 { bytes in
      let count = bytes.count
      var k = 0
      while k < count {
        let b = bytes[k]
        if b == 0 { return true }
        // U+212A is E2 84 AA, U+037E is CD BE, U+1FEF is E1 BF AF in UTF-8.
        if b == 0xE2 && k + 2 < count && bytes[k + 1] == 0x84 && bytes[k + 2] == 0xAA { return true }
        if b == 0xCD && k + 1 < count && bytes[k + 1] == 0xBE { return true }
        if b == 0xE1 && k + 2 < count && bytes[k + 1] == 0xBF && bytes[k + 2] == 0xAF { return true }
        k += 1
      }
      return false
    }
  }
}
