// The hand-written listen JSON against JSONSerialization, which wrote every listen before: the same bytes
// for the same object (key order, escapes, numbers, arrays), so stored and resent listens keep one form.
import Foundation
import Testing
import TunesLibrary
import TunesTags

@testable import TunesListenBrainz

@Suite struct ListenJSONTests {
  /// What JSONSerialization writes for the same value, with the options listens were written with.
  func reference(_ value: ListenJSON) throws -> Data {
    func object(_ value: ListenJSON) -> Any {
      switch value {
      case .string(let text): return text
      case .int(let number): return number
      case .strings(let texts): return texts
      case .object(let members): return members.mapValues(object)
      }
    }
    return try JSONSerialization.data(withJSONObject: object(value), options: [.sortedKeys, .withoutEscapingSlashes])
  }

  @Test func stringsAreEscapedAsJSONSerializationEscapesThem() throws {
    let awkward = [
      "", "plain", "quote \" and backslash \\", "slash / stays", "\u{8}\u{C}\n\r\t", "\u{0}\u{1}\u{1F} controls",
      "\u{7F} DEL", "é, ß, 日本語", "line\u{2028}separator", "emoji 😀 and 👩‍👩‍👧", "\\u0041 not an escape",
    ]
    for text in awkward {
      let value = ListenJSON.object(["track_name": .string(text), "artist_mbids": .strings([text, text])])
      #expect(value.data == (try reference(value)), "\(text.debugDescription)")
    }
  }

  @Test func keysNumbersAndNestingAreWrittenAsJSONSerializationWritesThem() throws {
    let info: [String: ListenJSON] = [
      "tracknumber": .string("3"), "track_mbid": .string("t"), "release_mbid": .string("r"),
      "release_group_mbid": .string("g"), "duration_ms": .int(0), "duration_played": .int(-12),
      "artist_mbids": .strings([]), "discnumber": .int(Int.max), "isrc": .string("i"), "media_player": .string("m"),
      "media_player_version": .string("1.0"), "recording_mbid": .string("c"), "submission_client": .string("s"),
      "submission_client_version": .string("v"), "work_mbids": .strings(["a", "b"]),
    ]
    let value = ListenJSON.object([
      "track_metadata": .object(["additional_info": .object(info), "track_name": .string("T"), "artist_name": .string("A")]),
      "listened_at": .int(1_700_000_000),
    ])
    #expect(value.data == (try reference(value)))
    #expect(ListenJSON.object([:]).data == (try reference(.object([:]))))
  }

  @Test func aListenWithEveryFieldIsWhatJSONSerializationWouldWrite() throws {
    var song = Song(
      path: "/m/a.mp3", title: " Title \"quoted\" / \u{0}x\t", artist: "A\\B", album: "Album\n2", durationMs: 201_000)
    song.trackNumber = 7
    song.recordingMbid = "1D2E3F40-1111-4222-8333-944455566677"
    song.releaseMbid = "aa11bb22-cc33-4d44-8e55-ff6677889900"
    song.artistMbids = ["0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d", "not an id"]
    var tags = TagSet()
    tags.artist = "A feat. B 日本"
    tags.discNumber = 2
    tags.isrc = "GBAYE0000351"
    tags.releaseTrackMbid = "1d2e3f40-1111-4222-8333-944455566600"
    tags.releaseGroupMbid = "aa11bb22-cc33-4d44-8e55-ff6677889911"
    tags.workMbids = ["0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c00"]
    for (at, played) in [(Date(timeIntervalSince1970: 1_700_000_000), 130_500), (nil, nil)] as [(Date?, Int?)] {
      let bytes = try #require(ListenPayload.listen(song: song, tags: tags, listenedAt: at, playedMs: played))
      let parsed = try JSONSerialization.jsonObject(with: bytes)
      let again = try JSONSerialization.data(withJSONObject: parsed, options: [.sortedKeys, .withoutEscapingSlashes])
      #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: again, as: UTF8.self))
      let info = ((parsed as? [String: Any])?["track_metadata"] as? [String: Any])?["additional_info"] as? [String: Any]
      #expect(info?.count == (at == nil ? 14 : 15))
    }
  }
}
