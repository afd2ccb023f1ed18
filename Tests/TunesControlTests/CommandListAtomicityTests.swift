// Command lists are atomic to other clients on the real backend (PlayerBackend over a Player): while one
// client replaces the queue in a list (`clear`, then one `add` per song), another polling `status` and
// `playlistinfo` as fast as it can must only ever see the queue as it was before a list or after it,
// never cleared and not refilled, nor half filled. Without the server's command gate it sees both.
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
  /// Library rows only (no audio): `count` songs in folders of a hundred.
  static func songs(_ count: Int) -> [MPDSong] {
    (0..<count).map { n in
      MPDSong(
        file: "f\(n / 100)/\(n).mp3", tags: [.title: "Song \(n)", .artist: "Artist \(n % 7)", .album: "Album \(n / 100)"],
        duration: 60)
    }
  }

  static func list(clearingFor files: [String]) -> String {
    (["command_list_begin", "clear"] + files.map { "add " + MPDRequestParser.quote($0) } + ["command_list_end"])
      .joined(separator: "\n")
  }

  @Test func anotherClientNeverSeesAListHalfApplied() async throws {
    let library = Self.songs(2500)
    let h = try await Harness.start(.player, songs: library)
    defer { h.stop() }
    let first = library[0..<1000].map(\.file)
    let second = library[1000..<2500].map(\.file)
    let socket = h.socket
    // The queue holds the first set before anyone watches.
    try await h.client { c in
      try c.sendLine(Self.list(clearingFor: first))
      _ = try c.readReply(command: "add")
    }

    let rounds = 6
    let writerDone = Flag()
    async let writer: Void = offCooperativePool {
      defer { writerDone.set() }
      let c = try MPDClient(socketPath: socket)
      for round in 0..<rounds {
        try c.sendLine(Self.list(clearingFor: round % 2 == 0 ? second : first))
        _ = try c.readReply(command: "add")
      }
    }
    async let reader: (polls: Int, seen: [String]) = offCooperativePool {
      let c = try MPDClient(socketPath: socket)
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
