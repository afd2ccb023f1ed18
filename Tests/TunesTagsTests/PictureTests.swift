// Embedded pictures (what MPD's readpicture sends): APIC in v2.3 and v2.4, PIC in v2.2, descriptions in
// every encoding, unsynchronised tags, the front cover chosen over other pictures, links and damage.
import Foundation
import Testing

@testable import TunesTags

@Suite struct PictureTests {
  /// Image-like bytes: every byte value, so 0x00, 0xFF and 0xFF 0xE0 (what unsynchronisation escapes) occur.
  static let image: [UInt8] = Array(0...255) + [0xFF, 0xE0, 0xFF, 0x00, 0x12] + Array((0...255).reversed())

  static func apic(
    mime: String = "image/jpeg", type: UInt8 = 3, description: String = "", _ encoding: TextEncoding = .latin1,
    data: [UInt8] = image
  ) -> ID3Frame {
    ID3Frame(
      id: "APIC",
      data: [encoding.byte] + Array(mime.utf8) + [0, type] + encoding.encode(description) + encoding.terminator + data)
  }

  /// A file of the tag followed by a few MPEG frames.
  func file(_ tag: [UInt8], _ name: String) throws -> String {
    let path = try makeTemporaryFolder("picture") + "/" + name
    try Data(tag + frames(FrameSpec(), length: 417, count: 4)).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [TextEncoding.latin1, .utf16LE, .utf16BEWithBOM, .utf8])
  func apicInV23WithEveryDescriptionEncoding(encoding: TextEncoding) throws {
    let tag = ID3v2Builder(version: 3, [.text("TIT2", ["Song"]), Self.apic(description: "Front ß", encoding)])
    let picture = try #require(try PictureReader.picture(path: file(tag.bytes(), "v23.mp3")))
    #expect(picture == EmbeddedPicture(mimeType: "image/jpeg", pictureType: 3, data: Self.image))
  }

  @Test func unsynchronisedV24AndV23TagsGiveTheImageBack() throws {
    for version: UInt8 in [3, 4] {
      var tag = ID3v2Builder(version: version, [Self.apic(description: "x", version == 4 ? .utf16BE : .utf16LE)])
      tag.unsynchronised = true
      #expect(tag.bytes().count > ID3v2Builder(version: version, tag.frames).bytes().count)  // escapes were written
      let picture = try PictureReader.picture(path: file(tag.bytes(), "unsync\(version).mp3"))
      #expect(picture?.data == Self.image, "v2.\(version)")
    }
  }

  @Test func picInV22MapsItsImageFormat() throws {
    let frame = ID3Frame(id: "PIC", data: [0] + Array("PNG".utf8) + [3] + Array("cover".utf8) + [0] + Self.image)
    let picture = try PictureReader.picture(path: file(ID3v2Builder(version: 2, [frame]).bytes(), "v22.mp3"))
    #expect(picture == EmbeddedPicture(mimeType: "image/png", pictureType: 3, data: Self.image))
    let jpeg = ID3Frame(id: "PIC", data: [0] + Array("JPG".utf8) + [0, 0] + [1, 2, 3])
    #expect(try PictureReader.picture(path: file(ID3v2Builder(version: 2, [jpeg]).bytes(), "jpg.mp3"))?.mimeType == "image/jpeg")
  }

  @Test func theFrontCoverWinsOverAnEarlierPicture() throws {
    let back = Self.apic(mime: "image/png", type: 4, data: [9, 9, 9])
    let tag = ID3v2Builder(version: 4, [back, Self.apic(type: 3), Self.apic(type: 0, data: [1])])
    #expect(try PictureReader.picture(path: file(tag.bytes(), "front.mp3"))?.data == Self.image)
    // Without a front cover, the first one.
    let others = ID3v2Builder(version: 4, [back, Self.apic(type: 0, data: [1])])
    #expect(try PictureReader.picture(path: file(others.bytes(), "first.mp3"))?.data == [9, 9, 9])
  }

  @Test func noPictureLinksAndFilesWithoutATagGiveNil() throws {
    let plain = ID3v2Builder(version: 3, [.text("TIT2", ["Song"])])
    #expect(try PictureReader.picture(path: file(plain.bytes(), "none.mp3")) == nil)
    let link = ID3v2Builder(version: 3, [Self.apic(mime: "-->", data: Array("http://example.org/a.jpg".utf8))])
    #expect(try PictureReader.picture(path: file(link.bytes(), "link.mp3")) == nil)
    #expect(try PictureReader.picture(path: file([], "untagged.mp3")) == nil)
  }

  @Test func damagedPictureFramesAreSkipped() throws {
    // A frame holding only the encoding and MIME type; and a tag cut off inside the picture.
    let short = ID3v2Builder(version: 3, [ID3Frame(id: "APIC", data: [0] + Array("image/png".utf8))])
    #expect(try PictureReader.picture(path: file(short.bytes(), "short.mp3")) == nil)
    let whole = ID3v2Builder(version: 3, [Self.apic()]).bytes()
    let path = try makeTemporaryFolder("picture") + "/cut.mp3"
    try Data(whole.prefix(whole.count - 100)).write(to: URL(fileURLWithPath: path))
    #expect(try PictureReader.picture(path: path) == nil)
  }

  @Test func aMissingFileIsAnError() throws {
    let path = try makeTemporaryFolder("picture") + "/missing.mp3"
    #expect(throws: TagError.self) { try PictureReader.picture(path: path) }
  }

  @Test func indexingReadsTheTagsButNotThePicture() throws {
    let tag = ID3v2Builder(version: 3, [Self.apic(), .text("TIT2", ["After the picture"])])
    let metadata = try TagReader.read(path: file(tag.bytes(), "tags.mp3"))
    #expect(metadata.tags.title == "After the picture")
    #expect(ID3v2Parser.parse(tag.bytes())?.pictures == [])
  }
}
