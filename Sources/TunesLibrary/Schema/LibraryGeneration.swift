// A counter every index run that writes raises, in the same transaction as its changes: how a process
// that did not run the index (the player serving MPD clients) learns that the library changed.
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

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

  /// Beside the database, the file every index run that changes songs replaces after each commit
  /// (`DB-generation`). A process that watches for other processes' index runs (the player) looks at this
  /// file alone: the database's own files change at each of the player's own saves as well, and reading
  /// the generation after each of those was a sixteenth of what playing a song cost.
  public static func generationMarkPath(database path: String) -> String { path + "-generation" }

  /// Replaces the generation mark (a new file renamed over the old: a new inode, whatever the clock's
  /// granularity). Best effort: a mark that could not be written only delays a watcher until the next.
  func markGeneration() {
    let mark = Self.generationMarkPath(database: path)
    let temporary = mark + ".\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    let text = Array("changed by an index run of pid \(getpid())\n".utf8)
    _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    if rename(temporary, mark) != 0 { unlink(temporary) }
  }

  /// The library's generation: equal values mean no index run changed it in between. One row's read.
  public func generation() throws -> Int {
    try pool.read { db in try Int.fetchOne(db, sql: "SELECT generation FROM libraryGeneration WHERE id = 1") ?? 0 }
  }
}
