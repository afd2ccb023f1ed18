// SYLT, built byte by byte: millisecond lines in every text encoding and tag version (v2.2's SLT too),
// sorted by time; MPEG-frame times made milliseconds at the stream's own frame length (MPEG-1 and MPEG-2
// Layer III); an unknown time format refused with a warning; chords and other content that is not words
// passed over; a frame cut short keeps its whole lines; the line cap holds; the first frame wins.
import Testing

@testable import TunesTags

@Suite struct SyncedLyricsTests {
  func sylt(
    _ lines: [(String, Int)], _ encoding: TextEncoding = .utf8, format: UInt8 = 2, content: UInt8 = 1, id: String = "SYLT"
  ) -> ID3Frame {
    .syncedLyrics(lines, encoding, format: format, content: content, id: id)
  }

  func parse(_ version: UInt8, _ frames: [ID3Frame]) throws -> ID3v2Tag {
    try #require(ID3v2Parser.parse(ID3v2Builder(version: version, frames).bytes()))
  }

  @Test func millisecondLinesInEveryEncodingAndVersion() throws {
    // A line led by the break that ends the one before: "\n", or "\r\n" (one Character in Swift).
    let lines = [("Zwei ♪", 2_500), ("Eins", 1_000), ("\nDrei", 4_000), ("\r\nVier", 5_000)]
    let expected = [
      TimedLyric(milliseconds: 1_000, text: "Eins"), TimedLyric(milliseconds: 2_500, text: "Zwei ♪"),
      TimedLyric(milliseconds: 4_000, text: "Drei"), TimedLyric(milliseconds: 5_000, text: "Vier"),
    ]
    for encoding in [TextEncoding.utf8, .utf16LE, .utf16BEWithBOM] {
      #expect(try parse(4, [sylt(lines, encoding)]).tags.syncedLyrics == expected, "\(encoding)")
      #expect(try parse(3, [sylt(lines, encoding)]).tags.syncedLyrics == expected, "\(encoding)")
    }
    #expect(try parse(4, [sylt(lines, .utf16BE)]).tags.syncedLyrics == expected)
    #expect(try parse(2, [sylt(lines, .utf16LE, id: "SLT")]).tags.syncedLyrics == expected)
  }

  @Test func mpegFrameTimesFollowTheStreamsFrameLength() throws {
    let lines = [("Later", 100), ("Start", 0), ("Soon", 38)]
    // MPEG-1 Layer III at 44.1 kHz: 1152 samples a frame, 26.12 ms; frame 38 is 992.65 ms, rounded up.
    let mpeg1 = try TagReader.parse(
      ID3v2Builder(version: 4, [sylt(lines, format: 1)]).bytes() + frames(FrameSpec(), length: 417, count: 20), path: "a.mp3")
    #expect(
      mpeg1.tags.syncedLyrics == [
        TimedLyric(milliseconds: 0, text: "Start"), TimedLyric(milliseconds: 993, text: "Soon"),
        TimedLyric(milliseconds: 2_612, text: "Later"),
      ])
    // MPEG-2 Layer III at 24 kHz, 64 kbit/s: 576 samples a frame, 24 ms exactly.
    let spec = FrameSpec(versionBits: 2, bitrateIndex: 8, rateIndex: 1)
    let mpeg2 = try TagReader.parse(
      ID3v2Builder(version: 3, [sylt(lines, .utf16LE, format: 1)]).bytes() + frames(spec, length: 192, count: 20),
      path: "b.mp3")
    #expect(mpeg2.audio.sampleRate == 24_000)
    #expect(mpeg2.tags.syncedLyrics?.map(\.milliseconds) == [0, 912, 2_400])
    // The parser alone cannot know the frame's length: it keeps them apart from the millisecond lines.
    #expect(try parse(4, [sylt(lines, format: 1)]).tags.syncedLyrics == nil)
  }

  @Test func anUnknownTimeFormatIsRefusedAndOtherContentPassedOver() throws {
    let unknown = try parse(4, [sylt([("a", 10)], format: 3)])
    #expect(unknown.tags.syncedLyrics == nil)
    #expect(unknown.warnings.contains { $0.contains("unknown time stamp format 3") })
    // A chord track before the lyrics does not hide them.
    let chords = try parse(4, [sylt([("Am", 5)], content: 5), sylt([("words", 7)], content: 1)])
    #expect(chords.tags.syncedLyrics == [TimedLyric(milliseconds: 7, text: "words")])
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
