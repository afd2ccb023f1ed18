// Every PlaylistStore operation and every way it refuses, checked against the database afterwards.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesPlaylists

@Suite struct StoreTests {
  @Test func createShowsPositionsTitlesArtistsAndTotal() async throws {
    let f = try Fixture()
    try await f.store.create(name: "Mix", songs: [f.song("hey"), f.song("blues")])
    let contents = try await f.store.show(name: "Mix")
    #expect(contents.entries.map(\.position) == [1, 2])
    #expect(contents.entries.map(\.title) == ["Here Comes the Sun", "Café Blues"])
    #expect(contents.entries.map(\.artist) == ["The Beatles", "Zoë Keating"])
    #expect(contents.summary.durationMs == 185_000 + 215_000)
    #expect(contents.summary.songCount == 2)
    #expect(contents.summary.missingCount == 0)
    // Playlist order, not id order (blues was inserted before hey).
    #expect(try await f.store.playableSongs(name: "Mix").map(\.title) == ["Here Comes the Sun", "Café Blues"])
  }

  @Test func namesAreRefusedWithTheReason() async throws {
    let f = try Fixture()
    try await f.store.create(name: "Road Trip")
    #expect(await playlistError { try await f.store.create(name: "road trip") } == .nameExists(name: "Road Trip"))
    #expect(await playlistError { try await f.store.create(name: "") } == .emptyName)
    #expect(await playlistError { try await f.store.create(name: "   ") } == .emptyName)
    #expect(await playlistError { try await f.store.create(name: "a\tb") } == .controlCharacter(name: "a\tb", scalar: 9))
    let escape = await playlistError { try await f.store.create(name: "x\u{1B}[31m") }
    #expect(escape?.description.contains("U+001B") == true)
    #expect(try f.playlistCount() == 1)
  }

  @Test func unknownNameListsTheClosestNames() async throws {
    let f = try Fixture()
    for name in ["Rock", "Rock 2003", "Jazz", "Classical"] { try await f.store.create(name: name) }
    let error = await playlistError { _ = try await f.store.show(name: "rokc") }
    guard case .unknownPlaylist(let name, let closest) = error else {
      Issue.record("expected unknownPlaylist, got \(String(describing: error))")
      return
    }
    #expect(name == "rokc")
    #expect(closest.first == "Rock")
    #expect(!closest.contains("Classical"))
    #expect(error?.exitStatus == .noInput)
    let none = await playlistError { try await f.store.delete(name: "zzzzzzzz") }
    #expect(none == .unknownPlaylist(name: "zzzzzzzz", closest: []))
  }

