// An MP3 whose leading ID3v2 tag holds a cover far larger than the head TagReader reads first: the reader
// fetches the frame headers, the text frames around the picture and the first audio after the tag, never
// the picture itself, and its answer equals parsing the whole file in memory. The cover is still there
// for PictureReader, which reads it only when asked.
import Foundation
import Testing

@testable import TunesTags

@Suite struct ID3BoundedReadTests {
  let spec = FrameSpec()

  /// An APIC (v2.2: PIC) frame holding `count` bytes of image data.
  func picture(_ count: Int, v22: Bool = false) -> ID3Frame {
    let image = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
    let format = v22 ? Array("JPG".utf8) : Array("image/jpeg".utf8) + [0]
    return ID3Frame(id: v22 ? "PIC" : "APIC", data: [0] + format + [3] + Array("cover".utf8) + [0] + image)
  }

  /// A tag with text frames before and after a picture of `pictureBytes`, then 300 frames of audio.
  func file(version: UInt8, pictureBytes: Int, unsynchronised: Bool = false) -> [UInt8] {
    let v22 = version == 2
    var tag = ID3v2Builder(
      version: version,
      [
        .text(v22 ? "TT2" : "TIT2", ["Behind the cover"]), .text(v22 ? "TP1" : "TPE1", ["Ada"]),
        picture(pictureBytes, v22: v22), .text(v22 ? "TAL" : "TALB", ["After the picture"]),
        .txxx("MusicBrainz Album Id", ["8e2e7a44-0f6b-4a87-9a6b-3a3c4f0d2b11"], id: v22 ? "TXX" : "TXXX"),
      ])
    tag.padding = 2048
    tag.unsynchronised = unsynchronised
    let info = xingFrame(spec, length: 417, frameCount: 300, byteCount: 301 * 417, delay: 576, padding: 300)
    return tag.bytes() + info + frames(spec, length: 417, count: 300)
  }

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = try makeTemporaryFolder("id3-bounded") + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// What a file without a large tag costs: the head and the tail, plus the frames and audio after a tag.
  var bounded: Int { 2 * TagReader.headBytes + TagReader.tailBytes + 4096 }

  @Test func aTenMegabyteCoverIsNotRead() throws {
    let bytes = file(version: 4, pictureBytes: 10_000_000)
    let path = try write(bytes, "big-cover.mp3")
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.title == "Behind the cover")
    #expect(metadata.tags.album == "After the picture")
    #expect(metadata.tags.releaseMbid == "8e2e7a44-0f6b-4a87-9a6b-3a3c4f0d2b11")
    #expect(metadata.audio.lengthSource == "Info")
    #expect(bytesRead < bounded, "read \(bytesRead) of \(bytes.count) bytes")
    // The picture is read when asked for, whole.
    let cover = try #require(try PictureReader.picture(path: path))
    #expect(cover.data.count == 10_000_000)
  }

  @Test(arguments: [2, 3] as [UInt8]) func olderVersionsSkipThePictureToo(version: UInt8) throws {
    let bytes = file(version: version, pictureBytes: 1_000_000)
    let path = try write(bytes, "v2\(version).mp3")
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.album == "After the picture")
    #expect(bytesRead < bounded, "v2.\(version): read \(bytesRead) of \(bytes.count) bytes")
  }

  @Test func aFrameUnsynchronisedTagSkipsThePicture() throws {
    // v2.4 unsynchronises frame by frame: the frame sizes still lead from one frame to the next.
    let bytes = file(version: 4, pictureBytes: 1_000_000, unsynchronised: true)
    let path = try write(bytes, "unsync24.mp3")
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.album == "After the picture")
    #expect(bytesRead < bounded, "read \(bytesRead) of \(bytes.count) bytes")
  }

  @Test func aWhollyUnsynchronisedTagIsReadWhole() throws {
    // v2.3 unsynchronises the whole body: frame boundaries are only known once it is decoded.
    let bytes = file(version: 3, pictureBytes: 200_000, unsynchronised: true)
    let path = try write(bytes, "unsync23.mp3")
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.album == "After the picture")
    #expect(bytesRead == bytes.count)
  }

  @Test func plainV24FrameSizesAfterThePictureAreReadWhole() throws {
    // Old writers' plain v2.4 sizes: the parser tells them apart by looking at bytes anywhere in the tag.
    var tag = ID3v2Builder(version: 4, [.text("TIT2", ["Plain"]), picture(200_000), .text("TALB", ["Sizes"])])
    tag.plainFrameSizes = true
    let info = xingFrame(spec, length: 417, frameCount: 300, byteCount: 301 * 417, delay: 576, padding: 300)
    let bytes = tag.bytes() + info + frames(spec, length: 417, count: 300)
    let path = try write(bytes, "plain24.mp3")
    let (metadata, _) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.album == "Sizes")
  }

  @Test func garbageAfterThePictureIsStillFound() throws {
    var tag = ID3v2Builder(version: 3, [.text("TIT2", ["Garbage"]), picture(200_000), .text("TALB", ["Resynced"])])
    tag.insertions = [(index: 2, bytes: Array("xyz!".utf8))]
    let info = xingFrame(spec, length: 417, frameCount: 300, byteCount: 301 * 417, delay: 576, padding: 300)
    let bytes = tag.bytes() + info + frames(spec, length: 417, count: 300)
    let path = try write(bytes, "garbage.mp3")
    let (metadata, _) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.album == "Resynced")
  }

  @Test func aTagCutOffInsideThePictureIsStillNamed() throws {
    let bytes = Array(file(version: 4, pictureBytes: 1_000_000).prefix(600_000))
    let path = try write(bytes, "cut.mp3")
    #expect(throws: TagError.self) { try TagReader.read(path: path) }
  }
}
