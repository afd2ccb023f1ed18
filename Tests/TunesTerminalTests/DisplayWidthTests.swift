// Display cells, the table layout and the status line, with the scripts people's libraries hold: CJK
// and emoji take two cells, combining accents none; columns line up by cells and fit the terminal.
import Testing

@testable import TunesTerminal

struct DisplayWidthTests {
  @Test(arguments: [
    ("abc", 3), ("Zoë", 3), ("Zoe\u{0308}", 3), ("東京", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국어", 6), ("🎵", 2),
    ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("a\u{200B}b", 2), ("", 0),
  ])
  func cellsOfText(text: String, cells: Int) {
    #expect(DisplayWidth.of(text) == cells)
  }

  @Test func fittingNeverSplitsACharacterNorOverflows() {
    #expect(DisplayWidth.fit("東京タワー", cells: 6) == "東京…")
    #expect(DisplayWidth.fit("東京タワー", cells: 5) == "東京…")
    #expect(DisplayWidth.fit("東京", cells: 4) == "東京")
    #expect(DisplayWidth.fit("abcdef", cells: 4) == "abc…")
    #expect(DisplayWidth.fit("abc", cells: 0) == "")
    for cells in 1...12 { #expect(DisplayWidth.of(DisplayWidth.fit("🎵 東京 Café 🇯🇵", cells: cells)) <= cells) }
  }

  @Test func columnsAlignByCellsAndNothingIsCutWhenThereIsRoom() {
    let rows = [
      ["東京タワー", "宇多田ヒカル", "3:41"], ["Long Ascii Title Of Many Words Indeed Yes", "Zoë", "10:02"], ["🎵", "A", "0:07"],
    ]
    let lines = TableLayout.lines(header: ["title", "artist", "time"], rows: rows, rightAligned: [2], width: 200)
    #expect(lines[2].hasPrefix("Long Ascii Title Of Many Words Indeed Yes  Zoë"))
    // Every line ends at the same cell, and each column starts at the same cell on every line.
    #expect(Set(lines.map(DisplayWidth.of)).count == 1)
    let artistStart = DisplayWidth.of("Long Ascii Title Of Many Words Indeed Yes  ")
    for (line, artist) in zip(lines, ["artist", "宇多田ヒカル", "Zoë", "A"]) {
      let before = line.components(separatedBy: artist)[0]
      #expect(DisplayWidth.of(before) == artistStart, "\(line)")
    }
  }

  @Test(arguments: [30, 40, 60]) func aNarrowTerminalNarrowsTheWidestColumns(width: Int) {
    let rows = [["Long Ascii Title Of Many Words Indeed Yes", "宇多田ヒカル", "3:41"]]
    let lines = TableLayout.lines(header: ["title", "artist", "time"], rows: rows, rightAligned: [2], width: width)
    for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
    #expect(lines[1].hasSuffix("3:41"))
    #expect(lines[1].contains("…"))
  }

  @Test func theStatusLineDropsDecorationBeforeTheName() {
    let input = StatusLineInput(
      state: .playing, title: "夜に駆ける", artist: "YOASOBI", elapsedMs: 61_000, durationMs: 261_000, shuffle: false,
      repeatMode: "off", volume: 100)
    let full = StatusLine.render(input, width: 120)
    #expect(full.contains("█") && full.contains("vol 100%") && full.hasPrefix("▶ YOASOBI – 夜に駆ける  1:01/4:21"))
    let noBar = StatusLine.render(input, width: 70)
    #expect(!noBar.contains("█") && noBar.contains("vol 100%"))
    let nameAndTime = StatusLine.render(input, width: 35)
    #expect(nameAndTime == "▶ YOASOBI – 夜に駆ける  1:01/4:21")
    let nameOnly = StatusLine.render(input, width: 24)
    #expect(nameOnly == "▶ YOASOBI – 夜に駆ける")
    let cut = StatusLine.render(input, width: 12)
    #expect(cut.hasPrefix("▶ YOASOBI") && DisplayWidth.of(cut) <= 12)
  }
}
