// A file gone at one index run is kept as a missing song: hidden from listings, queries and the MPD
// view, its id, play count and playlist entries kept, and its row given back when the file returns
// (at its path, or moved: by its audio hash). `prune` deletes missing songs.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct MissingSongTests {
  /// Two songs in a folder that will go away, one that stays; the first played twice, in a playlist.
  func library() throws -> (TempLibrary, id: Int64, paths: [String]) {
    let temp = try TempLibrary()
    let first = try temp.write("Disk/Album/01.mp3", ["title": "First", "artist": "A", "album": "Gone Album", "hash": "h-1"])
    let second = try temp.write("Disk/Album/02.mp3", ["title": "Second", "artist": "A", "album": "Gone Album", "hash": "h-2"])
    try temp.write("Stays/01.mp3", ["title": "Stays", "artist": "B", "album": "Kept"])
    _ = try temp.index()
    let id = try #require(try temp.library.song(path: first)?.id)
    try temp.library.recordPlay(songID: id, at: Date())
    try temp.library.recordPlay(songID: id, at: Date())
    try temp.library.pool.write { db in
      try db.execute(sql: "INSERT INTO playlist (name, createdAt, modifiedAt) VALUES ('p', 0, 0)")
      try db.execute(
        sql: "INSERT INTO playlistItem (playlistId, position, songId, path, title, artist) VALUES (?, 1, ?, ?, 'First', 'A')",
        arguments: [db.lastInsertedRowID, id, first])
    }
    return (temp, id, [first, second])
  }

  func titles(_ temp: TempLibrary, _ query: String = "") throws -> [String] {
    try temp.library.songs(matching: query).map(\.title).sorted()
  }

  @Test func aVanishedFolderIsKeptAsMissingAndComesBackWithItsRows() throws {
    let (temp, id, paths) = try library()
    let disk = temp.music + "/Disk"
    try FileManager.default.moveItem(atPath: disk, toPath: temp.root + "/unmounted")
    let report = try temp.index()
    #expect(report.missing == paths && report.removed.isEmpty, "\(report)")
    #expect(try temp.count("SELECT count(*) FROM song") == 3)
    #expect(try temp.count("SELECT count(*) FROM playlistItem WHERE songId = \(id)") == 1)

    // Hidden from listings, queries, lookups and the MPD view; `missing:` shows them.
    #expect(try titles(temp) == ["Stays"])
    #expect(try titles(temp, "first").isEmpty)
    #expect(try titles(temp, "missing:yes") == ["First", "Second"])
    #expect(try titles(temp, "missing:any") == ["First", "Second", "Stays"])
    #expect(try temp.library.albums().map(\.title) == ["Kept"])
    #expect(try temp.library.albumNames() == [AlbumName(albumArtist: "B", title: "Kept")])
    #expect(try temp.library.artists().map(\.name) == ["B"])
    #expect(try temp.library.stats().songs == 1)
    #expect(try temp.library.song(path: paths[0]) == nil)
    #expect(try temp.library.song(id: id) == nil)
    try temp.library.readSongs { reader in
      #expect(try reader.songsInPathOrder().map(\.title) == ["Stays"])
      #expect(try reader.song(atPath: paths[0]) == nil)
      #expect(try reader.song(id: id) == nil)
      #expect(try reader.songs(atPaths: paths).isEmpty)
      #expect(try reader.firstPath(from: disk + "/", to: disk + "0") == nil)
      var walked: [String] = []
      try reader.forEachPath(from: "/", to: "\u{10FFFF}") { walked.append(String(decoding: $0, as: UTF8.self)) }
      #expect(walked == [temp.music + "/Stays/01.mp3"])
    }

    // A run that finds them still gone changes nothing, and keeps the date they went missing.
    let since = try temp.library.pool.read { db in
      try String.fetchAll(db, sql: "SELECT missingSince FROM song WHERE missingSince IS NOT NULL")
    }
    let generation = try temp.library.generation()
    let again = try temp.index()
    #expect(!again.changedAnything && again.missing.isEmpty, "\(again)")
    #expect(try temp.library.generation() == generation)
    #expect(
      try temp.library.pool.read { db in
        try String.fetchAll(db, sql: "SELECT missingSince FROM song WHERE missingSince IS NOT NULL")
      } == since)

    // The folder comes back: the same rows, play count and playlist entry.
    try FileManager.default.moveItem(atPath: temp.root + "/unmounted", toPath: disk)
    let back = try temp.index()
    #expect(back.updated == paths && back.added.isEmpty, "\(back)")
    let song = try #require(try temp.library.song(path: paths[0]))
    #expect(song.id == id && song.playCount == 2)
    #expect(try titles(temp) == ["First", "Second", "Stays"])
    #expect(try titles(temp, "missing:yes").isEmpty)
  }

  @Test func aMoveInTwoStepsKeepsTheSongsRow() throws {
    let (temp, id, paths) = try library()
    try FileManager.default.moveItem(atPath: temp.music + "/Disk", toPath: temp.root + "/aside")
    _ = try temp.index()
    try FileManager.default.moveItem(atPath: temp.root + "/aside", toPath: temp.music + "/Elsewhere")
    let report = try temp.index()
    let moved = temp.music + "/Elsewhere/Album/01.mp3"
    #expect(report.moved.contains(IndexReport.Move(from: paths[0], to: moved)) && report.added.isEmpty, "\(report)")
    let song = try #require(try temp.library.song(path: moved))
    #expect(song.id == id && song.playCount == 2)
    #expect(try temp.count("SELECT count(*) FROM song WHERE missingSince IS NOT NULL") == 0)
  }

  @Test func pruneDeletesMissingSongsAndADryRunSaysSo() throws {
    let (temp, id, paths) = try library()
    try FileManager.default.removeItem(atPath: temp.music + "/Disk")
    _ = try temp.index()
    let dry = try temp.index(dryRun: true, prune: true)
    #expect(dry.removed == paths && dry.missing.isEmpty, "\(dry)")
    #expect(try temp.count("SELECT count(*) FROM song") == 3)
    let pruned = try temp.index(prune: true)
    #expect(pruned.removed == paths, "\(pruned)")
    #expect(try temp.count("SELECT count(*) FROM song") == 1)
    #expect(try temp.count("SELECT count(*) FROM album") == 1)
    // The playlist keeps its entry, now missing, to find the song again if its file comes back.
    #expect(try temp.count("SELECT count(*) FROM playlistItem WHERE songId IS NULL") == 1)
    #expect(try temp.count("SELECT count(*) FROM song WHERE id = \(id)") == 0)
  }
}
