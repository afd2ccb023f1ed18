// Many clients sending random commands at once: every command gets exactly one reply, and the
// backend's queue stays consistent (positions in order, ids unique, current song inside the queue).
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting
import TunesTestSupport

@Suite struct ConcurrencyTests {
  static func randomCommand(_ rng: inout SplitMix) -> (String, [String]) {
    let n = { (limit: Int, rng: inout SplitMix) in String(Int.random(in: 0..<limit, using: &rng)) }
    switch Int.random(in: 0..<16, using: &rng) {
    case 0: return ("add", [fixtureSongs.randomElement(using: &rng)!.file])
    case 1: return ("add", ["Beatles"])
    case 2: return ("delete", [n(6, &rng)])
    case 3: return ("move", [n(6, &rng), n(6, &rng)])
    case 4: return ("play", [n(6, &rng)])
    case 5: return ("next", [])
    case 6: return ("previous", [])
    case 7: return ("pause", [])
    case 8: return ("shuffle", [])
    case 9: return ("setvol", [n(101, &rng)])
    case 10: return ("seekcur", ["+" + n(30, &rng)])
    case 11: return ("random", [n(2, &rng)])
    case 12: return ("deleteid", [n(40, &rng)])
    case 13: return ("clear", [])
    case 14: return ("status", [])
    default: return ("playlistinfo", [])
    }
  }

  @Test(arguments: BackendKind.allCases, [1 as UInt64, 2, 3])
  func concurrentClientsKeepTheQueueConsistent(_ kind: BackendKind, seed: UInt64) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let path = h.socket
    let replies = try await withThrowingTaskGroup(of: Int.self) { group in
      for client in 0..<6 {
        group.addTask {
          try await offCooperativePool {
            var rng = SplitMix(state: seed &* 1000 &+ UInt64(client))
            let connection = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
            var answered = 0
            for _ in 0..<150 {
              let (command, arguments) = Self.randomCommand(&rng)
              do {
                try connection.run(command, arguments)
              } catch let error as ControlError {
                // An ACK is a reply too (e.g. deleting a position another client just removed).
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
    #expect(replies == 6 * 150)
    let queue = try await h.backend.queue()
    #expect(queue.items.map { $0.song.position } == queue.items.indices.map { Optional($0) })
    let ids = queue.items.compactMap(\.song.id)
    #expect(Set(ids).count == ids.count && ids.count == queue.items.count)
    let status = try await h.backend.status()
    #expect(status.playlistLength == queue.items.count)
    if let song = status.song { #expect(song < queue.items.count && status.songID == queue.items[song].song.id) }
    #expect(queue.items.allSatisfy { $0.version <= queue.version })
    // And the server still answers a newcomer.
    #expect(try await h.client { c in try c.run("ping").count } == 0)
  }
}
