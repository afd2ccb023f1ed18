// `tunes love|hate|unrate` and `tunes lb pin|unpin` end to end: songs from a real library database,
// feedback by MBID or by the MSID of a recent listen, queueing while the server is down, and the
// queue sent by `tunes lb flush` once it is back.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite(.serialized) struct DashboardActingTests {
  static let joga = "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"
  static let halloMsid = "5b6c7d8e-0000-4000-8000-00000000abcd"

  static func world() -> [String: Any] {
    let alice: [String: Any] = [
      "listens": [
        [
          "listened_at": 1_763_800_000, "recording_msid": halloMsid,
          "track_metadata": [
            "artist_name": "NEU!", "track_name": "hallogallo", "additional_info": ["recording_msid": halloMsid],
          ],
        ]
      ]
    ]
    return ["tokens": ["tok-alice": "alice"], "users": ["alice": alice]]
  }

  /// The fake server with `world` and a library of three songs, one of them with a recording MBID.
  static func start(world: [String: Any] = DashboardActingTests.world()) async throws -> CommandFixture {
    try await CommandFixture.start(
      world: world,
      songs: [
        Song(path: "/music/joga.mp3", title: "Jóga", artist: "Björk", album: "Mix", recordingMbid: Self.joga),
        Song(path: "/music/hallo.mp3", title: "Hallogallo", artist: "Neu!", album: "Mix"),
        Song(path: "/music/unknown.mp3", title: "Untitled", artist: "Nobody", album: "Mix"),
      ])
  }

  /// With no login there is nothing to send feedback as: said once, with what to do, and nothing is queued.
  @Test func feedbackWithoutALoginSaysWhatToDo() async throws {
    let f = try await Self.start()
    for arguments in [["love", "hallogallo"], ["lb", "pin", "hallogallo"]] {
      let r = try await TunesBinary.run(
        arguments, server: f.server.url, db: f.db,
        extra: ["TUNES_LISTENBRAINZ_TOKEN": "", "TUNES_MPD_SOCKET": f.server.folder + "/no-player.sock"])
      #expect(r.status == 78, "\(arguments): \(r.err)")
      #expect(
        r.err == "tunes: sending feedback or pins needs you logged in to ListenBrainz; run `tunes lb login` first "
          + "(nothing was sent or queued)\n", "\(arguments)")
    }
    #expect(try f.pending().isEmpty)
  }

  @Test func loveHateUnrateByRecordingMBID() async throws {
    let f = try await Self.start()
    var r = try await f.run("love", "artist:björk")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "loved Björk – Jóga\n")
    #expect(try await f.feedback("loved").map { $0["recordingMbid"] as? String } == [Self.joga])
    r = try await f.run("hate", "jóga")
    #expect(r.out == "hated Björk – Jóga\n")
    #expect(try await f.feedback("loved").isEmpty)
    #expect(try await f.feedback("hated").map { $0["recordingMbid"] as? String } == [Self.joga])
    r = try await f.run("unrate", "1")
    #expect(r.out == "unrated Björk – Jóga\n")
    #expect(try await f.feedback("hated").isEmpty)
  }

  @Test func withoutAnMBIDTheMSIDOfARecentListenIsUsed() async throws {
    let f = try await Self.start()
    // The listen says "NEU!" / "hallogallo": matched with case folded.
    var r = try await f.run("love", "hallogallo")
    #expect(r.status == 0, "\(r.err)")
    let loved = try await f.feedback("loved")
    #expect(loved.map { $0["recordingMsid"] as? String } == [Self.halloMsid])
    #expect(loved.first?["recordingMbid"] == nil)
    // Neither an MBID nor a listen: nothing to send, nothing queued.
    r = try await f.run("love", "untitled")
    #expect(r.status == 65)
    #expect(r.err.contains("Nobody – Untitled has no recording MBID"))
    #expect(try f.pending().isEmpty)
  }

  @Test func songErrors() async throws {
    let f = try await Self.start()
    var r = try await f.run("love", "zzzz")
    #expect(r.status == 66)
    #expect(r.err == "tunes: no song in the library matches 'zzzz'\n")
    r = try await f.run("love", "album:Mix")
    #expect(r.status == 64)
    #expect(r.err.contains("3 songs match 'album:Mix'"))
    r = try await f.run("love")
    #expect(r.status == 64)
    #expect(r.err.contains("no player is running"))
    r = try await f.run("love", "jóga", extra: ["TUNES_LISTENBRAINZ_TOKEN": ""])
    #expect(r.status == 78)
  }

  @Test func offlineFeedbackIsQueuedAndFlushedInOrder() async throws {
    var f = try await Self.start()
    f.server.stop()
    var r = try await f.run("love", "jóga")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("loved Björk – Jóga: queued (cannot reach 127.0.0.1: "))
    r = try await f.run("hate", "jóga")
    #expect(r.out.contains("2 waiting"))
    let rows = try f.pending()
    #expect(rows.map { $0["label"] as String } == ["loved Björk – Jóga", "hated Björk – Jóga"])
    #expect(rows.map { $0["account"] as String? } == ["alice", "alice"])
    let bodies = rows.map { String(decoding: $0["body"] as Data, as: UTF8.self) }
    #expect(bodies == [#"{"recording_mbid":"\#(Self.joga)","score":1}"#, #"{"recording_mbid":"\#(Self.joga)","score":-1}"#])

    // The server is back (on a new port): the flush sends love, then hate; hate is what remains.
    f.server = try await FakeListenBrainz.start(world: Self.world())
    r = try await f.run("lb", "flush")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.contains("sent the queued loved Björk – Jóga\nsent the queued hated Björk – Jóga\n"))
    #expect(try f.pending().isEmpty)
    #expect(try await f.feedback("loved").isEmpty)
    #expect(try await f.feedback("hated").map { $0["recordingMbid"] as? String } == [Self.joga])
  }

  @Test func pinAndUnpin() async throws {
    let f = try await Self.start()
    var r = try await f.run("lb", "pin", "jóga", "--blurb", "so good")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("pinned Björk – Jóga until "))
    let pins = try #require(try await f.run("lb", "pins", "--json").json["pins"] as? [[String: Any]])
    #expect(pins.first?["blurb"] as? String == "so good")
    #expect(pins.first?["recordingMbid"] as? String == Self.joga)
    r = try await f.run("lb", "unpin")
    #expect(r.out == "unpinned\n")
    r = try await f.run("lb", "unpin")
    #expect(r.out == "nothing was pinned\n")
    r = try await f.run("lb", "pin", "jóga", "--blurb", String(repeating: "x", count: 281))
    #expect(r.status == 64)
    // 280 letters with a combining accent are 560 code points: the server's count, said before sending.
    r = try await f.run("lb", "pin", "jóga", "--blurb", String(repeating: "e\u{301}", count: 280))
    #expect(r.status == 64)
    #expect(r.err.contains("560 Unicode code points"), "\(r.err)")

    // A pin leaves the history by its row id, as `lb pins` shows it.
    let rowId = try #require(pins.first?["rowId"] as? Int)
    r = try await f.run("lb", "pins")
    #expect(r.out.contains("[\(rowId)]"), "\(r.out)")
    r = try await f.run("lb", "unpin", String(rowId))
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "deleted pin \(rowId)\n")
    #expect((try await f.run("lb", "pins", "--json").json["pins"] as? [[String: Any]])?.isEmpty == true)
    r = try await f.run("lb", "unpin", String(rowId))
    #expect(r.status == 66)
    #expect(r.err.contains("Cannot find pin with row_id '\(rowId)'"), "\(r.err)")
  }
}

extension CommandFixture {
  fileprivate func feedback(_ kind: String) async throws -> [[String: Any]] {
    (try await run("lb", kind, "--json").json["items"] as? [[String: Any]]) ?? []
  }
}
