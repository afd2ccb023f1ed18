// `tunes playlist push` of a playlist larger than one item/add call (the server takes at most 100
// recordings a call) against the strict fake: pushed twice, changed, and interrupted after each call
// of a push and run again. ListenBrainz never holds fewer songs than before, and a re-run finishes.
import Foundation
import GRDB
import Testing
import TunesListenBrainz

@testable import TunesLibrary

@Suite(.serialized) struct PlaylistPushTests {
  static func mbid(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

  /// A library of `count` songs "Song 000"… with recording MBIDs, and the playlist "Big" of them all,
  /// in title order.
  static func fixture(count: Int = 160) async throws -> CommandFixture {
    let f = try await DashboardActingTests.start(world: ["tokens": ["tok-alice": "alice"], "users": ["alice": [:]]])
    let library = try Library(path: f.db, areas: everyDatabaseArea)
    try await library.pool.write { db in
      for n in 0..<count {
        var song = Song(
          path: "/music/big/\(n).mp3", title: String(format: "Song %03d", n), artist: "Band", album: "Big",
          recordingMbid: Self.mbid(n))
        try song.insert(db)
      }
    }
    var r = try await f.run("playlist", "create", "Big", "album:Big")
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run("playlist", "sort", "Big", "sort:title")
    #expect(r.status == 0, "\(r.err)")
    return f
  }

  /// The recordings of alice's playlist "Big" on the server.
  func remote(_ f: CommandFixture) async throws -> [String] {
    let playlists = try await f.server.user("alice")["playlists"] as? [[String: Any]] ?? []
    let big = try #require(playlists.first { $0["title"] as? String == "Big" })
    return (big["tracks"] as? [[String: Any]] ?? []).map { $0["recording_mbid"] as? String ?? "" }
  }

  /// Tracks of each item/add so far, in order.
  func adds(_ f: CommandFixture) async throws -> [Int] {
    try await f.server.requests().filter { ($0["path"] as? String ?? "").hasSuffix("/item/add") }.map {
      $0["tracks"] as? Int ?? -1
    }
  }

  @Test func aPushOf160SongsTwice() async throws {
    let f = try await Self.fixture()
    let wanted = (0..<160).map(Self.mbid)
    var r = try await f.run("playlist", "push", "Big")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("created 'Big' on ListenBrainz"))
    #expect(try await remote(f) == wanted)
    // Created with the first 100, the other 60 added in one call.
    #expect(try await adds(f) == [60])

    // Nothing changed: the second push sends no edit at all and the playlist stays whole.
    r = try await f.run("playlist", "push", "Big")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("updated 'Big' on ListenBrainz"))
    #expect(try await remote(f) == wanted)
    #expect(try await adds(f) == [60])
    #expect(try await f.server.writes().filter { $0.hasSuffix("/item/delete") }.isEmpty)

    // Reversed: every track differs, added in calls of at most 100 before the old ones are deleted.
    r = try await f.run("playlist", "sort", "Big", "sort:-title")
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run("playlist", "push", "Big")
    #expect(r.status == 0, "\(r.err)")
    #expect(try await remote(f) == wanted.reversed())
    #expect(try await adds(f) == [60, 100, 59])
    let edits = try await f.server.writes().filter { $0.contains("/item/") }
    #expect(edits.last?.hasSuffix("/item/delete") == true)
  }

  /// The reversal takes three calls (100 added, 59 added, 159 deleted): a push stopped at each of them
  /// leaves every earlier song on ListenBrainz, says so, and the next push finishes it.
  @Test func aPushInterruptedAfterEachCallIsFinishedByTheNextOne() async throws {
    let f = try await Self.fixture()
    let ascending = (0..<160).map(Self.mbid)
    var r = try await f.run("playlist", "push", "Big")
    #expect(r.status == 0, "\(r.err)")
    var now = ascending
    for failing in 0..<3 {
      let wanted = Array(now.reversed())
      r = try await f.run("playlist", "sort", "Big", now == ascending ? "sort:-title" : "sort:title")
      #expect(r.status == 0, "\(r.err)")
      try await f.server.fail("^POST /1/playlist/[^/]+/item/", after: failing)
      r = try await f.run("playlist", "push", "Big")
      #expect(r.status == 75, "call \(failing): \(r.err)")
      #expect(r.err.contains("no song lost; run the push again to finish"), "\(r.err)")
      let left = try await remote(f)
      #expect(left.count >= 160, "call \(failing): \(left.count) songs left")
      #expect(Array(left.prefix(160)) == now, "call \(failing): the songs before the push come first, untouched")
      r = try await f.run("playlist", "push", "Big")
      #expect(r.status == 0, "call \(failing): \(r.err)")
      #expect(try await remote(f) == wanted, "call \(failing)")
      now = wanted
    }
  }

  @Test func thePlanKeepsWhatAnEarlierPushAlreadyAdded() {
    let old = ["a", "b", "c"]
    let new = ["c", "d", "e", "f"]
    #expect(PlaylistPush.plan(current: old, wanted: new) == .init(kept: 1, add: 1..<4, delete: 2))
    // Stopped after adding "d": "c", "d" at the end are kept, only the rest goes.
    #expect(PlaylistPush.plan(current: old + ["d"], wanted: new) == .init(kept: 2, add: 2..<4, delete: 2))
    #expect(PlaylistPush.plan(current: old + ["d", "e", "f"], wanted: new) == .init(kept: 4, add: 4..<4, delete: 2))
    #expect(PlaylistPush.plan(current: new, wanted: new).isEmpty)
    #expect(PlaylistPush.plan(current: [], wanted: new) == .init(kept: 0, add: 0..<4, delete: 0))
  }
}
