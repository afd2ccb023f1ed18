// Remote commands arriving at once from several clients, against the real Player: every command gets
// one reply, and afterwards what MPD reports, what the Player reports and what the audio does agree.
import Foundation
import Testing
import TunesMPD
import TunesPlayer

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct PlayerBackendConcurrencyTests {
  static func randomCommand(_ rng: inout SplitMix) -> (String, [String]) {
    let n = { (limit: Int, rng: inout SplitMix) in String(Int.random(in: 0..<limit, using: &rng)) }
    switch Int.random(in: 0..<15, using: &rng) {
    case 0: return ("add", ["Alpha"])
    case 1: return ("add", ["Beta/01 four.mp3"])
    case 2: return ("delete", [n(6, &rng)])
    case 3: return ("move", [n(6, &rng), n(6, &rng)])
    case 4: return ("play", [n(6, &rng)])
    case 5: return ("next", [])
    case 6: return ("previous", [])
    case 7: return ("pause", [n(2, &rng)])
    case 8: return ("setvol", [n(101, &rng)])
    case 9: return ("seekcur", ["+" + n(5, &rng)])
    case 10: return ("random", [n(2, &rng)])
    case 11: return ("repeat", [n(2, &rng)])
    case 12: return ("deleteid", [n(30, &rng)])
    case 13: return ("clear", [])
    default: return ("status", [])
    }
  }

  @Test(arguments: [11 as UInt64, 12])
  func concurrentRemoteCommandsLeaveOneConsistentState(seed: UInt64) async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let path = p.socket
    let replies = try await withThrowingTaskGroup(of: Int.self) { group in
      for client in 0..<4 {
        group.addTask {
          try await offCooperativePool {
            var rng = SplitMix(state: seed &* 1000 &+ UInt64(client))
            let connection = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
            var answered = 0
            for _ in 0..<60 {
              let (command, arguments) = Self.randomCommand(&rng)
              do {
                _ = try connection.run(command, arguments)
              } catch let error as ControlError {
                // An ACK is a reply too (a position another client just removed, an empty queue).
                guard case .refused = error else { throw error }
              }
              answered += 1
            }
            return answered
          }
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(replies == 4 * 60)

    // End in a known mode, then let the engine settle before comparing.
    _ = try await p.client { c in try c.run("add", ["Alpha"]) }
    _ = try await p.client { c in try c.run("play", ["0"]) }
    try await Task.sleep(nanoseconds: 300_000_000)

    let mpd = try await p.client { c in try c.run("status") }
    let value = { (key: String) in mpd.first { $0.key == key }?.value }
    let player = await p.player.status()
    let queue = await p.player.queueEntries()
    // MPD's view is the Player's view.
    #expect(value("state") == "play" && player.state == .playing)
    #expect(value("playlistlength") == String(queue.count))
    #expect(value("song") == "0" && player.currentPosition == 0)
    #expect(value("songid") == player.currentID.map(String.init))
    #expect(value("volume") == String(player.volume))
    // The queue is well formed: unique ids, and the current entry is in it.
    let ids = queue.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(player.currentID.map { ids.contains($0) } == true)
    // Playing means the audio moves; pausing means it stands still.
    let before = await p.player.status().elapsedMs
    #expect(await eventually(60) { await p.player.status().elapsedMs > before })
    _ = try await p.client { c in try c.run("pause", ["1"]) }
    try await Task.sleep(nanoseconds: 200_000_000)
    let pausedAt = await p.player.status().elapsedMs
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(await p.player.status().elapsedMs == pausedAt)
    #expect(await p.player.status().state == .paused)
  }
}
