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
  /// A stand-in (`standIn`): its migrations create nothing.
  let standsIn: Bool

  /// `migrations` by identifier; each identifier must be one the ordered list gives to `area`.
  public init(_ area: SchemaArea, migrations: [String: Migration], songsIndexed: SongsIndexed? = nil) {
    self.init(area, migrations: migrations, songsIndexed: songsIndexed, standsIn: false)
  }

  private init(_ area: SchemaArea, migrations: [String: Migration], songsIndexed: SongsIndexed?, standsIn: Bool) {
    self.area = area
    self.migrations = migrations
    self.songsIndexed = songsIndexed
    self.standsIn = standsIn
  }

  /// A stand-in for `area`, for the tests of the library alone: every migration the ordered list gives
  /// the area, each creating nothing. A new library opened with one is built by replaying the migrations
  /// (Schema.isWhole), so it has none of the area's tables.
  static func standIn(_ area: SchemaArea) -> DatabaseArea {
    let nothing: Migration = { _ in }
    let identifiers = Schema.order.filter { $0.areas.contains(area) }.map(\.identifier)
    return DatabaseArea(
      area, migrations: Dictionary(uniqueKeysWithValues: identifiers.map { ($0, nothing) }), songsIndexed: nil,
      standsIn: true)
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
