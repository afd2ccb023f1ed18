// An M4A whose `meta` atom holds junk (child atoms with sizes past its end) keeps its audio, which ffmpeg
// and mpd play: it is read without tags, with a warning saying why, instead of being refused.
import Foundation
import Testing

@testable import TunesTags

@Suite(.enabled(if: ["/usr/bin/sox", "/usr/bin/ffmpeg"].allSatisfy(FileManager.default.isExecutableFile)))
struct MP4DamagedTagsTests {
  @Test func junkInTheMetaAtomLeavesTheAudio() throws {
    let folder = try makeTemporaryFolder("mp4-junk-meta")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/tone.wav", m4a = folder + "/tone.m4a"
    _ = try run("/usr/bin/sox", ["-n", "-r", "44100", "-b", "16", "-c", "2", wav, "synth", "2", "sine", "440"])
    _ = try run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav, "-c:a", "aac", "-metadata", "title=Junk", m4a])
    #expect(try TagReader.read(path: m4a).tags.title == "Junk")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: m4a)))
    let meta = try #require(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4].elementsEqual("meta".utf8) })
    let size = Int(bytes[meta - 4]) << 24 | Int(bytes[meta - 3]) << 16 | Int(bytes[meta - 2]) << 8 | Int(bytes[meta - 1])
    // Past meta's version and flags: a child header declaring far more bytes than meta holds, then junk.
    var junk = SplitMixJunk(seed: 7)
    for index in meta + 8..<meta - 4 + size { bytes[index] = junk.next() }
    bytes.replaceSubrange(meta + 8..<meta + 16, with: [0x44, 0x20, 0x11, 0x3C] + Array("????".utf8))
    try Data(bytes).write(to: URL(fileURLWithPath: m4a))
    let metadata = try TagReader.read(path: m4a)
    #expect(metadata.audio.codec == "aac" && metadata.audio.channels == 2 && metadata.audio.sampleRate == 44100)
    #expect(abs(metadata.audio.durationMs - 2000) < 50, "\(metadata.audio.durationMs)")
    #expect(metadata.tags.title == nil)
    #expect(metadata.warnings.contains { $0.hasPrefix("tags ignored: MP4 atom") }, "\(metadata.warnings)")
  }
}

/// Bytes from a fixed seed, so the junk is the same every run.
private struct SplitMixJunk {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt8 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return UInt8(truncatingIfNeeded: z ^ (z >> 31))
  }
}
