// The renderer: a frame's cells (wide characters, marks, cutting) and what is sent to turn one frame
// into the next.
import Testing

@testable import TunesUI

@Suite struct ScreenDiffTests {
  @Test func unchangedFrameSendsNothing() {
    var screen = Screen(width: 20, height: 3)
    screen.write("hello", row: 1, column: 2)
    #expect(ScreenDiff.commands(from: screen, to: screen, colors: true).isEmpty)
  }

  @Test func firstFrameClearsAndDraws() {
    var screen = Screen(width: 10, height: 2)
    screen.write("hi", row: 1, column: 3)
    let out = ScreenDiff.commands(from: nil, to: screen, colors: true)
    #expect(out.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    #expect(out.contains("\u{1B}[2;4H"))
    #expect(out.contains("hi"))
  }

  @Test func onlyTheChangedRunIsSent() {
    var old = Screen(width: 30, height: 2)
    old.write("elapsed 1:01 / 3:00", row: 1, column: 0)
    var new = Screen(width: 30, height: 2)
    new.write("elapsed 1:02 / 3:00", row: 1, column: 0)
    let out = ScreenDiff.commands(from: old, to: new, colors: true)
    // Column 12 (one-based) is the only cell that changed.
    #expect(out.hasPrefix("\u{1B}[2;12H"))
    #expect(out.contains("2"))
    #expect(!out.contains("elapsed"))
    #expect(!out.contains("\u{1B}[2J"))
  }

  @Test func aNewSizeRedrawsEverything() {
    let old = Screen(width: 10, height: 2)
    var new = Screen(width: 12, height: 2)
    new.write("x", row: 0, column: 0)
    #expect(ScreenDiff.commands(from: old, to: new, colors: true).contains("\u{1B}[2J"))
  }

  @Test func wideCharactersTakeTwoCellsAndAreNeverHalfDrawn() {
    var old = Screen(width: 10, height: 1)
    old.write("日本", row: 0, column: 0)
    #expect(old.text(row: 0) == "日本      ")
    var new = old
    // Overwriting the right half of 本 blanks its left half too.
    new.write("x", row: 0, column: 3)
    #expect(new.text(row: 0) == "日 x      ")
    let out = ScreenDiff.commands(from: old, to: new, colors: true)
    #expect(out.hasPrefix("\u{1B}[1;3H"))
  }

  @Test func textIsCutToItsCellsWithAnEllipsis() {
    var screen = Screen(width: 10, height: 1)
    let used = screen.write("abcdefghijkl", row: 0, column: 2, limit: 5)
    #expect(used == 5)
    #expect(screen.text(row: 0) == "  abcd…   ")
    // A combining accent joins its letter.
    var marks = Screen(width: 4, height: 1)
    marks.write("e\u{301}x", row: 0, column: 0)
    #expect(marks.text(row: 0) == "e\u{301}x  ")
  }

  @Test func noColorKeepsReverseAndDropsColours() {
    var screen = Screen(width: 4, height: 1)
    screen.write("ab", row: 0, column: 0, style: Style(foreground: 1, reverse: true))
    let plain = ScreenDiff.commands(from: nil, to: screen, colors: false)
    #expect(plain.contains("\u{1B}[0;7m"))
    #expect(!plain.contains(";31"))
    #expect(ScreenDiff.commands(from: nil, to: screen, colors: true).contains("\u{1B}[0;7;31m"))
  }

  @Test func controlCharactersInTagsCannotReachTheTerminal() {
    var screen = Screen(width: 12, height: 1)
    screen.write("a\u{1B}[2Jb", row: 0, column: 0)
    #expect(!ScreenDiff.commands(from: Screen(width: 12, height: 1), to: screen, colors: true).contains("\u{1B}[2J"))
  }
}
