// The values the store hands out: a playlist's summary, its entries (with missing ones flagged), and
// what an edit or an import did. Positions are 1-based, as users see them.
import Foundation
import TunesLibrary

public struct PlaylistSummary: Sendable, Codable, Hashable {
  public var name: String
  /// The saved query of a smart playlist; nil for an ordinary one.
  public var smartQuery: String?
  public var songCount: Int
  /// Entries whose song is not in the library (shown as missing, skipped when playing).
  public var missingCount: Int
  /// Sum of the known durations.
  public var durationMs: Int
  /// The playlist file it is kept in step with, for playlists found while indexing.
  public var sourcePath: String?
  /// The last change (MPD's `Last-Modified` of `listplaylists`).
  public var modifiedAt: Date?
  public var isSmart: Bool { smartQuery != nil }
}

public struct PlaylistEntry: Sendable, Codable, Hashable {
  public var position: Int
  /// The library song; nil when the entry is missing.
  public var songID: Int64?
  public var path: String
  public var title: String?
  public var artist: String?
  public var album: String?
  public var durationMs: Int?
  public var recordingMbid: String?
  public var isMissing: Bool { songID == nil }
}

public struct PlaylistContents: Sendable, Codable, Hashable {
  public var summary: PlaylistSummary
  public var entries: [PlaylistEntry]
  /// The songs to play, in order, missing entries skipped.
  public var playableSongIDs: [Int64] { entries.compactMap(\.songID) }
}

/// An entry of a playlist file that matched no indexed song; it is kept as a missing entry.
public struct UnmatchedEntry: Sendable, Codable, Hashable {
  public var position: Int
  public var entry: PlaylistFileEntry
  public var description: String {
    let names = [entry.artist, entry.title].compactMap { $0 }.joined(separator: " - ")
    let place = entry.location ?? entry.recordingMbid.map { "recording \($0)" } ?? ""
    return "\(position): " + [names, place].filter { !$0.isEmpty }.joined(separator: " ")
  }
}

public struct ImportReport: Sendable, Codable, Hashable {
  public var name: String
  public var entryCount: Int
  public var unmatched: [UnmatchedEntry]
}

/// How entries are ordered by `sort`: a key and a direction ("year:desc").
public struct PlaylistSortKey: Sendable, Hashable {
  public enum Field: String, Sendable, CaseIterable {
    case title, artist, album, albumartist, year, track, duration, path, plays
  }
  public var field: Field
  public var descending: Bool

  public init(field: Field, descending: Bool = false) {
    self.field = field
    self.descending = descending
  }

  /// `KEY`, `KEY:asc` or `KEY:desc`.
  public init(parsing text: String) throws {
    let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
    let valid = Field.allCases.map(\.rawValue)
    guard let first = parts.first, let field = Field(rawValue: first) else {
      throw PlaylistError.unknownSortKey(text, valid: valid)
    }
    switch parts.count > 1 ? parts[1] : "asc" {
    case "asc": self.init(field: field)
    case "desc": self.init(field: field, descending: true)
    default: throw PlaylistError.unknownSortKey(text, valid: valid)
    }
  }
}

/// A 1-based inclusive range of positions; `upper` nil means "to the end".
public struct PositionRange: Sendable, Hashable {
  public var lower: Int
  public var upper: Int?

  public init(_ lower: Int, _ upper: Int? = nil, open: Bool = false) {
    self.lower = lower
    self.upper = open ? nil : (upper ?? lower)
  }

  /// `N`, `N-M` or `N-` (to the end).
  public init(parsing text: String) throws {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard let lower = Int(parts[0]) else { throw PlaylistError.badRange(text) }
    if parts.count == 1 {
      self.init(lower)
    } else if parts[1].isEmpty {
      self.init(lower, open: true)
    } else if let upper = Int(parts[1]), upper >= lower {
      self.init(lower, upper)
    } else {
      throw PlaylistError.badRange(text)
    }
  }
}
