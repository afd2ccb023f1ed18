// Test fixtures for TunesPlaylists: a fresh library database per test in its own temporary folder,
// a handful of songs, and the library's own query language for smart playlists and --query.
import Foundation
import GRDB
import TunesCore

@testable import TunesLibrary
@testable import TunesPlaylists

final class Fixture: Sendable {
  let folder: String
  let library: Library
  let store: PlaylistStore
  /// Songs by short key, as inserted (with ids).
  let songs: [String: Song]

  init() throws {
    let folder = NSTemporaryDirectory() + "tunes-playlists-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    var inserted: [String: Song] = [:]
    try library.pool.write { db in
      for (key, song) in Fixture.catalogue(root: folder + "/music") {
        var song = song
        try song.insert(db)
        inserted[key] = song
      }
    }
    self.folder = folder
    self.library = library
    songs = inserted
    store = PlaylistStore(library: library, query: { try library.songs(matching: $0) })
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  func song(_ key: String) -> Song { songs[key]! }

  static func catalogue(root: String) -> [(String, Song)] {
    [
      (
        "blues",
        Song(
          path: root + "/Zoë Keating/Into the Trees/01 Café Blues.mp3", title: "Café Blues", artist: "Zoë Keating",
          album: "Into the Trees", trackNumber: 1, year: 2010, durationMs: 215_000,
          recordingMbid: "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", playCount: 7)
      ),
      (
        "sun",
        Song(
          path: root + "/Zoë Keating/Into the Trees/02 Sun Will Set.mp3", title: "Sun Will Set", artist: "Zoë Keating",
          album: "Into the Trees", trackNumber: 2, year: 2010, durationMs: 301_500, playCount: 2)
      ),
      (
        "hey",
        Song(
          path: root + "/The Beatles/Abbey Road/03 Here Comes the Sun.mp3", title: "Here Comes the Sun",
          artist: "The Beatles", album: "Abbey Road", trackNumber: 7, year: 1969, durationMs: 185_000,
          recordingMbid: "ec0de6b4-1a4e-4d3c-8a36-7a0d7b2a9c11", playCount: 40)
      ),
      (
        "come",
        Song(
          path: root + "/The Beatles/Abbey Road/01 Come Together.mp3", title: "Come Together",
          artist: "The Beatles", album: "Abbey Road", trackNumber: 1, year: 1969, durationMs: 259_000, playCount: 12)
      ),
      (
        "hurt",
        Song(
          path: root + "/Johnny Cash/American IV/02 Hurt.mp3", title: "Hurt", artist: "Johnny Cash",
          album: "American IV", trackNumber: 2, year: 2002, durationMs: 218_000, playCount: 3)
      ),
    ]
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func playlistCount() throws -> Int {
    try library.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM playlist") ?? 0 }
  }

  func titles(_ name: String) async throws -> [String] {
    try await store.show(name: name).entries.map { $0.title ?? "?" }
  }
}

/// Runs `body` and returns the PlaylistError it throws (nil if it did not throw one).
func playlistError(_ body: () async throws -> Void) async -> PlaylistError? {
  do {
    try await body()
    return nil
  } catch let error as PlaylistError {
    return error
  } catch {
    return nil
  }
}

/// Runs `body` and returns whatever it throws.
func anyError(_ body: () async throws -> Void) async -> Error? {
  do {
    try await body()
    return nil
  } catch {
    return error
  }
}
