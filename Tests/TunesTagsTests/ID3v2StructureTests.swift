// The structure around frames: unsynchronisation (tag-level in v2.3, frame-level in v2.4), extended
// headers, frame flags, syncsafe and buggy plain v2.4 sizes, padding, footers, and damaged tags.

import Testing

@testable import TunesTags

@Suite struct ID3v2StructureTests {
  /// A Latin-1 title whose bytes contain 0xFF followed by bytes that need unsynchronising.
  let tricky = "ÿÿ\u{E0}ÿ end ÿ"

  @Test func tagLevelUnsynchronisationInV23() throws {
    var builder = ID3v2Builder(version: 3, [.text("TIT2", [tricky]), .text("TPE1", ["Artist"], .utf16LE)])
    builder.unsynchronised = true
    let bytes = builder.bytes()
    #expect(bytes.count > ID3v2Builder(version: 3, builder.frames).bytes().count)  // zeros were inserted
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.tags.title == tricky)
    #expect(parsed.tags.artist == "Artist")
    #expect(parsed.size == bytes.count)
  }

  @Test func tagLevelUnsynchronisationInV22() throws {
    var builder = ID3v2Builder(version: 2, [.text("TT2", [tricky]), .text("TAL", ["Album"])])
    builder.unsynchronised = true
    let parsed = try #require(ID3v2Parser.parse(builder.bytes()))
    #expect(parsed.tags.title == tricky)
    #expect(parsed.tags.album == "Album")
  }

  @Test func frameLevelUnsynchronisationInV24() throws {
    var builder = ID3v2Builder(version: 4, [.text("TIT2", [tricky]), .text("TALB", ["Album"], .utf16LE)])
    builder.unsynchronised = true
    let parsed = try #require(ID3v2Parser.parse(builder.bytes()))
    #expect(parsed.tags.title == tricky)
    #expect(parsed.tags.album == "Album")
  }

  @Test func frameUnsynchronisedWithDataLengthIndicatorInV24() throws {
    let text: [UInt8] = [0] + Array("a".utf8) + [0xFF] + Array("b".utf8)
    let stored = unsynchronise(text)
    let frame = ID3Frame(id: "TIT2", data: syncsafe(text.count) + stored, formatFlags: 0x03)
    let parsed = try #require(ID3v2Parser.parse(ID3v2Builder(version: 4, [frame, .text("TALB", ["After"])]).bytes()))
    #expect(parsed.tags.title == "a\u{FF}b")
    #expect(parsed.tags.album == "After")
  }

  @Test(arguments: [UInt8(3), 4])
  func extendedHeaderIsSkipped(version: UInt8) throws {
    var builder = ID3v2Builder(version: version, [.text("TIT2", ["After the extended header"])])
    builder.extendedHeader = true
    builder.padding = 20
    let parsed = try #require(ID3v2Parser.parse(builder.bytes()))
    #expect(parsed.tags.title == "After the extended header")
    #expect(parsed.warnings.isEmpty)
  }

  @Test func extendedHeaderWithUnsynchronisationInV23() throws {
    var builder = ID3v2Builder(version: 3, [.text("TIT2", [tricky])])
    builder.extendedHeader = true
    builder.unsynchronised = true
    #expect(try #require(ID3v2Parser.parse(builder.bytes())).tags.title == tricky)
  }

  @Test func extendedHeaderLargerThanTheTagIsAWarning() throws {
    // v2.3 extended header claiming 1000 bytes in a 20-byte body.
    let body: [UInt8] = bigEndian(1000, 4) + [UInt8](repeating: 0, count: 16)
    let bytes = Array("ID3".utf8) + [3, 0, 0x40] + syncsafe(body.count) + body
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.tags.title == nil)
    #expect(parsed.warnings.contains { $0.contains("extended header") })
  }

  @Test func groupingIdentityByteIsSkipped() throws {
    var v3 = ID3Frame.text("TIT2", ["Grouped"])
    v3.data = [0x42] + v3.data
    v3.formatFlags = 0x20
    #expect(try #require(ID3v2Parser.parse(ID3v2Builder(version: 3, [v3]).bytes())).tags.title == "Grouped")
    var v4 = ID3Frame.text("TIT2", ["Grouped"])
    v4.data = [0x42] + v4.data
    v4.formatFlags = 0x40
    #expect(try #require(ID3v2Parser.parse(ID3v2Builder(version: 4, [v4]).bytes())).tags.title == "Grouped")
  }

  @Test(arguments: [(UInt8(3), UInt8(0x80)), (3, 0x40), (4, 0x08), (4, 0x04)])
  func compressedAndEncryptedFramesAreSkippedWithAWarning(version: UInt8, flag: UInt8) throws {
    var hidden = ID3Frame.text("TIT2", ["Hidden"])
    hidden.data = [0, 0, 0, 9] + hidden.data
    hidden.formatFlags = flag
    let parsed = try #require(
      ID3v2Parser.parse(ID3v2Builder(version: version, [hidden, .text("TALB", ["Visible"])]).bytes()))
    #expect(parsed.tags.title == nil)
    #expect(parsed.tags.album == "Visible")
    #expect(parsed.warnings.contains { $0.contains("TIT2") && ($0.contains("compressed") || $0.contains("encrypted")) })
  }

  @Test func plainFrameSizesInV24AreRecovered() throws {
    // 300 bytes: plain 00 00 01 2C reads as 172 when taken as syncsafe; 200 bytes: 00 00 00 C8 is not syncsafe.
    let long = String(repeating: "x", count: 299)
    let medium = String(repeating: "y", count: 199)
    var builder = ID3v2Builder(
      version: 4, [.text("TIT2", [long]), .text("TALB", [medium]), .text("TPE1", ["Artist"])])
    builder.plainFrameSizes = true
    builder.padding = 50
    let parsed = try #require(ID3v2Parser.parse(builder.bytes()))
    #expect(parsed.tags.title == long)
    #expect(parsed.tags.album == medium)
    #expect(parsed.tags.artist == "Artist")
    #expect(parsed.warnings.contains { $0.contains("not syncsafe") })
  }

  @Test func syncsafeSizesInV24AreReadAsSuch() throws {
    let long = String(repeating: "z", count: 1000)
    let parsed = try #require(
      ID3v2Parser.parse(ID3v2Builder(version: 4, [.text("TIT2", [long]), .text("TPE1", ["A"])]).bytes()))
    #expect(parsed.tags.title == long)
    #expect(parsed.tags.artist == "A")
    #expect(parsed.warnings.isEmpty)
  }

  @Test func paddingEndsTheFrames() throws {
    var builder = ID3v2Builder(version: 3, [.text("TIT2", ["Padded"])])
    builder.padding = 1024
    let bytes = builder.bytes()
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.tags.title == "Padded")
    #expect(parsed.size == bytes.count)
    #expect(parsed.warnings.isEmpty)
  }

  @Test func footerCountsInTheTagSize() throws {
    var builder = ID3v2Builder(version: 4, [.text("TIT2", ["Footed"])])
    builder.footer = true
    let bytes = builder.bytes()
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.size == bytes.count)
  }

  @Test(arguments: [UInt8(2), 3, 4])
  func garbageBetweenFramesIsSkippedWithAWarning(version: UInt8) throws {
    let ids = version == 2 ? ("TT2", "TAL") : ("TIT2", "TALB")
    var builder = ID3v2Builder(version: version, [.text(ids.0, ["Before"]), .text(ids.1, ["After"])])
    builder.insertions = [(1, [0x01, 0x7F, 0xFE, 0x20, 0x13, 0x37, 0x00, 0x99])]
    let parsed = try #require(ID3v2Parser.parse(builder.bytes()))
    #expect(parsed.tags.title == "Before")
    #expect(parsed.tags.album == "After")
    #expect(parsed.warnings.contains { $0.contains("8 bytes of garbage") })
  }

  @Test func frameRunningPastTheTagIsAWarning() throws {
    // The second frame claims 5000 bytes.
    let good = ID3v2Builder(version: 3).frameBytes(.text("TIT2", ["Kept"]))
    let body = good + Array("TALB".utf8) + bigEndian(5000, 4) + [0, 0, 0] + Array("Short".utf8)
    let bytes = Array("ID3".utf8) + [3, 0, 0] + syncsafe(body.count) + body
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.tags.title == "Kept")
    #expect(parsed.tags.album == nil)
    #expect(parsed.warnings.contains { $0.contains("TALB") && $0.contains("5000") })
  }

  @Test func truncatedTagIsFlaggedAndItsFramesStillRead() throws {
    var builder = ID3v2Builder(version: 3, [.text("TIT2", ["Cut"])])
    builder.padding = 500
    let bytes = Array(builder.bytes().prefix(40))
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.isTruncated)
    #expect(parsed.tags.title == "Cut")
  }

  @Test func notATag() {
    #expect(ID3v2Parser.parse(Array("ID3".utf8)) == nil)
    #expect(ID3v2Parser.parse(Array("Hello, world".utf8)) == nil)
    // Size bytes with the top bit set are not syncsafe: not a valid header.
    #expect(ID3v2Parser.parse(Array("ID3".utf8) + [3, 0, 0, 0x80, 0, 0, 0]) == nil)
  }

  @Test func compressedV22TagIsSkipped() throws {
    let body = ID3v2Builder(version: 2).frameBytes(.text("TT2", ["x"]))
    let bytes = Array("ID3".utf8) + [2, 0, 0x40] + syncsafe(body.count) + body
    let parsed = try #require(ID3v2Parser.parse(bytes))
    #expect(parsed.tags.title == nil)
    #expect(parsed.warnings.contains { $0.contains("compressed") })
  }
}
