// `tunes crossfade`, `mixrampdb`, `mixrampdelay` and `replaygain` through the binary: with no player they
// save the setting in the library's play state; with one running they tell it, and what it holds is
// what is shown and what stays saved after it quits.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct MixingSettingsCLITests {
  @Test func settingsGoToTheSavedStateOrToTheRunningPlayer() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)

    // No player: saved, and shown from the database.
    for args in [["crossfade", "4"], ["mixrampdb", "-15"], ["mixrampdelay", "2"], ["replaygain", "album"]] {
      let set = try await home.tunes(arguments: args)
      #expect(set.status == 0, "\(args) \(set.err)")
    }
    #expect(try await home.tunes("crossfade").out == "4 s\n")
    #expect(try await home.tunes("mixrampdb").out == "-15 dB\n")
    #expect(try await home.tunes("mixrampdelay").out == "2 s\n")
    #expect(try await home.tunes("replaygain").out.hasPrefix("album "))

    // A running player starts with them and takes new ones.
    let pid = try await home.startDaemon(["--device", "null"])
    defer { kill(pid, SIGKILL) }
    #expect(try await home.tunes("crossfade").out == "4 s\n")
    #expect(try await home.tunes("crossfade", "6").status == 0)
    #expect(try await home.tunes("mixrampdelay", "3").status == 0)
    #expect(try await home.tunes("crossfade").out == "6 s\n")
    #expect(try await home.tunes("mixrampdelay").out == "3 s\n")
    #expect(try await home.tunes("quit").status == 0)

    // What the player held is what stays saved.
    #expect(try await home.tunes("crossfade").out == "6 s\n")
    #expect(try await home.tunes("mixrampdelay").out == "3 s\n")
  }
}
