// `tunes play` in the foreground to the end of its queue, through ALSA's null device at the audio clock:
// a song with no audio first in the queue is skipped with one line and the rest plays; a queue of nothing
// playable ends with an error; and every song heard counts, the last one of the queue too.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && NoAudioFixtures.toolsPresent), .serialized)
struct QueueEndTests {
  /// `tunes stats --json`'s play count.
  func totalPlays(_ home: PlayerHome) async throws -> Int? {
    let stats = try await home.tunes("stats", "--json")
    return (try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any])?["totalPlays"] as? Int
  }

  @Test func aSilentFirstSongIsSkippedWithOneLineAndTheQueueGoesOn() async throws {
    let fixtures = try NoAudioFixtures.get()
    for (name, silent) in fixtures.silent {
      let home = try PlayerHome()
      let ext = (silent as NSString).pathExtension
      try FileManager.default.copyItem(atPath: silent, toPath: home.music + "/1 silent." + ext)
      try FileManager.default.copyItem(atPath: fixtures.good, toPath: home.music + "/2 good.mp3")
      try #require(try await home.tunes("index", home.music).status == 0)
      let played = try await home.tunes("play", "--device", "null", "--pace", "max")
      #expect(played.status == 0, "\(name): \(played.err)")
      #expect(played.out.split(separator: "\n").count == 1, "\(name): \(played.out)")
      let lines = played.err.split(separator: "\n").filter { $0.contains("silent") }
      #expect(lines.count == 1 && lines[0].contains("skipped ") && lines[0].contains(": no audio"), "\(name): \(played.err)")

      let alone = try await home.tunes("play", "silent", "--device", "null", "--pace", "max")
      #expect(alone.status == 65, "\(name): \(alone.status) \(alone.err)")
      #expect(alone.err.contains("nothing in the queue is playable"), "\(name): \(alone.err)")
    }
  }

  /// Three songs of 0.8 s: each is wholly in the device's lead before it is heard; all three count.
  @Test func theLastShortSongOfTheQueueCounts() async throws {
    let home = try PlayerHome()
    for n in 1...3 { try home.makeSong("\(n).mp3", title: "Song \(n)", artist: "Ada", album: "Short", seconds: 0.8) }
    try #require(try await home.tunes("index", home.music).status == 0)
    let played = try await home.tunes("play", "--device", "null")
    #expect(played.status == 0, "\(played.err)")
    #expect(played.out.split(separator: "\n").count == 3, "\(played.out)")
    #expect(try await totalPlays(home) == 3)
  }
}
