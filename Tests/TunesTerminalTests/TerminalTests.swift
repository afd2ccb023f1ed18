// The terminal pieces of `tunes play`: key decoding and the status line, checked without a terminal.
import Testing
import TunesTerminal

@Suite struct TerminalTests {
  @Test func keysAndArrowSequencesDecode() {
    let bytes: [UInt8] = [
      0x20, UInt8(ascii: "n"), 0x1B, UInt8(ascii: "["), UInt8(ascii: "D"), 0x1B, UInt8(ascii: "["), UInt8(ascii: "C"),
      UInt8(ascii: "+"),
    ]
    let (keys, used) = KeyDecoder.decode(bytes)
    #expect(keys == [.space, .character("n"), .left, .right, .character("+")])
    #expect(used == bytes.count)
  }

  @Test func aCutEscapeSequenceWaitsForTheRest() {
    let (keys, used) = KeyDecoder.decode([UInt8(ascii: "q"), 0x1B, UInt8(ascii: "[")])
    #expect(keys == [.character("q")])
    #expect(used == 1)
  }

  @Test func barFillsInProportion() {
    #expect(StatusLine.bar(0.5, width: 4) == "██░░")
    #expect(StatusLine.bar(2, width: 3) == "███")
    #expect(StatusLine.bar(-1, width: 2) == "░░")
  }

  @Test(arguments: [20, 40, 60, 100, 200]) func theLineFitsTheWidthAndSaysEverything(width: Int) {
    let input = StatusLineInput(
      state: .paused, title: "A Rather Long Song Title That Goes On", artist: "Some Artist", elapsedMs: 65_000,
      durationMs: 130_000, shuffle: true, repeatMode: "all", volume: 80)
    let line = StatusLine.render(input, width: width)
    #expect(DisplayWidth.of(line) <= width)
    if width >= 150 {
      #expect(line.hasPrefix("⏸ Some Artist – A Rather Long Song Title That Goes On  1:05/2:10 "))
      #expect(line.contains("██████████░░░░░░░░░░"))
      #expect(line.hasSuffix("shuffle · repeat all · vol 80%"))
    }
  }
}
