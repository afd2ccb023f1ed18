// Command lists are atomic to other clients on the real backend (PlayerBackend over a Player): while one
// client replaces the queue in a list (`clear`, then one `add` per song), another polling `status` and
// `playlistinfo` as fast as it can must only ever see the queue as it was before a list or after it,
// never cleared and not refilled, nor half filled. Without the server's command gate it sees both (the
// `addid` form every time; the `add` form, whose adds reach the backend in one call, only sometimes).
import Foundation
import Testing
import TunesMPD

@testable import TunesControl

/// A yes/no shared between the threads of two clients.
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

@Suite(.enabled(if: toolsPresent))
struct CommandListAtomicityTests {
  /// `clear`, then `command FILE` for each file. A run of `add`s reaches the backend in one call (the
  /// batch path); `addid`s go one by one, so only the server's command gate keeps such a list whole.
  static func list(clearingFor files: [String], with command: String) -> String {
    (["command_list_begin", "clear"] + files.map { command + " " + MPDRequestParser.quote($0) } + ["command_list_end"])
      .joined(separator: "\n")
  }

  @Test(arguments: ["add", "addid"]) func anotherClientNeverSeesAListHalfApplied(adding command: String) async throws {
    let library = generatedSongs(2500)
    let h = try await Harness.start(.player, songs: library)
    defer { h.stop() }
    let first = library[0..<1000].map(\.file)
    let second = library[1000..<2500].map(\.file)
    let socket = h.socket
    // The queue holds the first set before anyone watches.
    try await h.client { c in
      try c.sendLine(Self.list(clearingFor: first, with: command))
      _ = try c.readReply(command: "add")
    }

    let rounds = 6
    let writerDone = Flag()
    async let writer: Void = offCooperativePool {
      defer { writerDone.set() }
      let c = try MPDClient(socketPath: socket, timeoutSeconds: replySeconds)
      for round in 0..<rounds {
        try c.sendLine(Self.list(clearingFor: round % 2 == 0 ? second : first, with: command))
        _ = try c.readReply(command: "add")
      }
    }
    async let reader: (polls: Int, seen: [String]) = offCooperativePool {
      let c = try MPDClient(socketPath: socket, timeoutSeconds: replySeconds)
      var polls = 0
      var seen: [String] = []
      // One more look after the writer ends, so the last list's result is seen too.
      var last = false
      while !last {
        last = writerDone.isSet
        let length = MPDClient.dictionary(try c.run("status"))["playlistlength"] ?? "?"
        if length != "\(first.count)" && length != "\(second.count)" { seen.append("status: playlistlength \(length)") }
        let files = try c.run("playlistinfo").filter { $0.key == "file" }.map(\.value)
        if files != first && files != second { seen.append("playlistinfo: \(files.count) songs") }
        polls += 1
      }
      return (polls, seen)
    }
    try await writer
    let (polls, seen) = try await reader
    #expect(polls > 1)
    #expect(seen.count == 0, "a half-applied list was seen: \(seen.prefix(6))")
    let queue = try await h.backend.queue().items.map(\.song.file)
    #expect(queue == (rounds % 2 == 0 ? first : second))
  }
}
