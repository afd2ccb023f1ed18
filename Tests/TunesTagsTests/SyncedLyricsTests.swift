// SYLT, built byte by byte: millisecond lines in every text encoding and tag version (v2.2's SLT too),
// sorted by time; MPEG-frame times refused with a warning; a frame cut short keeps its whole lines; the
// line cap holds; the first frame wins.
import Testing

@testable import TunesTags

@Suite struct SyncedLyricsTests {
  /// A SYLT frame: `format` 2 is milliseconds, 1 MPEG frames.
  func sylt(_ lines: [(String, Int)], _ encoding: TextEncoding = .utf8, format: UInt8 = 2, id: String = "SYLT")
    -> ID3Frame
  {
    var data = [encoding.byte] + Array("eng".utf8) + [format, 1] + encoding.terminator
    for (text, time) in lines { data += encoding.encode(text) + encoding.terminator + bigEndian(time, 4) }
    return ID3Frame(id: id, data: data)
  }

  func parse(_ version: UInt8, _ frames: [ID3Frame]) throws -> ID3v2Tag {
    try #require(ID3v2Parser.parse(ID3v2Builder(version: version, frames).bytes()))
  }

  @Test func millisecondLinesInEveryEncodingAndVersion() throws {
    let lines = [("Zwei ♪", 2_500), ("Eins", 1_000), ("\nDrei", 4_000)]
    let expected = [
      TimedLyric(milliseconds: 1_000, text: "Eins"), TimedLyric(milliseconds: 2_500, text: "Zwei ♪"),
      TimedLyric(milliseconds: 4_000, text: "Drei"),
    ]
    for encoding in [TextEncoding.utf8, .utf16LE, .utf16BEWithBOM] {
      #expect(try parse(4, [sylt(lines, encoding)]).tags.syncedLyrics == expected, "\(encoding)")
      #expect(try parse(3, [sylt(lines, encoding)]).tags.syncedLyrics == expected, "\(encoding)")
    }
    #expect(try parse(4, [sylt(lines, .utf16BE)]).tags.syncedLyrics == expected)
    #expect(try parse(2, [sylt(lines, .utf16LE, id: "SLT")]).tags.syncedLyrics == expected)
  }

  @Test func mpegFrameTimesAreNotReadAndSaySo() throws {
    let tag = try parse(4, [sylt([("a", 10)], format: 1)])
    #expect(tag.tags.syncedLyrics == nil)
    #expect(tag.warnings.contains { $0.contains("MPEG frames") })
  }

  @Test func aCutFrameKeepsItsWholeLinesAndTheFirstFrameWins() throws {
    var cut = sylt([("one", 100), ("two", 200)])
    cut.data.removeLast(2)
    #expect(try parse(4, [cut]).tags.syncedLyrics == [TimedLyric(milliseconds: 100, text: "one")])
    let first = try parse(4, [sylt([("first", 1)]), sylt([("second", 2)])])
    #expect(first.tags.syncedLyrics == [TimedLyric(milliseconds: 1, text: "first")])
  }

  @Test func theLineCapHolds() throws {
    let many = (0..<(ID3v2FrameCollector.maxSyncedLines + 5)).map { ("x", $0) }
    let tag = try parse(4, [sylt(many)])
    #expect(tag.tags.syncedLyrics?.count == ID3v2FrameCollector.maxSyncedLines)
    #expect(tag.warnings.contains { $0.contains("the rest dropped") })
  }
}
