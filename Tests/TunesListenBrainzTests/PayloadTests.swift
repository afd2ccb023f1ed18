// The JSON of a listen and of playing_now, request bodies, and MBID validation.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesListenBrainz

@Suite struct PayloadTests {
  let recording = "8F3471B5-7E6A-48DA-86A9-C1C07A0F47AE"
  let release = "d4fd9b8c-0f3a-4a59-9d9e-1f2e3c4b5a69"
  let artist = "b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d"

  func object(_ data: Data?) throws -> [String: Any] {
    let bytes = try #require(data)
    return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
  }

  @Test func fullListenCarriesEveryKnownField() throws {
    let song = Song(
      path: "/m/a.mp3", title: " Café Blues ", artist: "Zoë Keating", album: "Into the Trees", trackNumber: 3,
      durationMs: 245_000, recordingMbid: recording, releaseMbid: release, artistMbids: [artist, "not-an-mbid"])
    let at = Date(timeIntervalSince1970: 1_700_000_000)
    let listen = try object(ListenPayload.listen(song: song, listenedAt: at, playedMs: 130_500))
    #expect(Set(listen.keys) == ["listened_at", "track_metadata"])
    #expect(listen["listened_at"] as? Int == 1_700_000_000)
    let metadata = try #require(listen["track_metadata"] as? [String: Any])
    #expect(metadata["track_name"] as? String == "Café Blues")
    #expect(metadata["artist_name"] as? String == "Zoë Keating")
    #expect(metadata["release_name"] as? String == "Into the Trees")
    let info = try #require(metadata["additional_info"] as? [String: Any])
    #expect(
      Set(info.keys) == [
        "media_player", "media_player_version", "submission_client", "submission_client_version", "duration_ms",
        "tracknumber", "recording_mbid", "release_mbid", "artist_mbids", "duration_played",
      ])
    #expect(info["media_player"] as? String == "tunes")
    #expect(info["submission_client"] as? String == "tunes")
    #expect(info["submission_client_version"] as? String == TunesVersion.string)
    #expect(info["media_player_version"] as? String == TunesVersion.string)
    #expect(info["duration_ms"] as? Int == 245_000)
    #expect(info["tracknumber"] as? String == "3")
    #expect(info["recording_mbid"] as? String == "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae")
    #expect(info["release_mbid"] as? String == release)
    #expect(info["artist_mbids"] as? [String] == [artist])
    #expect(info["duration_played"] as? Int == 130)
  }

  @Test func unknownFieldsAreOmitted() throws {
    let song = Song(path: "/m/b.mp3", title: "T", artist: "A", album: "", recordingMbid: "junk", artistMbids: ["x"])
    let listen = try object(ListenPayload.listen(song: song, listenedAt: Date(), playedMs: 500))
    let metadata = try #require(listen["track_metadata"] as? [String: Any])
    #expect(metadata["release_name"] == nil)
    let info = try #require(metadata["additional_info"] as? [String: Any])
    #expect(Set(info.keys) == ["media_player", "media_player_version", "submission_client", "submission_client_version"])
  }

  @Test func playingNowHasNoTimestampAndNoPlayedTime() throws {
    let song = Song(path: "/m/c.mp3", title: "T", artist: "A", durationMs: 1000)
    let listen = try object(ListenPayload.listen(song: song, listenedAt: nil, playedMs: 90_000))
    #expect(listen["listened_at"] == nil)
    let info = try #require((listen["track_metadata"] as? [String: Any])?["additional_info"] as? [String: Any])
    #expect(info["duration_played"] == nil)
    #expect(info["duration_ms"] as? Int == 1000)
  }

  @Test(arguments: [("", "A", "no title tag"), ("T", "  ", "no artist tag"), ("", "", "no title and no artist tag")])
  func songsWithoutTitleOrArtistAreSkipped(title: String, artist: String, reason: String) {
    let song = Song(path: "/m/d.mp3", title: title, artist: artist)
    #expect(ListenPayload.listen(song: song, listenedAt: Date(), playedMs: 1) == nil)
    #expect(ListenPayload.skipReason(song) == "/m/d.mp3: \(reason)")
  }

  @Test func nulCharactersAreRemoved() throws {
    let song = Song(path: "/m/e.mp3", title: "A\u{0}B", artist: "C")
    let metadata = try #require(
      try object(ListenPayload.listen(song: song, listenedAt: Date(), playedMs: 1))["track_metadata"] as? [String: Any])
    #expect(metadata["track_name"] as? String == "AB")
  }

  @Test func sameListenGivesSameBytes() {
    let song = Song(path: "/m/f.mp3", title: "T", artist: "A", album: "R", trackNumber: 1, durationMs: 5, artistMbids: [artist])
    let at = Date(timeIntervalSince1970: 1_600_000_000)
    #expect(
      ListenPayload.listen(song: song, listenedAt: at, playedMs: 4000)
        == ListenPayload.listen(song: song, listenedAt: at, playedMs: 4000))
  }

  @Test func bodyWrapsStoredListensVerbatim() {
    let body = SubmissionBody.make(type: .import, listens: [Data("{\"a\":1}".utf8), Data("{\"b\":2}".utf8)])
    #expect(String(decoding: body, as: UTF8.self) == "{\"listen_type\":\"import\",\"payload\":[{\"a\":1},{\"b\":2}]}")
    #expect(
      String(decoding: SubmissionBody.make(type: .playingNow, listens: [Data("{}".utf8)]), as: UTF8.self)
        == "{\"listen_type\":\"playing_now\",\"payload\":[{}]}")
  }

  @Test(
    arguments: [
      ("8f3471b5-7e6a-48da-86a9-c1c07a0f47ae", "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"),
      (" 8F3471B5-7E6A-48DA-86A9-C1C07A0F47AE", "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"),
      ("8f3471b57e6a48da86a9c1c07a0f47ae", nil), ("8f3471b5-7e6a-48da-86a9-c1c07a0f47a", nil),
      ("zf3471b5-7e6a-48da-86a9-c1c07a0f47ae", nil), ("", nil),
    ] as [(String, String?)])
  func mbidValidation(input: String, expected: String?) {
    #expect(ListenPayload.normalizedMBID(input) == expected)
  }

  @Test func batchesRespectTheByteLimit() {
    func listen(_ id: Int64, bytes: Int) -> PendingListen {
      PendingListen(
        id: id, songId: nil, listenedAt: 1, body: Data(String(repeating: "x", count: bytes).utf8), label: "A – T",
        createdAt: Date())
    }
    // A listen over 10240 bytes goes alone (the server's 400 then parks it).
    let big = [listen(1, bytes: 15_000), listen(2, bytes: 15_000), listen(3, bytes: 100)]
    #expect(Submitter.fit(big, type: .import, oneByOne: false).map(\.id) == [1])
    // Small ones fill the count limit.
    let small = (1...1001).map { listen(Int64($0), bytes: 200) }
    #expect(Submitter.fit(small, type: .import, oneByOne: false).count == 1000)
    #expect(Submitter.fit(small, type: .import, oneByOne: true).count == 1)
    // 10 200-byte listens: 1000 fit, and the body stays within both byte limits.
    let large = (1...1001).map { listen(Int64($0), bytes: 10_200) }
    let batch = Submitter.fit(large, type: .import, oneByOne: false)
    let bodySize = SubmissionBody.make(type: .import, listens: batch.map(\.body)).count
    #expect(batch.count == 1000)
    #expect(bodySize <= batch.count * ListenBrainzLimits.maxListenSize)
    #expect(bodySize <= ListenBrainzLimits.maxPayloadSize)
    // 10 239-byte listens: the body's own 35 bytes push two over 2 × 10 240, so they go one by one.
    let edge = (1...3).map { listen(Int64($0), bytes: 10_239) }
    #expect(Submitter.fit(edge, type: .import, oneByOne: false).count == 1)
  }
}
