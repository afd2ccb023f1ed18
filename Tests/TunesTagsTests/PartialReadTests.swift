// TagReader.read loads only the head and tail of a large file and falls back to the whole file when an
// answer needs more; whichever path it takes, the result must equal parsing the whole file in memory.

import Foundation
import Testing

@testable import TunesTags

@Suite struct PartialReadTests {
  let spec = FrameSpec()

  func roundTrip(_ bytes: [UInt8], _ name: String) throws {
    #expect(bytes.count > TagReader.headBytes + TagReader.tailBytes)  // large enough for the partial path
    let path = try makeTemporaryFolder("partial") + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try TagReader.read(path: path) == TagReader.parse(bytes, path: path))
  }

  func info(_ count: Int) -> [UInt8] {
    xingFrame(spec, length: 417, frameCount: count, byteCount: (count + 1) * 417, delay: 576, padding: 300)
  }

  @Test func smallTagsAndAnInfoHeader() throws {
    try roundTrip(
      ID3v2Builder(version: 3, [.text("TIT2", ["t"])]).bytes() + info(300) + frames(spec, length: 417, count: 300)
        + id3v1(title: "x"), "info.mp3")
  }

  @Test func tagLargerThanTheHead() throws {
    var builder = ID3v2Builder(version: 4, [.text("TIT2", ["Big art"], .utf8)])
    builder.padding = 100_000
    try roundTrip(builder.bytes() + info(300) + frames(spec, length: 417, count: 300), "big-tag.mp3")
  }

  @Test func lengthByWalkingNeedsTheWholeFile() throws {
    try roundTrip(frames(spec, length: 417, count: 300), "walk.mp3")
  }

  @Test func junkPastTheHeadBeforeTheFirstFrame() throws {
    let junk = [UInt8](repeating: 0x20, count: 40_000)
    try roundTrip(junk + info(300) + frames(spec, length: 417, count: 300), "junk.mp3")
  }

  @Test func trailingTagsLargerThanTheTail() throws {
    var appended = ID3v2Builder(version: 4, [.text("TALB", ["Appended"], .utf8)])
    appended.footer = true
    appended.padding = 30_000
    try roundTrip(info(300) + frames(spec, length: 417, count: 300) + appended.bytes() + id3v1(artist: "v1"), "tail.mp3")
  }

  @Test func realFilesTakeTheSamePath() throws {
    let files = try RealFiles.shared.get()
    for path in [files.cbrV23, files.vbrV24, files.noInfoV1, files.v22] {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(try TagReader.read(path: path) == TagReader.parse(bytes, path: path))
    }
  }
}
