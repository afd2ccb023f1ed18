// `tunes ls artists` in a terminal (a tmux pane): a header row as `ls albums` and `ls songs` have, and a
// guest named only inside a credit ("A feat. B") has no ID of its own, which its cell marks and a line
// under the table explains; piped, the cell stays empty for scripts.
import Foundation
import Testing
import TunesTestSupport

@Suite(
  .enabled(if: playerToolsPresent && tmuxInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")),
  .serialized)
struct ArtistListingTerminalTests {
  @Test func aGuestsBlankIDIsExplained() async throws {
    let home = try PlayerHome()
    home.extraEnvironment["LANG"] = "C.UTF-8"
    try home.makeSong("Guests/01 Paper Lanterns.mp3", title: "Paper Lanterns", artist: "x", album: "Guests", seconds: 1)
    try SongCreditTests.tagAsPicard(home.music + "/Guests/01 Paper Lanterns.mp3", environment: home.environment)
    try home.makeSong("Solo/01 Late.mp3", title: "Late", artist: "Kenji Tanaka", album: "Solo", seconds: 1)
    try #require(try await home.tunes("index", home.music).status == 0)

    // Piped: no header, and the guest's ID cell empty.
    let piped = try await home.tunes("ls", "artists")
    #expect(piped.out.split(separator: "\n").contains { $0.hasPrefix("\tZoë Marlowe\t") }, "\(piped.out)")
    #expect(!piped.out.contains("ARTIST") && !piped.out.contains("no ID"), "\(piped.out)")

    let pane = try TmuxPane(home: home, command: [try #require(builtTunes), "ls", "artists"], width: 120, height: 12)
    let screen = try await pane.expectShows("ID", "ARTIST", "[exited 0]")
    let rows = screen.split(separator: "\n").map(String.init)
    let zoe = try #require(rows.first { $0.contains("Marlowe") }, "\(screen)")
    #expect(zoe.trimmingCharacters(in: .whitespaces).hasPrefix("*"), "\(screen)")
    // Kenji Tanaka is also a credit of his own: his row has a number.
    let kenji = try #require(rows.first { $0.contains("Kenji Tanaka") }, "\(screen)")
    #expect(kenji.trimmingCharacters(in: .whitespaces).first?.isNumber == true, "\(screen)")
    #expect(rows.contains { $0.hasPrefix("* no ID: a name only credited beside others") }, "\(screen)")
  }
}
