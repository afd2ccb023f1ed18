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

/// How entries are ordered by `sort`: a key and a direction. The spelling is the query language's
/// (`-year`, `sort:-year,title`), so a key learnt from `tunes ls songs sort:…` works here too.
public struct PlaylistSortKey: Sendable, Hashable {
  /// The query language's sort keys, then `track` (disc and track number) and `path`, which only
  /// playlists sort by.
  public enum Field: String, Sendable, CaseIterable {
    case title, artist, albumartist, album, year, duration, playcount, lastplayed, added, random, track, path
  }
  public var field: Field
  public var descending: Bool

  public init(field: Field, descending: Bool = false) {
    self.field = field
    self.descending = descending
  }

  /// One word: `KEY` or `-KEY` (descending), optionally after `sort:`; the older `KEY:desc`,
  /// `KEY:asc` and `plays` (for `playcount`) are still read, as they cannot mean anything else.
  public init(parsing text: String) throws {
    let keys = try Self.parseList(text)
    guard keys.count == 1 else { throw PlaylistError.unknownSortKey(text, valid: Self.validNames) }
    self = keys[0]
  }

  /// The keys of the words, in order: each word one key, or a `sort:` term with keys separated by
  /// commas (`sort:year,-title`), as a query writes them.
  public static func parseList(_ words: [String]) throws -> [PlaylistSortKey] {
    try words.flatMap(parseList)
  }

  private static func parseList(_ word: String) throws -> [PlaylistSortKey] {
    let lowered = word.lowercased()
    guard lowered.hasPrefix("sort:") else { return [try key(lowered, word: word)] }
    let parts = lowered.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false)
    return try parts.map { try key(String($0), word: word) }
  }

  private static func key(_ text: String, word: String) throws -> PlaylistSortKey {
    var name = Substring(text)
    var descending = false
    if name.hasPrefix("-") {
      descending = true
      name = name.dropFirst()
    } else if let colon = name.firstIndex(of: ":") {
      switch name[name.index(after: colon)...] {
      case "asc": break
      case "desc": descending = true
      default: throw PlaylistError.unknownSortKey(word, valid: validNames)
      }
      name = name[..<colon]
    }
    let field = name == "plays" ? Field.playcount : Field(rawValue: String(name))
    guard let field else { throw PlaylistError.unknownSortKey(word, valid: validNames) }
    return PlaylistSortKey(field: field, descending: descending)
  }

  static var validNames: [String] { Field.allCases.map(\.rawValue) }
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
