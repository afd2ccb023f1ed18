// What the indexer keeps of the other areas' rows over rescans: a song moved, gone or back keeps its
// playlist entries, and an entry whose song was gone is linked again when it comes back (by path, by
// MusicBrainz id, or by its names: the playlists area's hook in the indexer's batches).
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct PlaylistEntriesOverRescansTests {
  @Test func movedFileKeepsItsIdPlayCountAndPlaylistEntries() throws {
    let temp = try TempLibrary()
    let old = try temp.write("old/place.mp3", ["title": "Wanderer", "artist": "Dion", "hash": "h-wanderer"])
    _ = try temp.index()
    let id = try #require(try temp.library.song(path: old)?.id)
    try temp.library.recordPlay(songID: id, at: Date())
    try temp.library.recordPlay(songID: id, at: Date())
    try addPlaylist(temp, items: [(id, old, "Wanderer", "Dion", nil)])
    try FileManager.default.createDirectory(atPath: temp.music + "/new", withIntermediateDirectories: true)
    let new = temp.music + "/new/place.mp3"
    try FileManager.default.moveItem(atPath: old, toPath: new)
    let report = try temp.index()
    #expect(report.moved == [IndexReport.Move(from: old, to: new)])
    #expect(report.added.isEmpty && report.removed.isEmpty)
    let song = try #require(try temp.library.song(path: new))
    #expect(song.id == id)
    #expect(song.playCount == 2)
    #expect(try temp.count("SELECT count(*) FROM playlistItem WHERE songId = \(id)") == 1)
  }

  @Test func playlistEntriesAreRelinkedWhenTheirSongComesBack() throws {
    let temp = try TempLibrary()
    let byPath = try temp.write("p.mp3", ["title": "By Path", "artist": "X", "hash": "1"])
    let byMbid = try temp.write("m.mp3", ["title": "Something", "artist": "Y", "mbid": "0f3a", "hash": "2"])
    let byName = try temp.write("n.mp3", ["title": "Café Blues", "artist": "Zoë", "hash": "3"])
    try addPlaylist(
      temp,
      items: [
        (nil, byPath, "other", "other", nil),
        (nil, temp.music + "/elsewhere/m.mp3", "Renamed", "Y", "0F3A"),
        (nil, temp.music + "/old/n.mp3", "cafe blues", "ZOE", nil),
        (nil, temp.music + "/never.mp3", "Never", "Nobody", nil),
      ])
    _ = try temp.index()
    let links = try temp.library.pool.read { db in
      try Row.fetchAll(
        db, sql: "SELECT song.path FROM playlistItem LEFT JOIN song ON song.id = playlistItem.songId ORDER BY position"
      )
      .map { $0[0] as String? }
    }
    #expect(links == [byPath, byMbid, byName, nil])
  }

  @Test func removedSongLeavesItsPlaylistEntryWhichComesBackWithTheFile() throws {
    let temp = try TempLibrary()
    let path = try temp.write("s.mp3", ["title": "S", "artist": "A"])
    _ = try temp.index()
    let id = try #require(try temp.library.song(path: path)?.id)
    try addPlaylist(temp, items: [(id, path, "S", "A", nil)])
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    try FileManager.default.removeItem(atPath: path)
    _ = try temp.index(prune: true)
    #expect(try temp.count("SELECT count(*) FROM playlistItem WHERE songId IS NULL") == 1)
    try saved.write(toFile: path, atomically: false, encoding: .utf8)
    _ = try temp.index()
    let newID = try #require(try temp.library.song(path: path)?.id)
    #expect(try temp.count("SELECT count(*) FROM playlistItem WHERE songId = \(newID)") == 1)
  }

  // MARK: Helpers

  func addPlaylist(_ temp: TempLibrary, items: [(Int64?, String, String, String, String?)]) throws {
    try temp.library.pool.write { db in
      try db.execute(sql: "INSERT INTO playlist (name, createdAt, modifiedAt) VALUES ('p', 0, 0)")
      let playlist = db.lastInsertedRowID
      for (position, item) in items.enumerated() {
        try db.execute(
          sql:
            "INSERT INTO playlistItem (playlistId, position, songId, path, title, artist, recordingMbid) VALUES (?, ?, ?, ?, ?, ?, ?)",
          arguments: [playlist, position, item.0, item.1, item.2, item.3, item.4])
      }
    }
  }
}
