// Random command sequences (play, pause, next, previous, seek, add, delete, shuffle, repeat, restart)
// against the Player with a held fake sink: whenever the engine is at rest, the state the Player reports
// must be what the sink is doing.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite struct PlayerPropertyTests {
  static let format = AudioFormat(sampleRate: 44100, channels: 2)

  /// The state must match the sink: playing ⇒ the frame the device is at belongs to the current song,
  /// at the reported position; paused or stopped ⇒ nothing is being written.
  static func check(_ player: Player, _ sink: FakeSink, step: String) async {
    await player.quiesce(sink)
    let status = await player.status()
    let unheard = sink.unheard
    switch status.state {
    case .playing:
      guard let song = status.song else { Issue.record("\(step): playing without a song"); return }
      #expect(!sink.isPaused, "\(step): playing while the sink is paused")
      let expectedTag = tag(ofPath: song.path)
      if let next = sink.nextFrame {
        #expect(next.tag == expectedTag, "\(step): shows \(expectedTag), device is at \(next)")
        #expect(status.elapsedMs == format.milliseconds(frames: next.frame), "\(step): position \(status.elapsedMs) vs \(next)")
      }
      #expect(status.currentPosition != nil, "\(step): current entry not in the queue")
    case .paused:
      #expect(await player.isEngineIdle, "\(step): paused while the engine writes")
      #expect(sink.isPaused || unheard.count == 0, "\(step): paused but the device still has \(unheard.count) frames to play")
    case .stopped:
      #expect(await player.isEngineIdle, "\(step): stopped while the engine writes")
      #expect(unheard.count == 0, "\(step): stopped but the device still has \(unheard.count) frames to play")
    }
  }

  @Test(arguments: 0..<6) func reportedStateAlwaysEqualsTheSink(block: Int) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-player-prop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = try Library(path: folder.appendingPathComponent("library.db").path, areas: everyDatabaseArea)
    var rng = SeededRandom(seed: UInt64(500 + block))
    let tracks = Dictionary(uniqueKeysWithValues: (1...9).map { ($0, FakeTrack(frames: 6000 + $0 * 1500)) })
    let decoders = fakeLibrary(tracks)
    for sequence in 0..<5 {
      var sink = FakeSink(bufferFrames: 2048, canPause: rng.below(2) == 0)
      sink.hold()
      var player = Player(sink: sink, decoders: decoders, library: library, seed: rng.next())
      await player.clear()
      try await player.add((1...5).map { song($0, artist: "artist \($0 % 3)") })
      for stepIndex in 0..<30 {
        let step: String
        let s = sink, p = player
        switch rng.below(13) {
        case 0, 1:
          let position = rng.below(max(await p.status().queueLength, 1))
          step = "play(\(position))"
          try await drive(s, p) { try? await p.play(position: position) }
        case 2:
          step = "pause"
          try await drive(s, p) { await p.pause(true) }
        case 3:
          step = "resume"
          try await drive(s, p) { await p.pause(false) }
        case 4:
          step = "next"
          try await drive(s, p) { await p.next() }
        case 5:
          step = "previous"
          try await drive(s, p) { await p.previous() }
        case 6:
          let ms = rng.below(400)
          step = "seek(\(ms))"
          try await drive(s, p) { await p.seek(toMs: ms) }
        case 7:
          let n = 1 + rng.below(9)
          step = "add(\(n))"
          try await drive(s, p) { _ = try await p.add([song(n, artist: "artist \(n % 3)")]) }
        case 8:
          let length = await p.status().queueLength
          guard length > 1 else { continue }
          let position = rng.below(length)
          step = "delete(\(position))"
          try await drive(s, p) { try await p.delete(position: position) }
        case 9:
          let on = rng.below(2) == 0
          step = "random(\(on))"
          try await drive(s, p) { await p.setRandom(on) }
        case 10:
          let mode = RepeatMode.allCases[rng.below(3)]
          step = "repeat(\(mode))"
          try await drive(s, p) { await p.setRepeat(mode) }
        case 11:
          let frames = 1 + rng.below(30)
          step = "let \(frames) chunks play"
          for _ in 0..<frames { sink.step(); try? await Task.sleep(nanoseconds: 100_000) }
        default:
          step = "restart"
          try await drive(s, p) { await p.shutdown() }
          let before = await player.status()
          sink.release()
          sink = FakeSink(bufferFrames: 2048, canPause: rng.below(2) == 0)
          sink.hold()
          player = Player(sink: sink, decoders: decoders, library: library, seed: rng.next())
          try await player.restore()
          let after = await player.status()
          #expect(after.currentID == before.currentID || before.state == .stopped, "restart lost the current entry")
          if before.state != .stopped { #expect(after.elapsedMs == before.elapsedMs, "restart lost the position") }
          #expect(after.queueLength == before.queueLength, "restart lost queue entries")
          #expect(after.random == before.random && after.repeatMode == before.repeatMode, "restart lost the modes")
          #expect(after.state != .playing, "a restored session claims to play before the engine does")
        }
        if ProcessInfo.processInfo.environment["TUNES_TRACE"] != nil {
          let st = await player.status();
          print(
            "TRACE b\(block) s\(sequence) \(stepIndex) \(step) -> \(st.state) cur \(st.currentID.map(String.init) ?? "-") \(st.elapsedMs) paused=\(sink.isPaused)"
          )
        }
        await Self.check(player, sink, step: "sequence \(sequence) step \(stepIndex) \(step)")
      }
      sink.release()
      await player.shutdown()
    }
  }
}
