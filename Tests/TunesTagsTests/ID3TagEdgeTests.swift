// Real MP3 streams from lame, one with an Info header and one made with "-t" (no Xing, Info or VBRI
// header: its length is known only by walking every frame), behind ID3v2 tags whose size puts the first
// audio frame at each edge of what TagReader reads first (the first 4 KiB, the 32 KiB head, the tag plus
// `id3AudioBytes` up to twice the head) and past them, and behind a tag holding a 100 KiB cover. Whatever
// the path the reader takes, the length equals the samples mpg123 decodes, the tags equal what mutagen
// reads, the audio hash is the stream's whatever the tag, and the cover comes back whole.
import Foundation
import Testing

@testable import TunesTags

@Suite struct ID3TagEdgeTests {
  /// The two lame streams, made once per run: 5 s of stereo sine at 128 kbit/s (about 80 KB).
  struct Streams: Sendable {
    let info: [UInt8]
    let bare: [UInt8]
    let folder: String

    static let shared: Result<Streams, Error> = Result {
      let folder = try makeTemporaryFolder("id3-edges")
      try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", folder + "/tone.wav", "synth", "5", "sine", "440"])
      try run("/usr/bin/lame", ["--quiet", "-b", "128", folder + "/tone.wav", folder + "/info.mp3"])
      try run("/usr/bin/lame", ["--quiet", "-t", "-b", "128", folder + "/tone.wav", folder + "/bare.mp3"])
      func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) }
      return Streams(info: try bytes("info.mp3"), bare: try bytes("bare.mp3"), folder: folder)
    }
  }

  static let mbid = "8e2e7a44-0f6b-4a87-9a6b-3a3c4f0d2b11"

  /// Text frames, with `picture` bytes of cover between them (none for 0).
  func tagFrames(picture: [UInt8]) -> [ID3Frame] {
    var frames: [ID3Frame] = [.text("TIT2", ["Edge of the head"], .utf8), .text("TPE1", ["Ada"])]
    if !picture.isEmpty {
      frames.append(ID3Frame(id: "APIC", data: [0] + Array("image/jpeg".utf8) + [0, 3] + Array("cover".utf8) + [0] + picture))
    }
    frames += [.text("TALB", ["After the cover"], .utf8), .txxx("MusicBrainz Album Id", [Self.mbid])]
    return frames
  }

  /// A v2.4 tag of exactly `size` bytes (header included), padded to it.
  func tag(size: Int) -> [UInt8] {
    var builder = ID3v2Builder(version: 4, tagFrames(picture: []))
    builder.padding = size - builder.bytes().count
    let bytes = builder.bytes()
    precondition(bytes.count == size)
    return bytes
  }

  /// What mutagen reads: title, album, the MBID and each picture's size.
  static let mutagenScript = """
    import sys, json
    from mutagen.id3 import ID3
    t = ID3(sys.argv[1])
    print(json.dumps([str(t["TIT2"]), str(t["TALB"]), str(t["TXXX:MusicBrainz Album Id"]),
                      [len(p.data) for p in t.getall("APIC")]]))
    """

  /// Reads `bytes` written to a file, checked against mpg123, mutagen and a parse of the whole file.
  func readChecked(_ bytes: [UInt8], name: String, source: String, pictures: [Int] = []) throws -> FileMetadata {
    let path = try Streams.shared.get().folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let metadata = try TagReader.read(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)), "\(name)")
    #expect(metadata.audio.lengthSource == source, "\(name)")
    #expect(metadata.audio.sampleCount == (try mpg123SampleCount(path, channels: metadata.audio.channels)), "\(name)")
    let mutagen = try JSONSerialization.jsonObject(with: try run("/usr/bin/python3", ["-c", Self.mutagenScript, path])) as? [Any]
    #expect(mutagen?[0] as? String == metadata.tags.title && mutagen?[1] as? String == metadata.tags.album, "\(name)")
    #expect(mutagen?[2] as? String == metadata.tags.releaseMbid && (mutagen?[3] as? [Int]) == pictures, "\(name)")
    #expect(metadata.tags.title == "Edge of the head" && metadata.tags.releaseMbid == Self.mbid, "\(name)")
    return metadata
  }

  /// Tag sizes at and around each edge of the first read.
  static let tagSizes: [Int] = {
    let head = TagReader.headBytes, first = TagReader.flacHeadBytes, audio = TagReader.id3AudioBytes
    return [
      first - 1, first, first + 1, head - 1, head, head + 1, 2 * head - audio - 1, 2 * head - audio,
      2 * head - audio + 1, 2 * head, 2 * head + 1,
    ]
  }()

  @Test(arguments: tagSizes) func aTagEndingAtAnEdgeOfTheHeadKeepsTagsAndLength(size: Int) throws {
    let streams = try Streams.shared.get()
    let tag = tag(size: size)
    let info = try readChecked(tag + streams.info, name: "info-\(size).mp3", source: "Info")
    let bare = try readChecked(tag + streams.bare, name: "bare-\(size).mp3", source: "frames")
    #expect(info.audio.audioOffset == size && bare.audio.audioOffset == size)
    // The audio hash names the stream, whatever tag is in front of it.
    let plainInfo = try TagReader.parse(streams.info, path: "info.mp3")
    let plainBare = try TagReader.parse(streams.bare, path: "bare.mp3")
    #expect(info.audio.audioHash == plainInfo.audio.audioHash && bare.audio.audioHash == plainBare.audio.audioHash)
  }

  @Test func aHundredKilobyteCoverIsReadWholeAndTheTagsAroundIt() throws {
    let streams = try Streams.shared.get()
    let image = (0..<100 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
    var builder = ID3v2Builder(version: 3, tagFrames(picture: image))
    builder.padding = 1024
    for (stream, source) in [(streams.info, "Info"), (streams.bare, "frames")] {
      let name = "cover-\(source).mp3"
      let metadata = try readChecked(builder.bytes() + stream, name: name, source: source, pictures: [image.count])
      #expect(metadata.tags.album == "After the cover")
      let cover = try #require(try PictureReader.picture(path: streams.folder + "/" + name))
      #expect(cover.data == image && cover.mimeType == "image/jpeg" && cover.pictureType == 3)
    }
  }
}
