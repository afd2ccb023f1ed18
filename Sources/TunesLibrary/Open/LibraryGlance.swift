// A library looked at for a moment: the shell completions ask for names on every TAB, so this opens the
// file read-only without the pool, the open lock or the migrations a `Library` brings (nothing is
// created, migrated or waited for long), asks one SELECT, and answers nothing when there is no library
// to read. The songs' names are read here because the song table is the library's; another area reads
// its own table through `read(_:)`, as it would through `Library.database(for:)`.
import Foundation
import GRDB

public struct LibraryGlance {
  let queue: DatabaseQueue

  /// The library at `path`; nil when there is no SQLite file there or it cannot be opened. A writer
  /// holding the database is waited for 0.2 s at most.
  public init?(path: String) {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    let start = (try? handle.read(upToCount: LibraryFileProbe.header.count)).map { [UInt8]($0) } ?? []
    try? handle.close()
    guard start == LibraryFileProbe.header else { return nil }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(0.2)
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
    self.queue = queue
  }

  /// Artists and album artists: the credits and the separate names (what `--artist` takes), sorted
  /// without regard to case.
  public func artistNames() -> [String] {
    strings(
      """
      SELECT artist FROM song WHERE artist <> '' UNION SELECT albumArtist FROM song WHERE albumArtist <> ''
      UNION SELECT value FROM songTag WHERE name = 'artist' AND value <> ''
      ORDER BY 1 COLLATE NOCASE
      """)
  }

  /// Album titles; only those of `artist` (credited, album artist or one of the names) when given.
  public func albumTitles(artist: String? = nil) -> [String] {
    guard let artist else {
      return strings("SELECT DISTINCT album FROM song WHERE album <> '' ORDER BY 1 COLLATE NOCASE")
    }
    return strings(
      """
      SELECT DISTINCT album FROM song WHERE album <> '' AND (artist = ?1 OR albumArtist = ?1
        OR id IN (SELECT songId FROM songTag WHERE name = 'artist' AND value = ?1))
      ORDER BY 1 COLLATE NOCASE
      """, [artist])
  }

  /// One read of another area's own tables; nil when it fails (an old or foreign database).
  public func read<T>(_ body: (Database) throws -> T) -> T? {
    try? queue.read(body)
  }

  private func strings(_ sql: String, _ arguments: StatementArguments = []) -> [String] {
    (try? queue.read { db in try String.fetchAll(db, sql: sql, arguments: arguments) }) ?? []
  }
}
