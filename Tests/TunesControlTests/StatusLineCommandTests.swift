// `tunes_status`, tunes' own command: the real player answers the line `tunes status` prints, and it must
// be the line a client renders from `status` and `currentsong` at the same moment (PlayerReport, then
// TerminalText.safe), whatever the connection's `tagtypes`; a backend that does not render the line
// answers as to an unknown command.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting
import TunesTerminal

@testable import TunesControl

@Suite struct StatusLineCommandTests {
  /// Songs whose tags a terminal must not see raw: an escape sequence, a tab and a line break, a
  /// right-to-left override, CJK text.
  static let oddSongs: [MPDSong] = [
    MPDSong(
      file: "odd/1.mp3", tags: [.artist: "Ada\u{1B}[31m", .album: "東京\tNights", .title: "Line\nTwo\u{202E}"],
      duration: 61.5),
    MPDSong(file: "odd/漢字.mp3", tags: [:], duration: 3),
  ]

  /// The line `tunes status` renders itself, from the same connection's `status` and `currentsong`.
  static func renderedByTheClient(_ c: MPDClient) throws -> String {
    let status = MPDClient.dictionary(try c.run("status"))
    let song = MPDClient.dictionary(try c.run("currentsong"))
    return TerminalText.safe(PlayerReport(status: status, currentSong: song).line)
  }

  static func statusLine(_ c: MPDClient) throws -> String {
    let pairs = try c.run("tunes_status")
    guard pairs.count == 1, pairs[0].key == "line" else { return "unexpected reply \(pairs)" }
    return pairs[0].value
  }

  @Test func thePlayersLineIsTheClientsLine() async throws {
    let h = try await Harness.start(.player, songs: fixtureSongs + Self.oddSongs)
    defer { h.stop() }
    let lines = try await h.client { c -> [(String, String)] in
      var lines: [(String, String)] = []
      // Stopped with an empty queue, then paused (a clock that does not move between the two requests)
      // on each kind of song, then stopped with a song selected.
      lines.append((try Self.statusLine(c), try Self.renderedByTheClient(c)))
      try c.run("add", ["Beatles"])
      try c.run("add", ["odd"])
      try c.run("random", ["1"])
      try c.run("setvol", ["35"])
      // "odd" is queued as mpd orders a folder: 漢字.mp3, without an album, before 1.mp3.
      for position in ["1", "4", "3"] {
        try c.run("play", [position])
        try c.run("pause", ["1"])
        lines.append((try Self.statusLine(c), try Self.renderedByTheClient(c)))
      }
      try c.run("tagtypes", ["clear"])
      let hidden = try Self.statusLine(c)
      try c.run("tagtypes", ["all"])
      lines.append((hidden, try Self.renderedByTheClient(c)))
      try c.run("stop")
      lines.append((try Self.statusLine(c), try Self.renderedByTheClient(c)))
      return lines
    }
    for (player, client) in lines { #expect(player == client) }
    #expect(lines[0].0 == "■ stopped, nothing selected  queue 0  shuffle off  repeat off  volume 50%")
    #expect(lines[1].0.hasPrefix("⏸ The Beatles – Something · Abbey Road  0:00/3:02  #2/5  shuffle on"))
    // The odd song's tags, made safe: no escape, no line break, no override reaches the terminal.
    #expect(lines[2].0.hasPrefix("⏸ Ada\u{FFFD}[31m – Line Two\u{FFFD} · 東京 Nights  0:00/1:0"))
    #expect(lines[3].0.hasPrefix("⏸ 漢字.mp3  0:00/0:03  #4/5  shuffle on  repeat off  volume 35%"))
    // With every tag hidden from the connection, the player's line still names the song.
    #expect(lines[4].0 == lines[3].0)
    #expect(lines[5].0.hasPrefix("■ 漢字.mp3  0:03  #4/5"))
  }

  @Test func aBackendWithoutTheLineAnswersUnknownCommand() async throws {
    let h = try await Harness.start(.inMemory)
    defer { h.stop() }
    let reply = try await h.raw(replies: 2, "tunes_status\nping\n")
    #expect(reply == "OK MPD 0.23.5\nACK [5@0] {tunes_status} unknown command \"tunes_status\"\nOK\n")
  }
}
