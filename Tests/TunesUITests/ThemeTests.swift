// Colours at each depth a terminal can show (the SGR sent for one style, brought down from 24-bit to
// the 256 palette, the 16, the 8 and none), the depth read from the environment, and the [ui] and
// [colors] sections of config.toml with their errors naming the line.
import Testing
import TunesCore

@testable import TunesUI

@Suite struct ThemeTests {
  /// What a frame of one styled cell sends for the style.
  static func sgr(_ style: Style, _ depth: ColorDepth) -> String {
    var screen = Screen(width: 1, height: 1)
    screen.write("x", row: 0, column: 0, style: style)
    let out = ScreenDiff.commands(from: Screen(width: 1, height: 1), to: screen, depth: depth)
    guard let start = out.range(of: "\u{1B}[0"), let end = out[start.upperBound...].firstIndex(of: "m") else { return out }
    return String(out[start.lowerBound...end])
  }

  @Test func aTrueColourIsSentAtEachDepthAsTheNearestTheTerminalHas() {
    // #d08770, an orange: the palette's 173 (215,135,95), then red (its hue; not light enough for bright red).
    let orange = Style(foreground: .rgb(0xD0, 0x87, 0x70), bold: true)
    #expect(Self.sgr(orange, .trueColor) == "\u{1B}[0;1;38;2;208;135;112m")
    #expect(Self.sgr(orange, .palette) == "\u{1B}[0;1;38;5;173m")
    #expect(Self.sgr(orange, .sixteen) == "\u{1B}[0;1;31m")
    #expect(Self.sgr(orange, .eight) == "\u{1B}[0;1;31m")
    #expect(Self.sgr(orange, .none) == "\u{1B}[0;1m")
    // A grey goes to the palette's grey ramp, then to bright black, then to black at 8.
    let grey = Style(background: .rgb(0x80, 0x80, 0x80))
    #expect(Self.sgr(grey, .palette) == "\u{1B}[0;48;5;244m")
    #expect(Self.sgr(grey, .sixteen) == "\u{1B}[0;100m")
    #expect(Self.sgr(grey, .eight) == "\u{1B}[0;40m")
  }

  @Test func paletteAndANSIColoursKeepTheirFormWhereTheTerminalHasIt() {
    let palette = Style(foreground: .palette(21), reverse: true)
    #expect(Self.sgr(palette, .trueColor) == "\u{1B}[0;7;38;5;21m")
    #expect(Self.sgr(palette, .palette) == "\u{1B}[0;7;38;5;21m")
    // 21 is (0,0,255): bright blue among the 16, blue among the 8.
    #expect(Self.sgr(palette, .sixteen) == "\u{1B}[0;7;94m")
    #expect(Self.sgr(palette, .eight) == "\u{1B}[0;7;34m")
    let bright = Style(foreground: 9, background: 4)
    #expect(Self.sgr(bright, .trueColor) == "\u{1B}[0;91;44m")
    #expect(Self.sgr(bright, .eight) == "\u{1B}[0;31;44m")
    #expect(Self.sgr(bright, .none) == "\u{1B}[0m")
  }

  @Test func theDepthIsReadFromTheEnvironment() {
    #expect(ColorDepth.detect(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorDepth.detect(["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorDepth.detect(["TERM": "tmux-256color"]) == .palette)
    #expect(ColorDepth.detect(["TERM": "xterm"]) == .sixteen)
    #expect(ColorDepth.detect(["TERM": "linux"]) == .eight)
    #expect(ColorDepth.detect(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
    #expect(ColorDepth.detect(["TERM": "xterm-256color", "NO_COLOR": ""]) == .palette)
    #expect(ColorDepth.detect(["TERM": "dumb"]) == .none)
  }

  @Test func configPicksAThemeAndChangesRoles() throws {
    let text = """
      [ui]
      theme = "dusk"

      [colors]
      current = "bright-yellow on color236 bold"
      selection = "#2e3440 on cyan underline"
      """
    let theme = try ThemeConfig.load(text: text, path: "config.toml")
    #expect(theme.current == Style(foreground: .ansi(11), background: .palette(236), bold: true))
    #expect(theme.selected == Style(foreground: .rgb(0x2E, 0x34, 0x40), background: .ansi(6), underline: true))
    // The roles it does not name are the chosen theme's.
    #expect(theme.bar == Theme.builtIn["dusk"]!.bar && theme.bar != Theme().bar)
    #expect(try ThemeConfig.load(text: "", path: "config.toml") == Theme())
  }

  @Test(arguments: [
    ("[ui]\ntheme = \"neon\"\n", "config.toml:2: unknown theme \"neon\" in [ui]: default or dusk"),
    ("[ui]\ncolour = \"dusk\"\n", "config.toml:2: unknown key \"colour\" in [ui] (it takes theme)"),
    (
      "[keys]\nnext = \"b\"\n\n[colors]\ncurent = \"red\"\n",
      "config.toml:5: unknown role \"curent\" in [colors] (did you mean current?)"
    ),
    (
      "[colors]\ntitle = \"bold\"\nprogress = \"gren\"\n",
      "config.toml:3: progress in [colors]: unknown colour or attribute \"gren\""
    ),
    ("[colors]\nheader = \"color300\"\n", "config.toml:2: header in [colors]: unknown colour or attribute \"color300\""),
    ("[colors]\nstatus = 3\n", "config.toml:2: status takes a string"),
  ])
  func aWrongLineIsAnErrorNamingIt(text: String, message: String) {
    do {
      _ = try ThemeConfig.load(text: text, path: "config.toml")
      Issue.record("no error for \(text)")
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
    }
  }
}
