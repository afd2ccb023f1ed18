// Keys: decoding what terminals send, the default map, and the [keys] section of config.toml.
import Testing
import TunesCore

@testable import TunesUI

@Suite struct KeyMapTests {
  @Test func decodesArrowsPagingControlAndMouse() {
    let bytes = Array("\u{1B}[A\u{1B}[6~\u{1B}[H\u{04}j\u{1B}[<0;5;3M\u{1B}[<65;1;1M\t\u{1B}[Z".utf8)
    let (keys, used) = UIKeyDecoder.decode(bytes)
    #expect(used == bytes.count)
    #expect(
      keys == [
        .up, .pageDown, .home, .control("d"), .character("j"),
        .mouse(MouseEvent(kind: .press, button: 0, row: 2, column: 4)),
        .mouse(MouseEvent(kind: .wheelDown, button: 1, row: 0, column: 0)), .tab, .backTab,
      ])
  }

  @Test func aLoneEscapeIsTheEscapeKeyAndACutSequenceWaits() {
    #expect(UIKeyDecoder.decode([0x1B]).keys == [.escape])
    let cut = UIKeyDecoder.decode(Array("a\u{1B}[5".utf8))
    #expect(cut.keys == [.character("a")])
    #expect(cut.used == 1)
    #expect(UIKeyDecoder.decode(Array("é日".utf8)).keys == [.character("é"), .character("日")])
  }

  @Test func cmusAndVimDefaults() {
    let map = KeyMap()
    #expect(map[.character("c")] == .pause)
    #expect(map[.character("b")] == .next)
    #expect(map[.character("z")] == .previous)
    #expect(map[.character("x")] == .play)
    #expect(map[.character("v")] == .stop)
    #expect(map[.control("d")] == .halfPageDown)
    #expect(map[.control("l")] == .redraw)
    #expect(map[.character("?")] == .help)
    #expect(map[.right] == .seekForward)
    #expect(map[.character("7")] == .view7)
    // Every action has a key by default.
    for action in UIAction.allCases { #expect(!map.names(of: action).isEmpty, "\(action)") }
  }

  @Test func configChangesAnActionsKeys() throws {
    let text = "[player]\nmax_playlist_length = 10\n\n[keys]\npause = \"y space\"\nnext = \"ctrl-n\"\n"
    let map = try KeyMap.load(text: text, path: "/c.toml")
    #expect(map[.character("y")] == .pause)
    #expect(map[.character(" ")] == .pause)
    #expect(map[.character("c")] == nil)
    #expect(map[.control("n")] == .next)
    #expect(map[.character("b")] == nil)
  }

  @Test func unknownActionOrKeyNamesTheLine() {
    #expect(
      throws: ConfigError.syntax(path: "/c.toml", line: 3, message: "unknown action \"pasue\" in [keys] (did you mean pause?)")
    ) {
      try KeyMap.load(text: "[keys]\nnext = \"b\"\npasue = \"c\"\n", path: "/c.toml")
    }
    do {
      _ = try KeyMap.load(text: "# keys\n[keys]\npause = \"ctrl-shift-x\"\n", path: "/c.toml")
      Issue.record("no error")
    } catch {
      #expect(error.description.hasPrefix("/c.toml:3: unknown key \"ctrl-shift-x\" for pause"))
    }
  }
}
