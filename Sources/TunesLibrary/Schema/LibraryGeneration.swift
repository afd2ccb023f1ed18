// A counter every index run that writes raises, in the same transaction as its changes: how a process
// that did not run the index (the player serving MPD clients) learns that the library changed.
import GRDB

enum LibraryGenerationSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE libraryGeneration (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL);
        INSERT INTO libraryGeneration (id, generation) VALUES (1, 0);
        """)
  }
}

extension Library {
  /// Raised by every transaction of an index run that changes songs.
  static func raiseGeneration(_ db: Database) throws {
    try db.execute(sql: "UPDATE libraryGeneration SET generation = generation + 1 WHERE id = 1")
  }

  /// The library's generation: equal values mean no index run changed it in between. One row's read.
  public func generation() throws -> Int {
    try pool.read { db in try Int.fetchOne(db, sql: "SELECT generation FROM libraryGeneration WHERE id = 1") ?? 0 }
  }
}
