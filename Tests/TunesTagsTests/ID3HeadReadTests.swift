// An MP3 that begins with an ID3v2 tag is read from its start only as far as the tag and the audio after
// it that the reader looks at (the first frame and the first hashed window), and from its end only the
// last hashed window and the trailing tags: not a fixed 32 KiB head and 24 KiB tail. Whatever it reads,
// its answer equals parsing the whole file in memory.
import Foundation
import Testing

@testable import TunesTags

@Suite struct ID3HeadReadTests {
  let spec = FrameSpec()

  /// A tag of about `padding` bytes more than its frames, an Info frame, 300 frames of audio and ID3v1.
  func file(padding: Int) -> (bytes: [UInt8], tagSize: Int) {
    var tag = ID3v2Builder(
      version: 4,
      [
        .text("TIT2", ["Past the tag"]), .text("TPE1", ["Ada"]),
        .txxx("MusicBrainz Album Id", ["8e2e7a44-0f6b-4a87-9a6b-3a3c4f0d2b11"]),
      ])
    tag.padding = padding
    let tagBytes = tag.bytes()
    let info = xingFrame(spec, length: 417, frameCount: 300, byteCount: 301 * 417, delay: 576, padding: 300)
    return (tagBytes + info + frames(spec, length: 417, count: 300) + id3v1(title: "v1 title", genre: 17), tagBytes.count)
  }

  @Test(arguments: [0, 20_000, 40_000])
  func readsTheTagAndTheAudioItLooksAtOnly(padding: Int) throws {
    let (bytes, tagSize) = file(padding: padding)
    let path = try makeTemporaryFolder("id3-head") + "/padding-\(padding).mp3"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.tags.title == "Past the tag")
    #expect(metadata.tags.releaseMbid == "8e2e7a44-0f6b-4a87-9a6b-3a3c4f0d2b11")
    #expect(metadata.audio.lengthSource == "Info")
    let bound = tagSize + TagReader.id3AudioBytes + TagReader.id3TailBytes
    #expect(bytesRead <= bound, "read \(bytesRead) of \(bytes.count) bytes, tag \(tagSize)")
  }
}
