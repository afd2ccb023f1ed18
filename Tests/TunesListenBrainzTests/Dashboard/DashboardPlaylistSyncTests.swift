// `tunes playlist push` and `pull` against the fake server: a round trip keeps the songs with a
// recording MBID, a second push replaces the tracks of the same playlist, and pulling a playlist made
// for the user names the tracks the library lacks.
import Foundation
import GRDB
import Testing
import TunesLibrary

@Suite(.serialized) struct DashboardPlaylistSyncTests {
  static let joga = DashboardActingTests.joga
  static let hallo = "a4864e94-6d75-4ade-bc93-0dabf3521453"
  static let gone = "11111111-2222-4333-8444-555555555555"
  static let jams = "1b0e5e8a-9b5b-4b2d-9a1e-3f4a5b6c7d8e"

  static func world() -> [String: Any] {
    let troi: [String: Any] = [
      "playlists": [
        [
          "mbid": jams, "title": "Weekly Jams for alice", "created_for": "alice", "public": true,
          "tracks": [
            ["recording_mbid": joga, "title": "Joga", "creator": "Björk"],
            ["recording_mbid": gone, "title": "Gone", "creator": "Elsewhere"],
            // No MBID match in the library, but the same artist and title (folded): matched by names.
            ["recording_mbid": "22222222-2222-4333-8444-555555555555", "title": "untitled", "creator": "NOBODY"],
          ],
        ]
      ]
    ]
    return ["tokens": ["tok-alice": "alice"], "users": ["alice": [String: Any](), "troi-bot": troi]]
  }

  static func fixture() async throws -> CommandFixture {
    let f = try await DashboardActingTests.start(world: world())
    // Give Hallogallo an MBID: two of the three songs can then be named to ListenBrainz.
    try await DatabaseQueue(path: f.db).write { db in
      try db.execute(sql: "UPDATE song SET recordingMbid = ? WHERE title = 'Hallogallo'", arguments: [hallo])
    }
    return f
  }

  func entries(_ f: CommandFixture, _ name: String) async throws -> [[String: Any]] {
    let r = try await f.run("playlist", "show", name, "--json")
    return (r.json["entries"] as? [[String: Any]]) ?? []
  }

  @Test func pushThenPullRoundTrip() async throws {
    let f = try await Self.fixture()
    var r = try await f.run("playlist", "create", "Trip", "album:Mix")
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run("playlist", "push", "Trip")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("created 'Trip' on ListenBrainz: https://listenbrainz.org/playlist/"))
    #expect(r.out.contains("(2 tracks)\nleft out 1 song without a recording MBID:\n  Nobody – Untitled\n"))
    let listed = try #require(try await f.run("lb", "playlists", "--json").json["playlists"] as? [[String: Any]])
    #expect(listed.map { $0["title"] as? String } == ["Trip"])
    let mbid = try #require(listed.first?["mbid"] as? String)

    r = try await f.run("playlist", "pull", "https://listenbrainz.org/playlist/\(mbid)", "--name", "Trip again")
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out == "pulled 'Trip' into playlist 'Trip again': 2 of 2 tracks in the library\n")
    let pulled = try await entries(f, "Trip again")
    #expect(pulled.map { $0["path"] as? String } == ["/music/joga.mp3", "/music/hallo.mp3"])

    // Pushing again after removing Jóga replaces the tracks of the same ListenBrainz playlist.
    r = try await f.run("playlist", "remove", "Trip", "1")
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run("playlist", "push", "Trip")
    #expect(r.out.hasPrefix("updated 'Trip' on ListenBrainz: https://listenbrainz.org/playlist/\(mbid) (1 track)"))
    r = try await f.run("playlist", "pull", mbid, "--name", "Trip third")
    #expect(r.out == "pulled 'Trip' into playlist 'Trip third': 1 of 1 track in the library\n")
    #expect(try await entries(f, "Trip third").map { $0["path"] as? String } == ["/music/hallo.mp3"])
    #expect(try await f.run("lb", "playlists", "--json").json["totalCount"] as? Int == 1)
  }

  @Test func pullAPlaylistMadeForTheUser() async throws {
    let f = try await Self.fixture()
    var r = try await f.run("playlist", "pull", Self.jams)
    #expect(r.status == 0, "\(r.err)")
    #expect(
      r.out == """
        pulled 'Weekly Jams for alice' into playlist 'Weekly Jams for alice': 2 of 3 tracks in the library
        the library lacks:
          Elsewhere – Gone  (\(Self.gone))

        """)
    let pulled = try await entries(f, "Weekly Jams for alice")
    #expect(pulled.map { $0["missing"] as? Bool } == [false, true, false])
    #expect(pulled.first?["path"] as? String == "/music/joga.mp3")
    #expect(pulled.last?["path"] as? String == "/music/unknown.mp3")
    // Pulling again under the same name would overwrite a playlist: refused.
    r = try await f.run("playlist", "pull", Self.jams)
    #expect(r.status == 64)
    #expect(r.err.contains("exists already"))
  }

  @Test func pullErrors() async throws {
    let f = try await Self.fixture()
    var r = try await f.run("playlist", "pull", "99999999-2222-4333-8444-555555555555")
    #expect(r.status == 66)
    #expect(r.err == "tunes: no ListenBrainz playlist 99999999-2222-4333-8444-555555555555 (or it is private)\n")
    r = try await f.run("playlist", "pull", "https://example.org/not-a-playlist")
    #expect(r.status == 64)
    r = try await f.run("playlist", "push", "No such playlist")
    #expect(r.status == 66)
  }

  /// A revoked token does not hide public data: ListenBrainz refuses a read that carries it (401) and
  /// tunes asks again without it.
  @Test func publicReadsWithARevokedToken() async throws {
    let f = try await Self.fixture()
    let revoked = ["TUNES_LISTENBRAINZ_TOKEN": "tok-revoked"]
    var r = try await f.run("playlist", "pull", Self.jams, extra: revoked)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.out.hasPrefix("pulled 'Weekly Jams for alice'"))
    r = try await f.run("lb", "playlists", "troi-bot", "--json", extra: revoked)
    #expect(r.status == 0, "\(r.err)")
  }
}
