// The batch path of a command list's `add` lines on the real backend: a run of `add`s reaches the backend
// in one call, and must leave the queue, its versions and the reply exactly as the same `add`s sent one
// by one: one queue version per `add` (what `plchanges` reads), and a failing `add` stopping the list at
// its own index with the ACK a single `add` gives, the `add`s before it kept.
import Foundation
import Testing
import TunesMPD

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct CommandListAddTests {
  /// 300 songs: f0/0.mp3 … f0/99.mp3, f1/100.mp3 … f1/199.mp3, f2/200.mp3 … f2/299.mp3.
  static let library = generatedSongs(300)

  /// From an empty queue, runs `commands` in one list or one by one; returns the change of the queue
  /// version and, for each version on the way, the files `plchanges` reports since it.
  static func effect(of commands: [String], asList: Bool, on h: Harness) async throws -> [String] {
    try await h.client { c in
      _ = try c.run("clear")
      let start = Int(MPDClient.dictionary(try c.run("status"))["playlist"] ?? "") ?? -1
      if asList {
        try c.sendLine((["command_list_begin"] + commands + ["command_list_end"]).joined(separator: "\n"))
        _ = try c.readReply(command: "add")
      } else {
        for line in commands {
          try c.sendLine(line)
          _ = try c.readReply(command: line)
        }
      }
      let end = Int(MPDClient.dictionary(try c.run("status"))["playlist"] ?? "") ?? -1
      var out = ["version +\(end - start)"]
      for version in start...max(start, end) {
        let files = try c.run("plchanges", ["\(version)"]).filter { $0.key == "file" }.map(\.value)
        out.append("since +\(version - start): \(files.count) songs, \(files.first ?? "-") … \(files.last ?? "-")")
      }
      return out
    }
  }

  @Test func aListOfAddsLeavesTheQueueAsSingleAddsDo() async throws {
    let h = try await Harness.start(.player, songs: Self.library)
    defer { h.stop() }
    let commands = ["add f0/5.mp3", "add f1", "add \"f2/250.mp3\"", "random 0", "add f0/7.mp3", "add f2"]
    let listed = try await Self.effect(of: commands, asList: true, on: h)
    let single = try await Self.effect(of: commands, asList: false, on: h)
    #expect(listed == single)
    #expect(listed.first == "version +5")
    #expect(listed.last == "since +5: 0 songs, - … -")
    #expect(try await h.backend.queue().items.count == 1 + 100 + 1 + 1 + 100)
  }

  @Test func aFailingAddStopsTheListWhereASingleAddWould() async throws {
    let h = try await Harness.start(.player, songs: Self.library)
    defer { h.stop() }
    let single = try await h.raw(replies: 1, "add missing.mp3\n")
    let ack = try #require(single.split(separator: "\n").dropFirst().first.map(String.init))
    #expect(ack.hasPrefix("ACK [50@0] {add} "))
    let at = { (index: Int) in ack.replacingOccurrences(of: "@0]", with: "@\(index)]") + "\n" }

    let okList = "command_list_ok_begin\nadd f0/1.mp3\nadd f0/2.mp3\nadd missing.mp3\nadd f0/3.mp3\ncommand_list_end\n"
    #expect(try await h.raw(replies: 1, okList) == "OK MPD 0.23.5\nlist_OK\nlist_OK\n" + at(2))
    #expect(try await h.backend.queue().items.map(\.song.file) == ["f0/1.mp3", "f0/2.mp3"])

    let firstFails = "command_list_begin\nadd missing.mp3\nadd f0/4.mp3\ncommand_list_end\n"
    #expect(try await h.raw(replies: 1, firstFails) == "OK MPD 0.23.5\n" + at(0))
    let missingFolder = "command_list_begin\nadd f0/4.mp3\nadd f1\nadd nowhere\ncommand_list_end\n"
    let folderReply = try await h.raw(replies: 1, missingFolder)
    let singleFolder = try await h.raw(replies: 1, "add nowhere\n")
    #expect(folderReply == singleFolder.replacingOccurrences(of: "@0]", with: "@2]"))
    #expect(try await h.backend.queue().items.count == 2 + 1 + 100)
  }
}
