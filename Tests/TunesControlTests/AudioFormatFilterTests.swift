// `AudioFormat` filters on both backends: MPD's `==` (a whole format) and `=~` (a mask with `*` parts),
// negated, counted, and MPD's errors for formats it cannot read; and the format the real backend reads
// for a stored song (a lossy file's sample size is the one MPD's decoder gives).
import Foundation
import Testing
import TunesMPD

@testable import TunesControl
@testable import TunesLibrary

struct AudioFormatFilterTests {
  @Test(arguments: BackendKind.allCases)
  func formatsSelectAsMPDSelects(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    func files(_ command: String, _ expression: String) async throws -> [String] {
      try await h.client { c in try c.run(command, [expression]).filter { $0.key == "file" }.map(\.value) }
    }
    let abbeyRoad = ["Beatles/Abbey Road/01 Come Together.mp3", "Beatles/Abbey Road/02 Something.mp3"]
    #expect(try await files("find", "(AudioFormat == '44100:24:2')") == abbeyRoad)
    #expect(try await files("find", "(AudioFormat == \"44100:16:2\")").isEmpty)
    #expect(try await files("find", "(AudioFormat =~ '44100:*:*')") == abbeyRoad + ["Nina Simone/Feeling Good.mp3"])
    #expect(try await files("search", "(audioformat =~ '*:*:1')") == ["Nina Simone/Feeling Good.mp3"])
    #expect(try await files("find", "(AudioFormat =~ '*:24_3:2')") == abbeyRoad + ["Beatles/Help/01 Help.mp3"])
    // A song of unknown format matches no AudioFormat clause, so its negation keeps it.
    let others = try await files("find", "(!(AudioFormat =~ '44100:*:*'))")
    #expect(others == ["loose.mp3", "Beatles/Help/01 Help.mp3"])  // MPD lists a folder's songs before its sub-folders
    #expect(
      try await files("find", "((AudioFormat =~ '*:*:2') AND (Album == 'Abbey Road'))") == abbeyRoad)
    let count = try await h.client { c in try c.run("count", ["(AudioFormat =~ '48000:*:2')"]).map(\.value) }
    #expect(count.first == "1")
    let requests = [
      "find AudioFormat 44100:24:2",
      "find \"(AudioFormat == '44100:*:2')\"", "find \"(AudioFormat contains '44100')\"",
      "find \"(AudioFormat =~ '44100:12:2')\"", "find \"(AudioFormat =~ '44100:16')\"",
      "find \"(AudioFormat =~ '44100:16:2:1')\"", "find \"(AudioFormat == '44100:16:9')\"",
      "find \"(AudioFormat == '0:16:2')\"", "find \"(AudioFormat == 'x:16:2')\"",
    ]
    let reply = try await h.raw(replies: requests.count, requests.joined(separator: "\n") + "\n")
    // The pair syntax reads AudioFormat as a tag no song has, as MPD does: nothing matches.
    #expect(
      reply.split(separator: "\n").dropFirst().joined(separator: "\n") == """
        OK
        ACK [2@0] {find} Failed to parse the sample format
        ACK [2@0] {find} '==' or '=~' expected
        ACK [2@0] {find} Invalid sample format: 12
        ACK [2@0] {find} Channel count missing
        ACK [2@0] {find} Extra data after channel count: :1
        ACK [2@0] {find} Invalid channel count: 9
        ACK [2@0] {find} Invalid sample rate: 0
        ACK [2@0] {find} Failed to parse the sample rate
        """)
  }

  /// The queue's songs carry their format as the library's do: `playlistfind` and `playlistsearch`
  /// select by it, each entry shown with its queue position; the current song keeps it too.
  @Test(arguments: BackendKind.allCases)
  func queueSongsSelectByFormat(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    func positions(_ command: String, _ expression: String) async throws -> [String] {
      try await h.client { c in try c.run(command, [expression]).filter { $0.key == "Pos" }.map(\.value) }
    }
    try await h.client { c in
      _ = try c.run("add", ["Nina Simone/Feeling Good.mp3"])
      _ = try c.run("add", ["Beatles"])
      _ = try c.run("add", ["loose.mp3"])
    }
    // The queue: 0 Feeling Good (44100 mono), 1–2 Abbey Road (44100 stereo), 3 Help! (48000), 4 loose (unknown).
    #expect(try await positions("playlistfind", "(AudioFormat == '44100:24:2')") == ["1", "2"])
    #expect(try await positions("playlistsearch", "(audioformat =~ '44100:*:*')") == ["0", "1", "2"])
    #expect(try await positions("playlistfind", "(AudioFormat =~ '48000:*:2')") == ["3"])
    #expect(try await positions("playlistfind", "(AudioFormat == '44100:16:2')").isEmpty)
    #expect(try await positions("playlistfind", "(!(AudioFormat =~ '*:*:2'))") == ["0", "4"])
    #expect(
      try await positions("playlistfind", "((AudioFormat =~ '*:*:2') AND (Title == 'Something'))") == ["2"])
  }

  /// The stored facts the real backend matches: a lossless file's own sample size, a lossy file's
  /// decoder's as MPD's plugins produce it, nothing without a rate.
  @Test func storedAudioReadsAsMPDDecodes() {
    func format(_ codec: String, _ rate: Int?, _ bits: Int?, _ channels: Int?) -> String? {
      LibrarySongs.filterFormat(
        SongAudio(codec: codec, sampleRate: rate, bitsPerSample: bits, channels: channels))?.description
    }
    #expect(format("flac", 96000, 24, 2) == "96000:24:2")
    #expect(format("alac", 44100, 16, 2) == "44100:16:2")
    #expect(format("mp3", 44100, nil, 2) == "44100:24:2")
    #expect(format("opus", 48000, nil, 1) == "48000:16:1")
    #expect(format("vorbis", 44100, nil, 2) == "44100:f:2")
    #expect(format("aac", 44100, nil, 2) == "44100:f:2")
    #expect(format("mp3", nil, nil, 2) == nil)
    #expect(format("mp3", 44100, nil, nil) == nil)
    #expect(format("wma", 44100, nil, 2) == nil)
  }
}
