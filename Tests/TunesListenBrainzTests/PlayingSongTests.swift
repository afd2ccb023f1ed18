// love, lb pin, lb recommend and lb review with no SONG act on the song the player plays, by the
// recording MBID its tags carry as the player reports them (`currentsong`, whose file is relative to
// the music folder): no earlier listen needed, no advice to tag a song that is tagged.
import Foundation
import Testing

@Suite(.serialized) struct PlayingSongTests {
  static let recording = "6d3f2f84-9a4c-4d8e-8f61-2b7c1e0a9d55"
  static let artist = "2c1a9f0e-5b7d-4c3e-9a8f-7e6d5c4b3a21"

  struct Player {
    let pid: pid_t
    let socket: String

    static func start(in folder: String) async throws -> Player {
      let song: [String: Any] = [
        "file": "elsewhere/new song.flac", "Title": "New Song", "Artist": "Somebody", "Album": "Fresh",
        // As a tagger writes it: upper case.
        "MUSICBRAINZ_TRACKID": PlayingSongTests.recording.uppercased(), "MUSICBRAINZ_ARTISTID": PlayingSongTests.artist,
        "Time": "200", "duration": "200.000", "Pos": "0", "Id": "1",
      ]
      try JSONSerialization.data(withJSONObject: song).write(to: URL(fileURLWithPath: folder + "/song.json"))
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake-mpd/playing.py").path
      let socket = folder + "/player.sock"
      let pid = try Spawn.start(
        ["/usr/bin/env", "python3", script, socket, folder + "/song.json"], stdout: "/dev/null", stderr: folder + "/mpd.err")
      _ = await eventually(30, every: .milliseconds(20)) { FileManager.default.fileExists(atPath: socket) }
      return Player(pid: pid, socket: socket)
    }

    func stop() {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
  }

  @Test func theFourCommandsUseThePlayingSongsOwnMBID() async throws {
    let f = try await SocialFixture.start()
    let player = try await Player.start(in: f.server.folder)
    defer { player.stop() }
    let socket = ["TUNES_MPD_SOCKET": player.socket]
    var r = try await f.run(["love"], extra: socket)
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run(["lb", "pin", "--blurb", "new"], extra: socket)
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run(["lb", "recommend"], extra: socket)
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run(["lb", "review", "--text", OutboxTests.review], extra: socket)
    #expect(r.status == 0, "\(r.err)")
    r = try await f.run(["lb", "review", "--artist", "--rating", "4", "--text", OutboxTests.review], extra: socket)
    #expect(r.status == 0, "\(r.err)")

    let alice = try await f.server.user("alice")
    #expect((alice["feedback"] as? [[String: Any]])?.map { $0["recording_mbid"] as? String } == [Self.recording])
    #expect((alice["pins"] as? [[String: Any]])?.map { $0["recording_mbid"] as? String } == [Self.recording])
    let timeline = try await f.server.world()["timeline"] as? [[String: Any]] ?? []
    let mine = timeline.filter { $0["user_name"] as? String == "alice" && ($0["id"] as? Int ?? 0) > 6 }
    #expect(
      mine.map { $0["event_type"] as? String } == ["recording_recommendation", "critiquebrainz_review", "critiquebrainz_review"])
    #expect((mine[0]["metadata"] as? [String: Any])?["recording_mbid"] as? String == Self.recording)
    let review = mine[1]["metadata"] as? [String: Any]
    #expect(review?["entity_id"] as? String == Self.recording)
    #expect(review?["entity_name"] as? String == "New Song")
    let artistReview = mine[2]["metadata"] as? [String: Any]
    #expect(artistReview?["entity_id"] as? String == Self.artist)
    #expect(artistReview?["entity_name"] as? String == "Somebody")
  }
}
