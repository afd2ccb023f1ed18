// Covers through libchafa: known pixels give block cells of the asked size in the colours of the picture,
// JPEG and PNG files made by ffmpeg decode to their size and colour, the image protocols give their
// sequences, and the mode is detected conservatively from the environment or forced in config.toml.
import Foundation
import Testing
import TunesCore
import TunesTestSupport

@testable import TunesUI

@Suite struct CoverRendererTests {
  /// `width` × `height` pixels, the left half pure red and the right half pure blue.
  func halves(width: Int, height: Int) -> Pixels {
    var rgba: [UInt8] = []
    for _ in 0..<height {
      for x in 0..<width { rgba += x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    return Pixels(width: width, height: height, rgba: rgba)
  }

  /// The colour a person sees in a cell made of one solid area: the background of a space, else the
  /// foreground of a full block.
  func shown(_ cell: CoverCell) -> UInt8? {
    cell.text == " " ? cell.background : cell.text == "█" ? cell.foreground : nil
  }

  @Test func blocksHaveTheAskedSizeAndThePicturesColours() throws {
    let art = try #require(CoverRenderer.render(halves(width: 32, height: 32), columns: 8, rows: 4, mode: .blocks))
    #expect(art.sequence == nil)
    #expect(art.columns == 8 && art.rows == 4 && art.cells.count == 32)
    for row in 0..<4 {
      for column in 0..<8 {
        let cell = art.cells[row * 8 + column]
        // ANSI red is 1 (bright 9), blue 4 (bright 12).
        let expected: Set<UInt8> = column < 4 ? [1, 9] : [4, 12]
        #expect(shown(cell).map(expected.contains) == true, "cell \(column),\(row): \(cell)")
      }
    }
  }

  @Test func aDetailedPictureUsesBlockSymbols() throws {
    // A checkerboard of 4-pixel squares: finer than a cell, so half and quarter blocks appear.
    var rgba: [UInt8] = []
    for y in 0..<32 {
      for x in 0..<32 { rgba += (x / 4 + y / 4) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
    }
    let art = try #require(
      CoverRenderer.render(Pixels(width: 32, height: 32, rgba: rgba), columns: 8, rows: 4, mode: .blocks))
    let symbols = art.cells.filter { $0.text.unicodeScalars.first.map { (0x2580...0x259F).contains($0.value) } ?? false }
    #expect(!symbols.isEmpty)
    #expect(
      art.cells.allSatisfy {
        $0.text == " " || ($0.text.unicodeScalars.first!.value >= 0x2580 && $0.text.unicodeScalars.first!.value <= 0x259F)
      })
  }

  @Test func fitKeepsTheShapeOnTallCells() {
    let square = halves(width: 100, height: 100)
    let size = CoverRenderer.fit(square, columns: 40, rows: 10)
    #expect(size.rows == 10 && size.columns == 20)
    let wide = CoverRenderer.fit(halves(width: 200, height: 100), columns: 20, rows: 30)
    #expect(wide.columns == 20 && wide.rows == 5)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")))
  func jpegAndPNGFilesDecodeToTheirSizeAndColour() throws {
    let folder = NSTemporaryDirectory() + "tunes-cover-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["red.jpg", "red.png"] {
      let result = try ChildProcess.run(
        "/usr/bin/ffmpeg",
        ["-v", "error", "-f", "lavfi", "-i", "color=c=0xFF0000:s=48x32", "-frames:v", "1", folder + "/" + name])
      try #require(result.status == 0, "\(result)")
      let data = try #require(FileManager.default.contents(atPath: folder + "/" + name))
      let pixels = try #require(CoverRenderer.decode(Array(data)), "\(name)")
      #expect(pixels.width == 48 && pixels.height == 32, "\(name)")
      let middle = (16 * 48 + 24) * 4
      #expect(pixels.rgba[middle] > 230 && pixels.rgba[middle + 1] < 30 && pixels.rgba[middle + 2] < 30, "\(name)")
    }
    #expect(CoverRenderer.decode(Array("not a picture at all".utf8)) == nil)
    #expect(CoverRenderer.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0, 0, 0, 0]) == nil)
  }

  @Test func protocolsGiveTheirSequences() throws {
    let pixels = halves(width: 16, height: 16)
    let sixel = try #require(CoverRenderer.render(pixels, columns: 4, rows: 2, mode: .sixel)?.sequence)
    #expect(sixel.hasPrefix("\u{1B}P"))
    let kitty = try #require(CoverRenderer.render(pixels, columns: 4, rows: 2, mode: .kitty)?.sequence)
    #expect(kitty.hasPrefix("\u{1B}_G"))
    let iterm = try #require(CoverRenderer.render(pixels, columns: 4, rows: 2, mode: .iterm2)?.sequence)
    #expect(iterm.hasPrefix("\u{1B}]1337;File="))
  }

  @Test func modeIsDetectedConservatively() {
    #expect(CoverMode.detect(["TERM": "xterm-256color"]) == .blocks)
    #expect(CoverMode.detect(["TERM": "xterm-kitty"]) == .kitty)
    #expect(CoverMode.detect(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .kitty)
    #expect(CoverMode.detect(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm2)
    #expect(CoverMode.detect(["TERM": "foot"]) == .sixel)
    // Inside tmux the outer terminal's protocol does not get through.
    #expect(CoverMode.detect(["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1", "TMUX": "/tmp/x"]) == .blocks)
    #expect(CoverMode.detect(["TERM": "xterm-256color", "NO_COLOR": "1"]) == CoverMode.none)
    #expect(CoverMode.detect(["TERM": "dumb"]) == CoverMode.none)
  }

  @Test func configForcesAModeAndNamesABadLine() throws {
    let env = ["TERM": "xterm-256color"]
    #expect(try CoverMode.choose(configText: "[ui]\ncover = \"sixel\"\n", path: "c.toml", environment: env) == .sixel)
    #expect(try CoverMode.choose(configText: "[ui]\ncover = \"auto\"\n", path: "c.toml", environment: env) == .blocks)
    #expect(try CoverMode.choose(configText: "", path: "c.toml", environment: ["TERM": "xterm-kitty"]) == .kitty)
    #expect(throws: ConfigError.self) {
      try CoverMode.choose(configText: "[keys]\npause = \"c\"\n[ui]\n\ncover = \"pictures\"\n", path: "c.toml", environment: env)
    }
    do {
      _ = try CoverMode.choose(configText: "[ui]\n\ncover = \"pictures\"\n", path: "c.toml", environment: env)
    } catch {
      #expect("\(error)".contains("c.toml:3"), "\(error)")
    }
  }
}
