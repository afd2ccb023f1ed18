// The one ordered list of migrations: the identifiers every shipped database recorded, in the order they
// ran, whichever modules declare their bodies now.
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct SchemaTests {
  static let shipped = [
    "library-v1", "playlists-v1", "playstate-v1", "listens-v1", "dashboard-v1", "listens-v2", "library-generation-v1",
    "library-fulltext-v2", "library-missing-v1", "library-replaygain-v1", "social-v1", "playstate-priority-v1",
    "stickers-v1", "library-tags-v1", "playstate-replaygain-v1", "loudness-v1", "listens-v3", "playstate-crossfade-v1",
    "library-file-tags-v1", "playstate-mixramp-v1", "library-query-v1",
    "library-catalogue-state-v1", "library-tag-rows-v2", "library-sort-order-v1", "loudness-v2",
    "playstate-listen-v1", "library-file-problems-v1", "playlists-source-hash-v1", "outbox-v1",
    "library-credits-v1", "playstate-told-listen-v1", "outbox-v2", "library-mbid-spellings-v1",
  ]

  @Test func theMigratorRunsTheShippedIdentifiersInTheirOrder() {
    #expect(Schema.migrator(areas: everyDatabaseArea).migrations == Self.shipped)
  }

  @Test func aNewLibraryRecordsEveryMigration() throws {
    let temp = try TempLibrary()
    let applied = try temp.library.pool.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
    #expect(applied == Self.shipped)
  }

  /// The stored final schema has every area's tables; a library opened with stand-ins of the areas above
  /// the library is built by replaying the migrations instead, and has only the library's own tables.
  @Test func aNewLibraryOfStandInsHasOnlyTheLibrarysTables() throws {
    let temp = try TempLibrary()
    let tables = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    let found = try temp.library.pool.read { try String.fetchAll($0, sql: tables) }
    let replayed = try DatabaseQueue()
    try Schema.migrator(areas: everyDatabaseArea).migrate(replayed)
    #expect(try found == replayed.read { try String.fetchAll($0, sql: tables) })
    #expect(found.contains("song") && found.contains("loudness"))
    for table in ["playlist", "queueItem", "playerState", "outbox", "dashboardCache", "sticker"] {
      #expect(!found.contains(table), "\(table) is another area's table")
    }
  }
}
