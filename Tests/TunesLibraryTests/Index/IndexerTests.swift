// The incremental scanner: add, change, remove, move, dry run, bad files, catalogue merging,
// interrupted runs, and what must survive every rescan (play counts; playlist entries, which are the
// playlists area's, in TunesDatabaseTests).
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct IndexerTests {
  @Test func addsFilesWithTheirTagsArtistsAndAlbums() throws {
    let temp = try TempLibrary()
    try temp.write(
      "a/one.mp3", ["title": "One", "artist": "Air", "album": "Moon Safari", "track": "1", "year": "1998", "genre": "Electronic"])
    try temp.write("a/two.mp3", ["title": "Two", "artist": "Air", "album": "Moon Safari", "track": "2"])
    try temp.write("b/three.mp3", ["title": "Three", "artist": "Beck", "album": "Odelay", "albumartist": "Beck Hansen"])
    try temp.writeText("a/cover.jpg", "jpeg")
    let report = try temp.index()
    #expect(report.added.count == 3)
    #expect(report.errors == [])
    let one = try #require(try temp.library.song(path: temp.music + "/a/one.mp3"))
    #expect(one.title == "One")
    #expect(one.artist == "Air")
    #expect(one.albumArtist == "Air")
    #expect(one.trackNumber == 1)
    #expect(one.year == 1998)
    #expect(one.genre == "Electronic")
    #expect(one.durationMs == 1000)
    #expect(try temp.count("SELECT count(*) FROM artist") == 3)  // Air, Beck, Beck Hansen
    #expect(try temp.count("SELECT count(*) FROM album") == 2)
    let cover = try temp.library.pool.read { db in
      try String.fetchOne(db, sql: "SELECT coverPath FROM album WHERE title = 'Moon Safari'")
    }
    #expect(cover == temp.music + "/a/cover.jpg")
    #expect(try temp.count("SELECT count(*) FROM song WHERE albumId IS NULL OR artistId IS NULL") == 0)
    let hansen = try temp.count(
      "SELECT count(*) FROM album JOIN artist ON artist.id = album.albumArtistId WHERE artist.name = 'Beck Hansen'")
    #expect(hansen == 1)
  }

  @Test func unchangedFilesAreNotOpenedAgain() throws {
    let temp = try TempLibrary()
    for n in 1...5 { try temp.write("s\(n).mp3", ["title": "Song \(n)"]) }
    _ = try temp.index()
    #expect(temp.reads.all.count == 5)
    temp.reads.reset()
    let again = try temp.index()
    #expect(temp.reads.all.isEmpty)
    #expect(again.unchanged == 5)
    #expect(!again.changedAnything)
  }

  @Test func namesThatDifferOnlyInUnicodeNormalisationAreTwoFiles() throws {
    // "é" as one code point and as "e" + combining accent: equal as Swift Strings, two files on Linux.
    let temp = try TempLibrary()
    let composed = "Caf\u{E9}.mp3", decomposed = "Cafe\u{301}.mp3"
    #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
    try temp.write(composed, ["title": "Composed"])
    try temp.write(decomposed, ["title": "Decomposed"])
    let report = try temp.index()
    #expect(report.added.count == 2)
    #expect(try temp.count("SELECT count(*) FROM song") == 2)
    temp.reads.reset()
    let again = try temp.index()
    #expect(again.unchanged == 2 && !again.changedAnything)
    #expect(temp.reads.all.isEmpty)
    // One of them goes: only that one leaves the index (pruned).
    try FileManager.default.removeItem(atPath: temp.music + "/" + decomposed)
    let after = try temp.index(prune: true)
    #expect(after.removed.count == 1 && after.unchanged == 1)
    #expect(try temp.library.pool.read { db in try String.fetchAll(db, sql: "SELECT title FROM song") } == ["Composed"])
  }

  @Test func changedFileIsReReadAndKeepsItsPlayCount() throws {
    let temp = try TempLibrary()
    let path = try temp.write("s.mp3", ["title": "Old"])
    _ = try temp.index()
    let id = try #require(try temp.library.song(path: path)?.id)
    try temp.library.recordPlay(songID: id, at: Date(timeIntervalSince1970: 1_700_000_000))
    try temp.write("s.mp3", ["title": "New title"])
    temp.reads.reset()
    let report = try temp.index()
    #expect(report.updated == [path])
    #expect(temp.reads.all == [path])
    let song = try #require(try temp.library.song(id: id))
    #expect(song.title == "New title")
    #expect(song.playCount == 1)
    #expect(try temp.library.songs(matching: "new").map(\.id) == [id])
    #expect(try temp.library.songs(matching: "old").isEmpty)
  }

  @Test func prunedFilesLeaveTheIndexWithTheirEmptyAlbums() throws {
    let temp = try TempLibrary()
    try temp.write("keep.mp3", ["title": "Keep", "artist": "K", "album": "KA"])
    let gone = try temp.write("gone.mp3", ["title": "Gone", "artist": "G", "album": "GA"])
    _ = try temp.index()
    try FileManager.default.removeItem(atPath: gone)
    let report = try temp.index(prune: true)
    #expect(report.removed == [gone])
    #expect(try temp.library.song(path: gone) == nil)
    #expect(try temp.count("SELECT count(*) FROM album") == 1)
    #expect(try temp.count("SELECT count(*) FROM artist") == 1)
  }

  @Test func dryRunReportsChangesAndWritesNothing() throws {
    let temp = try TempLibrary()
    let stays = try temp.write("stays.mp3", ["title": "Stays"])
    let goes = try temp.write("goes.mp3", ["title": "Goes"])
    let moves = try temp.write("moves.mp3", ["title": "Moves", "hash": "h-moves"])
    _ = try temp.index()
    try FileManager.default.removeItem(atPath: goes)
    try FileManager.default.moveItem(atPath: moves, toPath: temp.music + "/moved.mp3")
    try temp.write("stays.mp3", ["title": "Stays, edited"])
    let added = try temp.write("new.mp3", ["title": "New"])
    let before = try dump(temp)
    let report = try temp.index(dryRun: true)
    #expect(report.dryRun)
    #expect(report.added == [added])
    #expect(report.updated == [stays])
    #expect(report.missing == [goes] && report.removed.isEmpty)
    #expect(report.moved == [IndexReport.Move(from: moves, to: temp.music + "/moved.mp3")])
    #expect(try dump(temp) == before)
    // The real run then does exactly what the dry run announced.
    let real = try temp.index()
    #expect(real.added == report.added && real.updated == report.updated)
    #expect(real.missing == report.missing && real.removed == report.removed && real.moved == report.moved)
  }

  @Test func badFilesAreReportedAndTheRestIndexed() throws {
    let temp = try TempLibrary()
    try temp.write("good.mp3", ["title": "Good"])
    let empty = try temp.writeText("empty.mp3", "")
    let text = try temp.writeText("notes.mp3", "just some text")
    let cut = try temp.write("cut.mp3", ["fail": "ends inside frame 3"])
    let report = try temp.index()
    #expect(report.added == [temp.music + "/good.mp3"])
    #expect(report.errors.map(\.path) == [cut, empty, text])
    #expect(report.errors[0].reason == "truncated: ends inside frame 3")
    #expect(report.errors[1].reason == "empty file")
    #expect(report.errors[2].reason.hasPrefix("not an MP3 file"))
  }

  @Test func missingPathIsAnErrorAndNothingIsWritten() throws {
    let temp = try TempLibrary()
    try temp.write("good.mp3", ["title": "Good"])
    #expect(throws: LibraryError.noSuchPath(temp.root + "/nope")) {
      try temp.index([temp.music, temp.root + "/nope"])
    }
    #expect(try temp.count("SELECT count(*) FROM song") == 0)
  }

  @Test func catalogueNamesWinAndTagsFillTheRest() throws {
    let temp = try TempLibrary()
    let path = try temp.write(
      "numb.mp3",
      [
        "title": "numb (tag)", "artist": "LP (tag)", "album": "tag album", "track": "7", "year": "2003", "genre": "Rock",
        "mbid": "mbid-from-tag",
      ])
    try temp.write("unlisted.mp3", ["title": "Only in the folder"])
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "Linkin Park", "albums": [{"title": "Meteora", "songs": [
        {"title": "Numb", "fileName": "numb", "trackNumber": 13,},
        {"title": "Missing", "fileName": "missing"},
      ]}]}]
      """)
    let report = try temp.index()
    #expect(report.added.count == 2)
    #expect(report.errors.map(\.path) == [temp.music + "/missing.mp3"])
    let song = try #require(try temp.library.song(path: path))
    #expect(song.title == "Numb")
    #expect(song.artist == "Linkin Park")
    #expect(song.album == "Meteora")
    #expect(song.albumArtist == "Linkin Park")
    #expect(song.trackNumber == 13)
    #expect(song.year == 2003)
    #expect(song.genre == "Rock")
    #expect(song.recordingMbid == "mbid-from-tag")
    #expect(try temp.library.song(path: temp.music + "/unlisted.mp3")?.title == "Only in the folder")

    // Editing the catalogue alone re-reads the file it names, and only that one.
    try temp.writeText(
      "library.json",
      """
      [{"artistName": "Linkin Park", "albums": [{"title": "Meteora", "songs": [{"title": "Numb!", "fileName": "numb"}]}]}]
      """)
    temp.reads.reset()
    let again = try temp.index()
    #expect(again.updated == [path])
    #expect(temp.reads.all == [path])
    #expect(try temp.library.song(path: path)?.title == "Numb!")

    // Nothing changed: nothing is read, the catalogue's names stay.
    temp.reads.reset()
    let unchanged = try temp.index()
    #expect(unchanged.unchanged == 2 && !unchanged.changedAnything && temp.reads.all.isEmpty)
    // The file changes and its entry does not: the file is read again and the catalogue still wins.
    try temp.write("numb.mp3", ["title": "numb, remastered (tag)", "artist": "LP (tag)", "year": "2004"])
    let retagged = try temp.index()
    #expect(retagged.updated == [path])
    #expect(try temp.library.song(path: path)?.title == "Numb!")
    #expect(try temp.library.song(path: path)?.year == 2004)
    // The entry leaves the catalogue: the tags name the song again.
    try temp.writeText("library.json", "[]")
    let unlisted = try temp.index()
    #expect(unlisted.updated == [path])
    #expect(try temp.library.song(path: path)?.title == "numb, remastered (tag)")
  }

  @Test func catalogueFileAloneIndexesWhatItLists() throws {
    let temp = try TempLibrary()
    let listed = try temp.write("listed.mp3", ["title": "tag"])
    try temp.write("unlisted.mp3", ["title": "Unlisted"])
    let catalogue = try temp.writeText(
      "library.json",
      """
      [{"artistName": "A", "albums": [{"title": "B", "songs": [{"title": "Listed", "fileName": "listed.mp3"}]}]}]
      """)
    let report = try temp.index([catalogue])
    #expect(report.added == [listed])
    #expect(try temp.library.song(path: listed)?.title == "Listed")
  }

  @Test func interruptedRunLeavesAConsistentDatabaseAndTheNextRunFinishes() throws {
    let temp = try TempLibrary()
    for n in 1...9 {
      try temp.write(
        String(format: "s%02d.mp3", n), ["title": "Song \(n)", "artist": "Artist \(n % 3)", "album": "Album \(n % 3)"])
    }
    var options = temp.options(batchSize: 2)
    options.afterBatch = { batch in if batch == 2 { throw InjectedFailure() } }
    #expect(throws: InjectedFailure.self) { try temp.library.index(paths: [temp.music], options: options) }
    #expect(try temp.count("SELECT count(*) FROM song") == 4)
    try checkConsistency(temp)

    let report = try temp.index()
    #expect(report.added.count == 5)
    #expect(report.unchanged == 4)
    #expect(try temp.count("SELECT count(*) FROM song") == 9)
    try checkConsistency(temp)
  }

  @Test func batchesGrowUpToTheLargest() throws {
    let temp = try TempLibrary()
    for n in 1...12 { try temp.write(String(format: "s%02d.mp3", n), ["title": "Song \(n)"]) }
    var options = temp.options(batchSize: 1)
    options.largestBatch = 4
    final class Progress: @unchecked Sendable {
      let lock = NSLock()
      var done: [Int] = []
    }
    let seen = Progress()
    options.progress = { progress in seen.lock.withLock { seen.done.append(progress.done) } }
    let report = try temp.library.index(paths: [temp.music], options: options)
    #expect(report.added.count == 12)
    // Batches of 1, 2, 4, 4 and the last 1.
    #expect(seen.done == [1, 3, 7, 11, 12])
    try checkConsistency(temp)
  }

  @Test func databaseFailureMidRunRollsBackTheBatch() throws {
    let temp = try TempLibrary()
    for n in 1...4 { try temp.write("s\(n).mp3", ["title": "Song \(n)"]) }
    // A trigger that fails on the third insert stands in for a full disk.
    try temp.library.pool.write { db in
      try db.execute(
        sql:
          "CREATE TEMP TRIGGER boom BEFORE INSERT ON song WHEN NEW.title = 'Song 3' BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    }
    // Temp triggers belong to one connection: drop it from the writer again after the run.
    #expect(throws: LibraryError.self) { try temp.index(batchSize: 2) }
    #expect(try temp.count("SELECT count(*) FROM song") == 2)
    try temp.library.pool.write { db in try db.execute(sql: "DROP TRIGGER temp.boom") }
    let report = try temp.index()
    #expect(report.added.count == 2 && report.unchanged == 2)
  }

  // MARK: Helpers

  func dump(_ temp: TempLibrary) throws -> [String] {
    try temp.library.pool.read { db in
      try ["song", "artist", "album"].flatMap { table in
        try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map { "\(table): \($0)" }
      }
    }
  }

  func checkConsistency(_ temp: TempLibrary) throws {
    try temp.library.pool.write { db in
      #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
      #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
      // The full-text index agrees with the song table.
      try db.execute(sql: "INSERT INTO song_ft(song_ft, rank) VALUES('integrity-check', 1)")
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM song_ft") == Int.fetchOne(db, sql: "SELECT count(*) FROM song"))
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM song WHERE albumId IS NULL AND album != ''") == 0)
    }
  }
}

struct InjectedFailure: Error {}
