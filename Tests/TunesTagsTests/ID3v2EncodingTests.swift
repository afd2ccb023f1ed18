// Text encodings of ID3v2 frames: Latin-1, UTF-16 with either byte-order mark, UTF-16BE, UTF-8, and
// NUL-separated multi-values.

import Testing

@testable import TunesTags

@Suite struct ID3v2EncodingTests {
  func title(_ version: UInt8, _ encoding: TextEncoding, _ text: String) -> String? {
    ID3v2Parser.parse(ID3v2Builder(version: version, [.text("TIT2", [text], encoding)]).bytes())?.tags.title
  }

  @Test(arguments: [UInt8(3), 4])
  func latin1(version: UInt8) {
    #expect(title(version, .latin1, "Café Crème ÿ") == "Café Crème ÿ")
  }

  @Test(arguments: [UInt8(3), 4])
  func utf16WithLittleEndianMark(version: UInt8) {
    #expect(title(version, .utf16LE, "Zoë Keating 夜明けの歌 🎸") == "Zoë Keating 夜明けの歌 🎸")
  }

  @Test(arguments: [UInt8(3), 4])
  func utf16WithBigEndianMark(version: UInt8) {
    #expect(title(version, .utf16BEWithBOM, "Ночь Θάλασσα") == "Ночь Θάλασσα")
  }

  @Test func utf16BigEndianWithoutMark() {
    #expect(title(4, .utf16BE, "Señorita ✨") == "Señorita ✨")
  }

  @Test func utf8() {
    #expect(title(4, .utf8, "Smörgåsbord 사랑해 🔥") == "Smörgåsbord 사랑해 🔥")
  }

  @Test func utf8WithByteOrderMarkDropsTheMark() {
    let frame = ID3Frame(id: "TIT2", data: [3, 0xEF, 0xBB, 0xBF] + Array("Déjà vu".utf8))
    #expect(ID3v2Parser.parse(ID3v2Builder(version: 4, [frame]).bytes())?.tags.title == "Déjà vu")
  }

  @Test func utf16WithoutMarkIsGuessedFromTheZeroByte() {
    // Encoding 1 requires a mark; some writers leave it out. "Hi" little-endian is 48 00 69 00.
    let frame = ID3Frame(id: "TIT2", data: [1, 0x48, 0, 0x69, 0])
    #expect(ID3v2Parser.parse(ID3v2Builder(version: 3, [frame]).bytes())?.tags.title == "Hi")
  }

  @Test func trailingTerminatorIsNotPartOfTheValue() {
    let frame = ID3Frame(id: "TALB", data: [1] + TextEncoding.utf16LE.encode("Album") + [0, 0])
    #expect(ID3v2Parser.parse(ID3v2Builder(version: 3, [frame]).bytes())?.tags.album == "Album")
  }

  @Test(arguments: [TextEncoding.latin1, .utf16LE, .utf16BE, .utf8])
  func multiValuesAreSeparatedByNul(encoding: TextEncoding) {
    let tag = ID3v2Builder(
      version: 4,
      [.text("TPE1", ["Anna", "Ben"], encoding), .text("TCON", ["Rock", "Jazz"], encoding)]
    ).bytes()
    let parsed = ID3v2Parser.parse(tag)
    #expect(parsed?.tags.artist == "Anna; Ben")
    #expect(parsed?.tags.genres == ["Rock", "Jazz"])
  }

  @Test func unknownEncodingByteSkipsTheFrameWithAWarning() {
    let bad = ID3Frame(id: "TIT2", data: [7] + Array("x".utf8))
    let parsed = ID3v2Parser.parse(ID3v2Builder(version: 3, [bad, .text("TALB", ["Kept"])]).bytes())
    #expect(parsed?.tags.title == nil)
    #expect(parsed?.tags.album == "Kept")
    #expect(parsed?.warnings.contains { $0.contains("TIT2") && $0.contains("encoding 7") } == true)
  }

  @Test func oddLengthUTF16DropsTheDanglingByte() {
    let frame = ID3Frame(id: "TIT2", data: [1, 0xFF, 0xFE, 0x41, 0x00, 0x42])
    #expect(ID3v2Parser.parse(ID3v2Builder(version: 3, [frame]).bytes())?.tags.title == "A")
  }
}
