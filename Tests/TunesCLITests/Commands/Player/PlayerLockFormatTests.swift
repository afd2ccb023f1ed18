// The lock file's text (Docs/Control.md, "The player's lock file") as both programs read it:
// PlayerLockFormat is one source file compiled into the full program and into the front, so the cases
// here hold for both (the front also hands to the full program a path that is not UTF-8, which the
// full program would rewrite).
import Testing

@testable import tunes

@Suite struct PlayerLockFormatTests {
  static func read(_ text: String) -> RunningPlayer? { PlayerLock.parse(Array(text.utf8)[...]) }

  @Test func theTwoLinesTunesWritesReadBack() {
    let text = PlayerLockFormat.text(pid: 4321, socket: Array("/run/user/1000/tunes/mpd.sock".utf8))
    #expect(String(decoding: text, as: UTF8.self) == "4321\n/run/user/1000/tunes/mpd.sock\n")
    #expect(PlayerLock.parse(text[...]) == RunningPlayer(pid: 4321, socket: "/run/user/1000/tunes/mpd.sock"))
    #expect(Self.read("2147483647\n/s") == RunningPlayer(pid: 2_147_483_647, socket: "/s"))
    #expect(Self.read("7\n/s\nwhatever follows") == RunningPlayer(pid: 7, socket: "/s"))
    #expect(Self.read("7\n/é s\n") == RunningPlayer(pid: 7, socket: "/é s"))
  }

  @Test func anyOtherTextNamesNoPlayer() {
    for text in [
      "", "7", "7/s\n", "+7\n/s\n", "-7\n/s\n", " 7\n/s\n", "2147483648\n/s\n", "07x\n/s\n", "7\n\n", "7\n",
      "7\n/a\r\n", "7\n/a\u{0}b\n", "\n/s\n",
    ] {
      #expect(Self.read(text) == nil, "\(text.debugDescription)")
    }
  }
}
