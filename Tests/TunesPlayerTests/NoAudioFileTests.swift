// Real files that yield no audio, one per format (NoAudioFixtures), each queued before a good MP3 and
// played by the Player through the real decoders and ALSA's null device: the silent one is skipped with
// one line naming it, the good one plays, and the queue ends. Alone, each ends the queue as nothing
// playable.
import Foundation
import Testing
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesOutput
import TunesTestSupport

@testable import TunesPlayer

@Suite(.enabled(if: NoAudioFixtures.toolsPresent)) struct NoAudioFileTests {
  /// Plays `paths` through the null device at full speed; the songs started, the messages and the failure.
  func play(_ paths: [String]) async throws -> (started: [String], messages: [String], failure: PlayerError?) {
    let player = Player(sink: PacedSink(ALSASink(device: "null"), mode: .max), decoders: DecoderFactory())
    let log = await EventLog.attach(to: player)
    try await player.add(paths.map { Song(path: $0, title: $0, artist: "test") })
    try await player.play()
    await waitUntil("the queue to end") { await log.events.contains(.finished) }
    let failure = await player.failure()
    await player.shutdown()
    return (await log.started, await log.messages, failure)
  }

  @Test(arguments: 0..<5) func aSilentFileFirstIsSkippedAndTheNextSongPlays(index: Int) async throws {
    let fixtures = try NoAudioFixtures.get()
    let (name, silent) = fixtures.silent[index]
    let result = try await play([silent, fixtures.good])
    #expect(result.started == [fixtures.good], "\(name): \(result.messages)")
    let lines = result.messages.filter { $0.contains(silent) }
    #expect(lines.count == 1 && lines[0].hasPrefix("skipped \(silent): no audio"), "\(name): \(lines)")
    #expect(result.failure == nil, "\(name)")
  }

  /// 0.05 s is short, but audio: it plays, and the queue goes on after it.
  @Test func aTinyMP3FirstPlaysAndTheQueueGoesOn() async throws {
    let fixtures = try NoAudioFixtures.get()
    let result = try await play([fixtures.tinyMP3, fixtures.good])
    #expect(result.started == [fixtures.tinyMP3, fixtures.good], "\(result.messages)")
    #expect(result.failure == nil)
  }

  @Test(arguments: 0..<5) func aSilentFileAloneIsNothingPlayable(index: Int) async throws {
    let fixtures = try NoAudioFixtures.get()
    let (name, silent) = fixtures.silent[index]
    let result = try await play([silent])
    #expect(result.started.isEmpty, "\(name)")
    guard case .nothingPlayable(let last, _)? = result.failure else {
      Issue.record("\(name): expected nothingPlayable, got \(String(describing: result.failure))")
      return
    }
    #expect(last == silent, "\(name)")
  }
}
