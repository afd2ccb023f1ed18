// The LRC reader of the now-playing view: stamps in every form players write, several stamps on one line,
// [offset:], header tags, enhanced LRC word stamps, malformed lines kept as text, and random input
// never crashing and always giving sorted, bounded lyrics.
import Testing
import TunesTestSupport

@testable import TunesUI

@Suite struct LRCParserTests {
  @Test func readsStampsInEveryForm() {
    #expect(LRCParser.stamp("01:02.34") == 62_340)
    #expect(LRCParser.stamp("01:02.5") == 62_500)
    #expect(LRCParser.stamp("01:02.345") == 62_345)
    #expect(LRCParser.stamp("01:02") == 62_000)
    #expect(LRCParser.stamp("1:02:34") == 62_340)
    #expect(LRCParser.stamp("100:00.00") == 6_000_000)
    for bad in ["", "ar:Someone", "01:60.00", "01:02.", "-1:02.00", "01:02.3456", "x1:02", "01:0a", ":02.00"] {
      #expect(LRCParser.stamp(Substring(bad)) == nil, "\(bad)")
    }
  }

  @Test func syncedLinesAreSortedAndSeveralStampsRepeatALine() {
    let lyrics = LRCParser.parse(
      """
      [ti:Song]
      [ar:Someone]
      [00:10.00]first
      [00:20.00][01:00.50]chorus
      [00:30.00]second
      """)
    #expect(lyrics.lines == ["first", "chorus", "second", "chorus"])
    #expect(lyrics.times == [10_000, 20_000, 30_000, 60_500])
    #expect(lyrics.line(at: 9_999) == nil)
    #expect(lyrics.line(at: 10_000) == 0)
    #expect(lyrics.line(at: 25_000) == 1)
    #expect(lyrics.line(at: 60_499) == 2)
    #expect(lyrics.line(at: 999_999) == 3)
  }

  @Test func offsetMakesLinesComeSooner() {
    let sooner = LRCParser.parse("[offset:+500]\n[00:02.00]a\n[00:03.00]b")
    #expect(sooner.times == [1_500, 2_500])
    let later = LRCParser.parse("[offset:-250]\n[00:00.10]a")
    #expect(later.times == [350])
    // Never before the start of the song.
    #expect(LRCParser.parse("[offset:5000]\n[00:01.00]a").times == [0])
  }

  @Test func malformedLinesAndWordStampsAreText() {
    let lyrics = LRCParser.parse("[00:01.00]<00:01.00>one <00:01.50>word\n[00:02.00]a [bracket] <not a stamp>\n[garbage\n")
    #expect(lyrics.lines == ["one word", "a [bracket] <not a stamp>"])
    #expect(lyrics.times == [1_000, 2_000])
    // No stamp anywhere: plain lines, blank lines at the ends dropped, header tags left out.
    let plain = LRCParser.parse("\n[ar:Someone]\nfirst line\n\n[broken:stamp\nlast line\n\n")
    #expect(plain.lines == ["first line", "", "[broken:stamp", "last line"])
    #expect(plain.times == nil)
    #expect(plain.line(at: 1_000) == nil)
  }

  @Test func windowsLineEndsAndTooManyLines() {
    #expect(LRCParser.parse("[00:01.00]a\r\n[00:02.00]b\r\n").lines == ["a", "b"])
    let long = (0..<(Lyrics.maxLines + 50)).map { "[00:00.\($0 % 100 < 10 ? "0" : "")\($0 % 100)]x" }.joined(separator: "\n")
    let lyrics = LRCParser.parse(long)
    #expect(lyrics.lines.count == Lyrics.maxLines + 1)
    #expect(lyrics.lines.last?.contains("go on past") == true)
  }

  @Test func randomInputNeverCrashesAndStaysOrdered() {
    var random = SplitMix(state: 0x1234_5678)
    let pieces = ["[", "]", ":", ".", "0", "1", "5", "9", "a", "offset", "-", "+", "<", ">", "\n", "\r", " ", "é", "\u{0}", "ar"]
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<Int(random.next() % 80) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      let lyrics = LRCParser.parse(text)
      #expect(lyrics.lines.count <= Lyrics.maxLines + 1)
      if let times = lyrics.times {
        #expect(times.count == lyrics.lines.count)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 >= 0 })
        _ = lyrics.line(at: Int(random.next() % 1_000_000))
      }
    }
  }
}
