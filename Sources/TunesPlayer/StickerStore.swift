// Reads and writes the stickers of songs (StickerSchema) for the MPD `sticker` commands. Each call is
// one transaction; the store keeps nothing in memory.
import Foundation
import GRDB
import TunesLibrary

public struct StickerStore: Sendable {
  private let tables: AreaDatabase

  public init(library: Library) { tables = library.database(for: .stickers) }

  /// The value of the song's sticker `name`, nil when it has none.
  public func value(path: String, name: String) throws -> String? {
    try tables.read { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM sticker WHERE type = 'song' AND path = ? AND name = ?", arguments: [path, name])
    }
  }

  /// Sets (or replaces) the song's sticker `name`.
  public func set(path: String, name: String, value: String) throws {
    try tables.write { db in
      try db.execute(
        sql: "UPDATE sticker SET value = ? WHERE type = 'song' AND path = ? AND name = ?", arguments: [value, path, name])
      if db.changesCount == 0 {
        try db.execute(
          sql: "INSERT INTO sticker (type, path, name, value) VALUES ('song', ?, ?, ?)", arguments: [path, name, value])
      }
    }
  }

  /// Deletes the song's sticker `name`, or all its stickers when nil; returns whether any was there.
  @discardableResult
  public func delete(path: String, name: String?) throws -> Bool {
    try tables.write { db in
      if let name {
        try db.execute(sql: "DELETE FROM sticker WHERE type = 'song' AND path = ? AND name = ?", arguments: [path, name])
      } else {
        try db.execute(sql: "DELETE FROM sticker WHERE type = 'song' AND path = ?", arguments: [path])
      }
      return db.changesCount > 0
    }
  }

  /// Every sticker of the song, by name (as MPD lists them).
  public func all(path: String) throws -> [(name: String, value: String)] {
    try tables.read { db in
      try Row.fetchAll(
        db, sql: "SELECT name, value FROM sticker WHERE type = 'song' AND path = ? ORDER BY name", arguments: [path]
      ).map { ($0["name"], $0["value"]) }
    }
  }

  /// The songs whose path starts with `prefix` that have a sticker `name`, with its value, by path (the
  /// order of MPD's sticker index).
  public func find(pathPrefix prefix: String, name: String) throws -> [(path: String, value: String)] {
    try tables.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT path, value FROM sticker
          WHERE type = 'song' AND name = ? AND substr(path, 1, length(?)) = ?
          ORDER BY path
          """, arguments: [name, prefix, prefix]
      ).map { ($0["path"], $0["value"]) }
    }
  }
}
