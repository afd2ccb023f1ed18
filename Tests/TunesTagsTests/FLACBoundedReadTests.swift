// A FLAC file whose comments sit behind a picture larger than the head TagReader reads first: the reader
// fetches the block headers and the comments (and the first hashed audio of an unsigned stream), never
// the picture or the audio, and its answer equals parsing the whole file in memory.
import Foundation
import Testing

@testable import TunesTags

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flac")))
struct FLACBoundedReadTests {
  /// One metadata block: its 4-byte header (type, last flag, 24-bit length) and body.
  func block(_ type: UInt8, last: Bool, _ body: [UInt8]) -> [UInt8] {
    [type | (last ? 0x80 : 0), UInt8(body.count >> 16 & 0xFF), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)]
      + body
  }

  func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }

  /// A PICTURE block body (RFC 9639 section 8.8) holding `count` bytes of image data.
  func picture(_ count: Int) -> [UInt8] {
    let mime = Array("image/jpeg".utf8)
    var body = be32(3) + be32(mime.count) + mime + be32(0) + be32(500) + be32(500) + be32(24) + be32(0) + be32(count)
    body += (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    return body
  }

  /// `flac`'s own file of three seconds of tones, its blocks laid out again: STREAMINFO, a picture of
  /// `pictureBytes`, then the comments `flac` wrote, then the audio.
  func fileWithPictureFirst(_ pictureBytes: Int, in folder: String) throws -> [UInt8] {
    let wav = folder + "/tones.wav"
    let flac = folder + "/tones.flac"
    _ = try run(
      "/usr/bin/sox", ["-n", "-r", "44100", "-b", "16", "-c", "2", wav, "synth", "3", "sine", "440", "sine", "660", "vol", "0.5"])
    _ = try run(
      "/usr/bin/flac", ["-s", "-f", "--no-padding", "-T", "TITLE=Behind the cover", "-T", "ARTIST=Ada", "-o", flac, wav])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: flac)))
    var blocks: [UInt8: [UInt8]] = [:]
    var p = 4
    while true {
      let length = Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
      blocks[bytes[p] & 0x7F] = Array(bytes[p + 4..<p + 4 + length])
      p += 4 + length
      if bytes[p - 4 - length] & 0x80 != 0 { break }
    }
    let info = try #require(blocks[0])
    let comments = try #require(blocks[4])
    return Array("fLaC".utf8) + block(0, last: false, info) + block(6, last: false, picture(pictureBytes))
      + block(4, last: true, comments) + bytes[p...]
  }

  @Test func commentsBehindALargePictureAreReadWithoutThePicture() throws {
    let folder = try makeTemporaryFolder("flac-bounded")
    let bytes = try fileWithPictureFirst(1_000_000, in: folder)
    let path = folder + "/cover-first.flac"
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.title == "Behind the cover")
    #expect(metadata.audio.sampleCount == 3 * 44100)
    // The metadata's head, the comment block's header and body, and the last frames (the stream is
    // signed: no hashed audio): well under the picture, and none of the audio after the head.
    let tail = bytes.withUnsafeBytes { TagReader.flacTailBytes($0) }
    #expect(bytesRead < TagReader.flacHeadBytes + tail + 1024, "read \(bytesRead) of \(bytes.count) bytes")
    #expect(bytes.count > 1_000_000 + 3 * AudioHash.window)
  }

  /// `flac` signs its streams: nothing of the audio is hashed, only the last frames are read from the end
  /// (FLACSignatureTests reads an unsigned one).
  @Test func aSmallSignedFLACIsReadAsItsHeadAndLastFrames() throws {
    let folder = try makeTemporaryFolder("flac-bounded-small")
    let bytes = try fileWithPictureFirst(1000, in: folder)
    let path = folder + "/small-cover.flac"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(bytesRead == TagReader.flacHeadBytes + bytes.withUnsafeBytes { TagReader.flacTailBytes($0) })
  }

  @Test func aBlockRunningPastTheEndIsStillNamed() throws {
    let folder = try makeTemporaryFolder("flac-bounded-cut")
    var bytes = try fileWithPictureFirst(1_000_000, in: folder)
    // The comments' header declares more bytes than the file has left.
    let commentsHeader = 4 + 4 + 34 + 4 + picture(1_000_000).count
    bytes[commentsHeader + 1] = 0xFF
    let path = folder + "/cut.flac"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(throws: TagError.self) { try TagReader.read(path: path) }
    do {
      _ = try TagReader.read(path: path)
    } catch {
      #expect("\(error)".contains("FLAC metadata block 2 (VORBIS_COMMENT)"), "\(error)")
    }
  }
}
