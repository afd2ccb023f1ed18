// Huge seek times and positions on both backends: the real player converts a time to milliseconds and
// stores playlist positions from 1, so a client's number must be bounded before either; the player
// answers and keeps answering.
import Testing
import TunesMPD

@testable import TunesControl

@Suite struct ExtremeNumberCommandTests {
  @Test(arguments: BackendKind.allCases)
  func hugeSeekTimesAndPositionsAreAnswered(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    try await h.client { c in
      try c.run("add", [""])
      try c.run("save", ["saved"])
      try c.run("play", ["1"])
    }
    let reply = try await h.raw(
      replies: 9,
      "seekcur +1e19\nseekcur -1e308\nseekcur 1e19\nseek 0 1e19\nseekid 2 1e308\nseek 0 -1e308\n"
        + "playlistdelete saved 9223372036854775807\nplaylistmove saved 9223372036854775807 0\nstatus\n")
    #expect(
      reply.hasPrefix(
        """
        OK MPD 0.23.5
        OK
        OK
        OK
        OK
        OK
        ACK [2@0] {seek} Negative value not allowed: -1e308
        ACK [2@0] {playlistdelete} Number too large: 9223372036854775807
        ACK [2@0] {playlistmove} Number too large: 9223372036854775807

        """))
    #expect(reply.contains("\nstate: ") && reply.hasSuffix("\nOK\n"))
  }

  @Test func secondsBecomeMillisecondsWithinMPDsLongestTime() {
    #expect(PlayerBackend.milliseconds(12.3456) == 12346)
    #expect(PlayerBackend.milliseconds(-2.5) == -2500)
    #expect(PlayerBackend.milliseconds(1e19) == Int(UInt32.max))
    #expect(PlayerBackend.milliseconds(-.infinity) == -Int(UInt32.max))
    #expect(PlayerBackend.milliseconds(.nan) == 0)
  }
}
