// What one area above the library brings to the database it shares: the bodies of its migrations, by
// the identifiers the ordered list (Schema.swift) gives them, and what it does when the indexer writes
// songs. The owning module declares it beside its records and hands it to `Library.init`.
import GRDB

public struct DatabaseArea: Sendable {
  public typealias Migration = @Sendable (Database) throws -> Void
  /// Runs inside the indexer's batch transaction with the songs that batch inserted, updated or moved.
  public typealias SongsIndexed = @Sendable (Database, IndexedSongs) throws -> Void

  public let area: SchemaArea
  let migrations: [String: Migration]
  let songsIndexed: SongsIndexed?

  /// `migrations` by identifier; each identifier must be one the ordered list gives to `area`.
  public init(_ area: SchemaArea, migrations: [String: Migration], songsIndexed: SongsIndexed? = nil) {
    self.area = area
    self.migrations = migrations
    self.songsIndexed = songsIndexed
  }
}

/// The songs one indexer batch wrote, by id, with what identifies each of them: for areas that keep
/// references to songs by path or names (playlist entries) and follow them when a song comes back.
public struct IndexedSongs {
  let songs: [(Int64, IndexedSong)]

  public var isEmpty: Bool { songs.isEmpty }

  /// Each written song in the batch's order.
  public func forEach(_ body: (_ id: Int64, _ song: IndexedSong) throws -> Void) rethrows {
    for (id, song) in songs { try body(id, song) }
  }
}

/// What identifies a song the indexer wrote.
public struct IndexedSong {
  public var path: String
  public var recordingMbid: String?
  public var artist: String
  public var title: String
}
