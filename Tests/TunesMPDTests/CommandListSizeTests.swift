// Command lists bounded by size as MPD bounds them (`max_command_list_size`, 2048 KiB by default), not by
// a count of commands: the byte-exact edge, as a real mpd 0.23 with `max_command_list_size "1"` answers
// it, and a list of 100,000 `add` lines that must run whole, and quickly.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct CommandListSizeTests {
  /// A server over the in-memory backend whose lists are bounded at `bytes`.
  static func server(songs: [MPDSong] = fixtureSongs, boundedAt bytes: Int) async throws
    -> (MPDServer, String, String)
  {
    let folder = temporaryFolder()
    let socket = folder + "/mpd.sock"
    var configuration = MPDServer.Configuration(unixSocketPath: socket)
    configuration.maximumCommandListBytes = bytes
    let server = MPDServer(backend: InMemoryMPDBackend(songs: songs), configuration: configuration)
    try await server.start()
    return (server, socket, folder)
  }

  static func exchange(_ socket: String, replies: Int, _ text: String) async throws -> String {
    try await offCooperativePool { try rawExchange(path: socket, bytes: Array(text.utf8), replies: replies) }
  }

  static func list(_ lines: [String]) -> String {
    "command_list_begin\n" + lines.map { $0 + "\n" }.joined() + "command_list_end\n"
  }

  /// Each line counts its length plus one: 204 `ping`s are 1020 bytes, so a fifth line of three letters
  /// reaches 1024 exactly and runs (to fail as an unknown command), while one of four closes the
  /// connection with no reply at all. Trailing blanks and CR are not counted.
  @Test func aListOneByteOverTheBoundClosesWithoutAReply() async throws {
    let (server, socket, folder) = try await Self.server(boundedAt: 1024)
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    let pings = Array(repeating: "ping", count: 204)
    let atBound = try await Self.exchange(socket, replies: 2, Self.list(pings + ["pin"]) + "ping\n")
    #expect(atBound == "OK MPD 0.23.5\nACK [5@204] {} unknown command \"pin\"\nOK\n")
    let blanks = try await Self.exchange(socket, replies: 2, Self.list(pings + ["pin  \r"]) + "ping\n")
    #expect(blanks == "OK MPD 0.23.5\nACK [5@204] {} unknown command \"pin\"\nOK\n")
    let over = try await Self.exchange(socket, replies: 2, Self.list(pings + ["ping"]) + "ping\n")
    #expect(over == "OK MPD 0.23.5\n<closed>")
    let okListOver = try await Self.exchange(
      socket, replies: 2, "command_list_ok_begin\n" + String(repeating: "ping\n", count: 205))
    #expect(okListOver == "OK MPD 0.23.5\n<closed>")
  }

  /// The bound is per list: a second list on the same connection counts from zero.
  @Test func eachListIsCountedOnItsOwn() async throws {
    let (server, socket, folder) = try await Self.server(boundedAt: 1024)
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    let lists = Self.list(Array(repeating: "ping", count: 150)) + Self.list(Array(repeating: "ping", count: 150))
    #expect(try await Self.exchange(socket, replies: 3, lists + "ping\n") == "OK MPD 0.23.5\nOK\nOK\nOK\n")
  }

  /// The default is MPD's 2048 KiB, to the byte: 419,430 `ping`s and a line of one letter make 2 MiB.
  @Test func theDefaultBoundIsTwoMebibytes() async throws {
    #expect(MPDServer.Configuration().maximumCommandListBytes == 2048 * 1024)
    let (server, socket, folder) = try await Self.server(boundedAt: MPDServer.Configuration().maximumCommandListBytes)
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    let pings = Array(repeating: "ping", count: 419_430)
    let atBound = try await Self.exchange(socket, replies: 1, Self.list(pings + ["p"]))
    #expect(atBound == "OK MPD 0.23.5\nACK [5@419430] {} unknown command \"p\"\n")
    let over = try await Self.exchange(socket, replies: 1, Self.list(pings + ["pi"]))
    #expect(over == "OK MPD 0.23.5\n<closed>")
  }

  /// `mpc listall | mpc add` of a large library is one list of `add` lines: 100,000 of them fit in the
  /// default bound, all run, and the whole list takes seconds, not the minutes a cost per line that grows
  /// with the list would take.
  @Test func aHundredThousandAddsRunInOneList() async throws {
    let songs = (0..<10).map { MPDSong(file: "d/\($0).mp3", tags: [.title: "Song \($0)"], duration: 1) }
    let bound = MPDServer.Configuration().maximumCommandListBytes
    let (server, socket, folder) = try await Self.server(songs: songs, boundedAt: bound)
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
    let adds = (0..<100_000).map { "add d/\($0 % 10).mp3" }
    let started = ContinuousClock.now
    let reply = try await Self.exchange(socket, replies: 1, Self.list(adds))
    let took = ContinuousClock.now - started
    #expect(reply == "OK MPD 0.23.5\nOK\n")
    let status = try await offCooperativePool {
      try MPDClient.dictionary(MPDClient(socketPath: socket, timeoutSeconds: replySeconds).run("status"))
    }
    #expect(status["playlistlength"] == "100000")
    #expect(took < .seconds(60), "100,000 adds took \(took)")
  }
}
