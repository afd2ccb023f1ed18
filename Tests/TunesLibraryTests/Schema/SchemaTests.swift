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
}
