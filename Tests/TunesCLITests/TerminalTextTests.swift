// Tags reach the terminal only through TerminalText: a newline in a tag never splits a listing's row,
// and escape sequences from a file's tags are shown, not obeyed; `--json` keeps the tags exact.
import Foundation
import Testing
import TunesTerminal

/// A title holding every kind of control character: line breaks and tab, ESC sequences, BEL, DEL and C1.
private let hostileTitle = "Line\nTwo\tTab\rCR\u{1B}[31mRed\u{7}\u{9B}2J\u{7F}"
private let shownTitle = "Line Two Tab CR\u{FFFD}[31mRed\u{FFFD}\u{FFFD}2J\u{FFFD}"
private let hostileArtist = "Esc\u{1B}]0;pwned\u{7}Artist"
private let hostileAlbum = "Al\nbum\u{85}s"

/// No control character but the line feeds that end lines (and the tabs between columns, when piped).
private func isClean(_ text: String, tabs: Bool = false) -> Bool {
  !text.unicodeScalars.contains {
    ($0.value < 0x20 && $0 != "\n" && !(tabs && $0 == "\t")) || (0x7F..<0xA0).contains($0.value)
  }
}

private func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

@Suite struct TerminalTextTests {
  @Test func controlCharactersBecomeSpacesOrReplacementCharacters() {
    #expect(TerminalText.safe(hostileTitle) == shownTitle)
    #expect(
      TerminalText.safe("a\u{0}b\u{1F}c\u{80}d\u{9F}e\u{A0}f\u{B}g\u{C}h") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{A0}f g h")
    // Bidirectional embeddings, overrides and isolates would turn the rest of the line around.
    #expect(TerminalText.safe("x\u{202E}cba\u{2066}y\u{2069}\u{202A}") == "x\u{FFFD}cba\u{FFFD}y\u{FFFD}\u{FFFD}")
    #expect(TerminalText.safe("a – b “c” …") == "a – b “c” …")
    // Text without control characters is returned as it is, accents, symbols and emoji included.
    for text in ["", "Café Blü", "AC/DC © ½ «x»", "🔥 夜の月", "\u{C2}\u{A9}"] { #expect(TerminalText.safe(text) == text) }
  }

  @Test func listingsShowHostileTagsOnOneLineWithoutControlCharacters() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("song.mp3"))
    let catalogue: [[String: Any]] = [
      [
        "artistName": hostileArtist,
        "albums": [["title": hostileAlbum, "songs": [["title": hostileTitle, "fileName": "song"]]]],
      ]
    ]
    try JSONSerialization.data(withJSONObject: catalogue).write(to: folder.appendingPathComponent("library.json"))
    let indexed = try sandbox.run(["index", folder.path])
    #expect(indexed.status == 0, "\(indexed)")

    // Piped, listings are tab-separated: one row, with as many cells as the header has columns.
    for (arguments, columns) in [
      (["ls", "songs"], 8), (["search", "line"], 8), (["ls", "artists"], 4), (["ls", "albums"], 6),
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result)")
      #expect(
        lines(result.stdout).map { $0.split(separator: "\t", omittingEmptySubsequences: false).count } == [columns],
        "\(arguments): \(result)")
      #expect(isClean(result.stdout, tabs: true), "\(arguments): \(result.stdout.unicodeScalars.map(\.value))")
    }
    #expect(try sandbox.run(["ls", "songs"]).stdout.contains(shownTitle))

    let info = try sandbox.run(["info", "1"])
    #expect(info.status == 0, "\(info)")
    #expect(isClean(info.stdout), "\(info)")
    // The catalogue's title, then the one the file's tag gives, which it replaced.
    #expect(
      lines(info.stdout).contains { $0.hasPrefix("title ") && $0.hasSuffix(shownTitle + " (file: Nocturne for Kettle)") },
      "\(info)")
    #expect(lines(info.stdout).allSatisfy { $0.first?.isLetter == true }, "a field spilled onto another line: \(info)")

    #expect(try sandbox.run(["playlist", "create", "P", "line"]).status == 0)
    let shown = try sandbox.run(["playlist", "show", "P"])
    #expect(lines(shown.stdout).count == 2 && isClean(shown.stdout), "\(shown)")

    // JSON escapes what it must and keeps the tags exact.
    let json = try #require(try sandbox.run(["ls", "songs", "--json"]).json() as? [[String: Any]])
    #expect(json.first?["title"] as? String == hostileTitle)
    #expect(json.first?["artist"] as? String == hostileArtist)
    #expect(json.first?["album"] as? String == hostileAlbum)
  }

  @Test func fileNamesTheIndexPrintsAreShownSafely() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("new\nline\u{1B}[2J.mp3"))
    try Data().write(to: folder.appendingPathComponent("empty\u{7}\u{1B}]0;x.mp3"))

    let dry = try sandbox.run(["index", folder.path, "--dry-run"])
    #expect(dry.status == 1, "\(dry)")
    #expect(lines(dry.stdout).count == 2 && isClean(dry.stdout), "\(dry)")
    #expect(dry.stdout.contains("would add     \(folder.path)/new line\u{FFFD}[2J.mp3\n"), "\(dry)")
    #expect(lines(dry.stderr).count == 1 && isClean(dry.stderr), "\(dry)")
    #expect(dry.stderr.hasPrefix("tunes: \(folder.path)/empty\u{FFFD}\u{FFFD}]0;x.mp3: "), "\(dry)")
  }
}
