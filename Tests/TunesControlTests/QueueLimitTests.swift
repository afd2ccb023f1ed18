// The queue's bound (MPD's `max_playlist_length`) over the protocol: a list of `add`s that passes it is
// answered with MPD's ACK at the `add` that passed it, the songs that fit stay queued, nothing after it
// is read, and other clients are answered meanwhile.
import Foundation
import Testing
import TunesMPD

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct QueueLimitTests {
  /// 300 songs: f0/0.mp3 … f0/99.mp3, f1/100.mp3 … f1/199.mp3, f2/200.mp3 … f2/299.mp3.
  static let library = generatedSongs(300)

  @Test func aListOfWholeLibraryAddsStopsAtTheBoundWithMPDsAck() async throws {
    let h = try await Harness.start(.player, songs: Self.library)
    defer { h.stop() }
    try #require(h.player != nil)
    await h.player!.setMaximumQueueLength(450)
    // 300 fit, the second `add ""` fills the queue to 450 and fails; the rest are never run.
    let list = "command_list_ok_begin\n" + String(repeating: "add \"\"\n", count: 3000) + "command_list_end\n"
    let reply = try await h.raw(replies: 1, list)
    #expect(reply == "OK MPD 0.23.5\nlist_OK\nACK [51@1] {add} Playlist is too large\n")
    #expect(try await h.backend.queue().items.count == 450)
    // Full: a single add and an addid get the same ACK, and another client is answered as ever.
    #expect(try await h.raw(replies: 1, "add f0/1.mp3\n") == "OK MPD 0.23.5\nACK [51@0] {add} Playlist is too large\n")
    let addid = try await h.raw(replies: 1, "addid f0/1.mp3\n")
    #expect(addid == "OK MPD 0.23.5\nACK [51@0] {addid} Playlist is too large\n")
    let length = try await h.client { MPDClient.dictionary(try $0.run("status"))["playlistlength"] }
    #expect(length == "450")
  }

  @Test func otherClientsAreAnsweredWhileAListFillsTheQueue() async throws {
    let h = try await Harness.start(.player, songs: Self.library)
    defer { h.stop() }
    await h.player!.setMaximumQueueLength(1000)
    let path = h.socket
    let list = "command_list_begin\n" + String(repeating: "add \"\"\n", count: 3000) + "command_list_end\n"
    async let filled = h.raw(replies: 1, list)
    // Each ping waits at most for the list ahead of it, which stops at the bound after four adds. How long
    // that takes is the machine's (a loaded one holds the server back for many seconds), so the client
    // waits as long as every test client does (replySeconds): a server that answered no one else once the
    // list had filled the queue leaves a ping unanswered however long it waits, and that is what this counts.
    let pings = try await offCooperativePool { () -> Int in
      let client = try MPDClient(socketPath: path, timeoutSeconds: replySeconds)
      var answered = 0
      for _ in 0..<20 where (try? client.run("ping")) != nil { answered += 1 }
      return answered
    }
    #expect(pings == 20)
    #expect(try await filled == "OK MPD 0.23.5\nACK [51@3] {add} Playlist is too large\n")
    #expect(try await h.backend.queue().items.count == 1000)
  }
}