  @Test func addAppendsInsertsAndSkipsDuplicatesWithUnique() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: [f.song("hey"), f.song("come")])
    try await f.store.add(name: "P", songs: [f.song("hurt")])
    #expect(try await f.titles("P") == ["Here Comes the Sun", "Come Together", "Hurt"])
    try await f.store.add(name: "P", songs: [f.song("blues")], at: 1)
    #expect(try await f.titles("P") == ["Café Blues", "Here Comes the Sun", "Come Together", "Hurt"])
    try await f.store.add(name: "P", songs: [f.song("sun")], at: 5)  // count + 1: the end
    #expect(try await f.titles("P").last == "Sun Will Set")
    let added = try await f.store.add(name: "P", songs: [f.song("hey"), f.song("hurt"), f.song("hey")], unique: true)
    #expect(added == 0)
    let again = try await f.store.add(name: "P", songs: [f.song("hey")])
    #expect(again == 1)
    #expect(try await f.store.add(name: "P", songs: [f.song("hurt"), f.song("hurt")], unique: true) == 0)
    try await f.store.create(name: "Q")
    #expect(try await f.store.add(name: "Q", songs: [f.song("hurt"), f.song("hurt")], unique: true) == 1)
    #expect(try await f.store.show(name: "P").entries.map(\.position) == [1, 2, 3, 4, 5, 6])
  }

  @Test func addAtAPositionOutOfRangeSaysTheRange() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: [f.song("hey"), f.song("come")])
    let error = await playlistError { try await f.store.add(name: "P", songs: [f.song("hurt")], at: 4) }
    #expect(error == .positionOutOfRange(playlist: "P", position: 4, upper: 3))
    #expect(error?.description.contains("1-3") == true)
    #expect(await playlistError { try await f.store.add(name: "P", songs: [f.song("hurt")], at: 0) } != nil)
    #expect(try await f.titles("P") == ["Here Comes the Sun", "Come Together"])
  }

  @Test func removeByPositionsAndRanges() async throws {
    let f = try Fixture()
    let all = ["blues", "sun", "hey", "come", "hurt"].map(f.song)
    try await f.store.create(name: "P", songs: all)
    let removed = try await f.store.remove(name: "P", positions: [PositionRange(1), try PositionRange(parsing: "3-4")])
    #expect(removed == 3)
    #expect(try await f.titles("P") == ["Sun Will Set", "Hurt"])
    try await f.store.remove(name: "P", positions: [try PositionRange(parsing: "2-")])
    #expect(try await f.titles("P") == ["Sun Will Set"])
  }

  @Test func removeOutOfRangeChangesNothing() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: ["blues", "sun", "hey"].map(f.song))
    // One good position and one bad: the whole change is refused.
    let error = await playlistError { try await f.store.remove(name: "P", positions: [PositionRange(1), PositionRange(2, 9)]) }
    #expect(error == .positionOutOfRange(playlist: "P", position: 9, upper: 3))
    #expect(try await f.titles("P").count == 3)
    try await f.store.create(name: "Empty")
    let empty = await playlistError { try await f.store.remove(name: "Empty", positions: [PositionRange(1)]) }
    #expect(empty?.description.contains("is empty") == true)
  }

  @Test func songsAtPathsTakeFilesAndFolders() async throws {
    let f = try Fixture()
    let byFolder = try await f.store.songs(atPaths: [f.folder + "/music/The Beatles", f.song("hurt").path])
    #expect(Set(byFolder.compactMap(\.id)) == Set(["hey", "come", "hurt"].compactMap { f.song($0).id }))
    // "The Beat" is a prefix of a folder name, not a folder: nothing under it, and nothing on disk.
    let error = await playlistError { _ = try await f.store.songs(atPaths: [f.folder + "/music/The Beat"]) }
    #expect(error == .noSuchFile(path: f.folder + "/music/The Beat"))
    #expect(error?.exitStatus == .noInput)
  }

  @Test func rangesParse() throws {
    #expect(try PositionRange(parsing: "4") == PositionRange(4, 4))
    #expect(try PositionRange(parsing: "2-5") == PositionRange(2, 5))
    #expect(try PositionRange(parsing: "3-").upper == nil)
    for bad in ["", "a", "5-2", "1-x", "-3"] {
      #expect(throws: PlaylistError.badRange(bad)) { try PositionRange(parsing: bad) }
    }
  }

  @Test func clearEmptiesAndTouches() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: [f.song("hey"), f.song("hurt")])
    let before = try await f.store.list().first?.modifiedAt
    try await f.store.clear(name: "P")
    try await f.store.clear(name: "P")  // clearing an empty playlist is no error
    #expect(try await f.titles("P").isEmpty)
    let after = try await f.store.list().first?.modifiedAt
    #expect(before != nil && after != nil && after! >= before!)
    // "Q" is one edit away from "P".
    #expect(await playlistError { try await f.store.clear(name: "Q") } == .unknownPlaylist(name: "Q", closest: ["P"]))
  }

  @Test func removeByQuery() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: ["blues", "hey", "sun", "come"].map(f.song))
    let removed = try await f.store.remove(name: "P", query: "beatles")
    #expect(removed == 2)
    #expect(try await f.titles("P") == ["Café Blues", "Sun Will Set"])
    let bad = await anyError { try await f.store.remove(name: "P", query: "year:((") }
    #expect(bad is LibraryError)
    #expect(try await f.titles("P").count == 2)
  }

  @Test func removeByAQueryThatFindsNoEntryChangesNothing() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: ["blues", "hey", "sun"].map(f.song))
    #expect(await playlistError { try await f.store.remove(name: "P", query: "nomatch") } == .noSongs(query: "nomatch"))
    // "hurt" is in the library but not in the playlist.
    let absent = await playlistError { try await f.store.remove(name: "P", query: "hurt") }
    #expect(absent == .noEntries(playlist: "P", query: "hurt"))
    #expect(absent?.exitStatus == .noInput)
    // Positions and a query are one change: the query finding nothing keeps position 1 too.
    #expect(await playlistError { try await f.store.remove(name: "P", positions: [PositionRange(1)], query: "nomatch") } != nil)
    #expect(try await f.titles("P") == ["Café Blues", "Here Comes the Sun", "Sun Will Set"])
    #expect(try await f.store.remove(name: "P", positions: [PositionRange(1)], query: "beatles") == 2)
    #expect(try await f.titles("P") == ["Sun Will Set"])
  }

  @Test func moveFromTo() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: ["blues", "sun", "hey", "come"].map(f.song))
    try await f.store.move(name: "P", from: 1, to: 3)
    #expect(try await f.titles("P") == ["Sun Will Set", "Here Comes the Sun", "Café Blues", "Come Together"])
    try await f.store.move(name: "P", from: 4, to: 1)
    #expect(try await f.titles("P") == ["Come Together", "Sun Will Set", "Here Comes the Sun", "Café Blues"])
    #expect(
      await playlistError { try await f.store.move(name: "P", from: 5, to: 1) }
        == .positionOutOfRange(playlist: "P", position: 5, upper: 4))
    #expect(
      await playlistError { try await f.store.move(name: "P", from: 1, to: 0) }
        == .positionOutOfRange(playlist: "P", position: 0, upper: 4))
  }

  @Test func renameAndDelete() async throws {
    let f = try Fixture()
    try await f.store.create(name: "Old", songs: [f.song("hurt")])
    try await f.store.create(name: "Other")
    #expect(await playlistError { try await f.store.rename("Old", to: "other") } == .nameExists(name: "Other"))
    #expect(await playlistError { try await f.store.rename("Old", to: "") } == .emptyName)
    #expect(await playlistError { try await f.store.rename("Nope", to: "X") } != nil)
    try await f.store.rename("Old", to: "New")
    #expect(try await f.titles("New") == ["Hurt"])
    try await f.store.rename("New", to: "NEW")  // only the case changes: allowed
    try await f.store.delete(name: "new")
    #expect(try await f.store.list().map(\.name) == ["Other"])
    let items = try await f.library.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM playlistItem") }
    #expect(items == 0)
  }

  @Test func listGivesNamesCountsAndDurations() async throws {
    let f = try Fixture()
    try await f.store.create(name: "B", songs: [f.song("hurt"), f.song("hey")])
    try await f.store.create(name: "A")
    let list = try await f.store.list()
    #expect(list.map(\.name) == ["A", "B"])
    #expect(list.map(\.songCount) == [0, 2])
    #expect(list[1].durationMs == 218_000 + 185_000)
  }

  @Test func sortByKeys() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: ["hurt", "sun", "hey", "blues", "come"].map(f.song))
    try await f.store.sort(name: "P", by: [PlaylistSortKey(field: .artist), PlaylistSortKey(field: .track)])
    #expect(try await f.titles("P") == ["Hurt", "Come Together", "Here Comes the Sun", "Café Blues", "Sun Will Set"])
    try await f.store.sort(name: "P", by: [try PlaylistSortKey(parsing: "year:desc"), try PlaylistSortKey(parsing: "title")])
    #expect(try await f.titles("P") == ["Café Blues", "Sun Will Set", "Hurt", "Come Together", "Here Comes the Sun"])
    try await f.store.sort(name: "P", by: [try PlaylistSortKey(parsing: "plays:desc")])
    #expect(try await f.titles("P") == ["Here Comes the Sun", "Come Together", "Café Blues", "Hurt", "Sun Will Set"])
    // A missing entry with no known year stays last when sorting by year either way.
    _ = try await f.library.pool.write { db in try Song.deleteOne(db, key: f.song("blues").id) }
    try await f.store.sort(name: "P", by: [try PlaylistSortKey(parsing: "year:desc")])
    #expect(try await f.titles("P").last == "Café Blues")
    try await f.store.sort(name: "P", by: [try PlaylistSortKey(parsing: "year")])
    #expect(try await f.titles("P").last == "Café Blues")
    #expect(throws: PlaylistError.self) { try PlaylistSortKey(parsing: "colour") }
    #expect(throws: PlaylistError.self) { try PlaylistSortKey(parsing: "year:sideways") }
  }

  @Test func dedupeKeepsTheFirstOfEachSong() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: ["hey", "hurt", "hey", "come", "hurt", "hey"].map(f.song))
    #expect(try await f.store.dedupe(name: "P") == 3)
    #expect(try await f.titles("P") == ["Here Comes the Sun", "Hurt", "Come Together"])
    #expect(try await f.store.dedupe(name: "P") == 0)
  }

  @Test func saveTakesAListOfSongs() async throws {
    let f = try Fixture()
    try await f.store.save(name: "Queue", songs: [f.song("come"), f.song("hurt")])
    #expect(try await f.titles("Queue") == ["Come Together", "Hurt"])
    #expect(await playlistError { try await f.store.save(name: "Queue", songs: []) } == .nameExists(name: "Queue"))
    try await f.store.save(name: "Queue", songs: [f.song("sun")], replacing: true)
    #expect(try await f.titles("Queue") == ["Sun Will Set"])
  }

  @Test func queueURIsBecomeSongs() async throws {
    let f = try Fixture()
    let (songs, unknown) = try await f.store.songs(forURIs: [
      "Johnny Cash/American IV/02 Hurt.mp3", f.song("hey").path, "Abbey Road/01 Come Together.mp3", "Nobody/x.mp3",
      "Hurt.mp3",
    ])
    #expect(songs.map(\.title) == ["Hurt", "Here Comes the Sun", "Come Together"])
    #expect(unknown == ["Nobody/x.mp3", "Hurt.mp3"])  // a URI matches whole path components only
  }

  @Test func smartPlaylistsFollowTheLibrary() async throws {
    let f = try Fixture()
    try await f.store.createSmart(name: "Top", query: "sort:-playcount limit:2")
    #expect(try await f.titles("Top") == ["Here Comes the Sun", "Come Together"])
    // A song played more often now enters the smart playlist, without touching the playlist.
    try await f.library.pool.write { db in
      try db.execute(sql: "UPDATE song SET playCount = 100 WHERE id = ?", arguments: [f.song("hurt").id])
    }
    #expect(try await f.titles("Top") == ["Hurt", "Here Comes the Sun"])
    #expect(try await f.store.playableSongs(name: "Top").map(\.title) == ["Hurt", "Here Comes the Sun"])
    let summary = try await f.store.list().first { $0.name == "Top" }
    #expect(summary?.isSmart == true)
    #expect(summary?.songCount == 2)
    // Its entries cannot be edited one by one.
    #expect(await playlistError { try await f.store.add(name: "Top", songs: [f.song("sun")]) } == .smartPlaylist(name: "Top"))
    #expect(
      await playlistError { try await f.store.remove(name: "Top", positions: [PositionRange(1)]) } == .smartPlaylist(name: "Top"))
    #expect(await playlistError { try await f.store.move(name: "Top", from: 1, to: 2) } == .smartPlaylist(name: "Top"))
    #expect(await playlistError { try await f.store.sort(name: "Top", by: []) } == .smartPlaylist(name: "Top"))
    #expect(await playlistError { try await f.store.dedupe(name: "Top") } == .smartPlaylist(name: "Top"))
  }

  @Test func smartPlaylistWithABadQueryIsNotCreated() async throws {
    let f = try Fixture()
    let error = await anyError { try await f.store.createSmart(name: "Bad", query: "year:((") }
    #expect(error is LibraryError)
    #expect(try f.playlistCount() == 0)
  }

  @Test func missingEntriesAreFlaggedAndComeBack() async throws {
    let f = try Fixture()
    try await f.store.create(name: "P", songs: [f.song("hey"), f.song("hurt")])
    // The scanner drops the row of a vanished file; the entry stays, missing, with its names.
    _ = try await f.library.pool.write { db in try Song.deleteOne(db, key: f.song("hurt").id) }
    var contents = try await f.store.show(name: "P")
    #expect(contents.entries.map(\.isMissing) == [false, true])
    #expect(contents.entries[1].title == "Hurt")
    #expect(contents.entries[1].artist == "Johnny Cash")
    #expect(contents.summary.missingCount == 1)
    let listed = try await f.store.list().first
    #expect(listed?.missingCount == 1)
    #expect(listed?.songCount == 2)
    #expect(listed?.durationMs == 185_000 + 218_000)  // the missing entry keeps its stored duration
    #expect(contents.playableSongIDs == [f.song("hey").id!])
    #expect(try await f.store.playableSongs(name: "P").map(\.title) == ["Here Comes the Sun"])
    // The same song reappears elsewhere (moved file): matched by artist and title, path follows.
    var moved = f.song("hurt")
    moved.id = nil
    moved.path = f.folder + "/music/Moved/Hurt.mp3"
    try await f.library.pool.write { [moved] db in
      var song = moved; try song.insert(db)
    }
    #expect(try await f.store.relinkMissing() == 1)
    contents = try await f.store.show(name: "P")
    #expect(contents.entries.map(\.isMissing) == [false, false])
    #expect(contents.entries[1].path == moved.path)
  }
}
