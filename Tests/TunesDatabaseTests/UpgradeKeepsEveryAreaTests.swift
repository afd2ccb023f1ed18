// An older database upgraded in place keeps every area's rows: a song played five times, in a playlist,
// in the queue and with a listen waiting, is the same song after the upgrade and after the index that
// re-reads its tags into their own rows.
import Foundation
import GRDB
import Testing
import TunesTags

@testable import TunesLibrary

@Suite struct UpgradeKeepsEveryAreaTests {
  @Test func aDatabaseFromBeforeTagsUpgradesInPlace() throws {
    let root = NSTemporaryDirectory() + "tunes-upgrade-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/music", withIntermediateDirectories: true)
    let path = root + "/music/a.mp3"
    try "title=Old".write(toFile: path, atomically: false, encoding: .utf8)
    let stamp = try #require(FileWalker.stamp(path))
    let databasePath = root + "/library.db"
    // The database as the migrations before this one made it, with a song played five times, in a
    // playlist, in the queue and with a listen waiting.
    do {
      let pool = try DatabasePool(path: databasePath)
      try Schema.migrator(areas: everyDatabaseArea).migrate(pool, upTo: "library-replaygain-v1")
      try pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO song (id, path, title, artist, album, albumArtist, year, genre, artistMbids, playCount,
              fileSize, fileMtime, audioHash)
            VALUES (7, ?, 'Old', 'Old Artist', 'Old Album', 'Old Artist', 1997, 'Pop; J-Pop',
              '["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d"]', 5, ?, ?, ?);
            INSERT INTO playlist (id, name, createdAt, modifiedAt) VALUES (1, 'Keep', '2026-01-01', '2026-01-01');
            INSERT INTO playlistItem (playlistId, position, songId, path) VALUES (1, 0, 7, ?);
            INSERT INTO queueItem (id, position, songId, path, title, artist, album, version)
              VALUES (1, 0, 7, ?, 'Old', 'Old Artist', 'Old Album', 1);
            INSERT INTO pendingListen (songId, listenedAt, payload, createdAt) VALUES (7, 1700000000, '{}', '2026-01-01');
            """, arguments: [path, stamp.size, stamp.mtime, path, path, path])
        try Song.insertFullText(
          db, id: 7, title: "Old", artist: "Old Artist", album: "Old Album", albumArtist: "Old Artist", genre: "Pop; J-Pop")
      }
    }
    let library = try Library(path: databasePath, areas: everyDatabaseArea)
    func count(_ sql: String) throws -> Int { try library.pool.read { db in try Int.fetchOne(db, sql: sql) ?? -1 } }
    #expect(try count("SELECT playCount FROM song WHERE id = 7") == 5)
    #expect(try count("SELECT count(*) FROM playlistItem WHERE songId = 7") == 1)
    #expect(try count("SELECT count(*) FROM queueItem WHERE songId = 7") == 1)
    #expect(try count("SELECT count(*) FROM outbox WHERE songId = 7") == 1)
    // What the old row held is queryable at once, one value at a time.
    let carried = try #require(try library.tags(forSongs: [7])[7])
    #expect(carried.genres == ["Pop", "J-Pop"] && carried.date == "1997" && carried.artists == ["Old Artist"])
    #expect(carried.artistMbids == ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d"])
    #expect(try library.songs(matching: "genre:=J-Pop").map(\.id) == [7])
    // The next index re-reads that file's tags (its size and mtime are unchanged) into the same row…
    let reads = ReadCounter()
    var options = IndexingOptions()
    options.readMetadata = { path in
      reads.add(path)
      return try fakeReader(path)
    }
    let report = try library.index(paths: [root + "/music"], options: options)
    #expect(report.updated == [path] && report.added.isEmpty)
    #expect(try count("SELECT id FROM song") == 7)
    #expect(try count("SELECT playCount FROM song WHERE id = 7") == 5)
    #expect(try count("SELECT tagsStored FROM song WHERE id = 7") == TagSchema.currentTags)
    #expect(try count("SELECT count(*) FROM playlistItem WHERE songId = 7") == 1)
    #expect(try library.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    // …and the one after reads nothing.
    reads.reset()
    let again = try library.index(paths: [root + "/music"], options: options)
    #expect(again.unchanged == 1 && reads.all.isEmpty)
  }
}
