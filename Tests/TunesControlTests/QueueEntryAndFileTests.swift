// The MPD 0.23 commands on queue entries (swap, moveid, rangeid) and on files (listfiles, readcomments)
// against both backends: the real one keeps play ranges beside the Player and reads folders from disk.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting

@Suite struct QueueEntryAndFileTests {
  @Test(arguments: BackendKind.allCases)
  func swapMoveAndRangeOfEntries(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let ids = try await h.client { c -> [String] in
      try c.run("add", ["Beatles"])
      return MPDClient.songs(try c.run("playlistid")).map { $0["Id"]! }
    }
    // [1 2 3] → swap → [3 2 1] → swapid → [3 1 2] → moveid → [1 3 2]
    let reply = try await h.raw(
      replies: 4, "swap 0 2\nswapid \(ids[0]) \(ids[1])\nmoveid \(ids[0]) 0\nrangeid \(ids[2]) 0.5:1.5\n")
    #expect(reply == "OK MPD 0.23.5\nOK\nOK\nOK\nOK\n")
    let queue = try await h.backend.queue().items.map(\.song)
    #expect(queue.map(\.id) == [ids[0], ids[2], ids[1]].map { Int($0) })
    #expect(queue[1].range == MPDSongRange(start: 0.5, end: 1.5) && queue[0].range == nil && queue[2].range == nil)
    let entry = try await h.raw(replies: 1, "playlistinfo 1\n")
    #expect(entry.hasPrefix("OK MPD 0.23.5\nfile: Beatles/Help/01 Help.mp3\nRange: 0.500-1.500\n"))
    #expect(entry.contains("\nTime: 1\nduration: 1.000\nPos: 1\n"))
  }

  @Test(arguments: BackendKind.allCases)
  func listfilesAndReadcomments(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let reply = try await h.raw(
      replies: 3, "listfiles Beatles/Help\nreadcomments \"Beatles/Help/01 Help.mp3\"\nreadcomments Beatles\n")
    // The player lists the file on disk (the fixture's files are empty), with its time.
    let file = kind == .player ? "file: 01 Help.mp3\nsize: 0\nLast-Modified: " : "file: 01 Help.mp3\nOK\n"
    #expect(reply.hasPrefix("OK MPD 0.23.5\n" + file))
    if kind == .inMemory {
      #expect(reply.hasSuffix("OK\nOK\nACK [50@0] {readcomments} No such song\n"))
    }
    if kind == .player {
      // The fixture's file is empty: no reader takes it, and mpd answers that as a failed load.
      #expect(reply.hasSuffix("Z\nOK\nACK [50@0] {readcomments} Failed to load file\nACK [50@0] {readcomments} No such song\n"))
      let missing = try await h.raw(replies: 1, "listfiles nowhere\n")
      #expect(
        missing == "OK MPD 0.23.5\nACK [52@0] {listfiles} Failed to open \(h.folder)/music/nowhere: No such file or directory\n")
    }
  }
}
