// Chained Ogg files (whole streams one after another) whose second link changes rate and channels, or
// codec: the reader gives the first link's tags and format and the links' lengths together, each link's
// length being what its reference decoder (oggdec, opusdec) outputs for it alone.
import Foundation
import Testing

@testable import TunesTags

@Suite(
  .enabled(
    if: ["sox", "oggenc", "opusenc", "oggdec", "opusdec"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0)
    }))
struct OggChainTests {
  /// Three seconds of 44.1 kHz stereo Vorbis, and two of 22.05 kHz mono as Vorbis and as Opus.
  static let links: Result<(folder: String, first: String, vorbis: String, opus: String), Error> = Result {
    let folder = try makeTemporaryFolder("ogg-chain")
    let (a, b) = (folder + "/a.wav", folder + "/b.wav")
    _ = try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", a, "synth", "3", "sine", "440"])
    _ = try run("/usr/bin/sox", ["-n", "-r", "22050", "-c", "1", "-b", "16", b, "synth", "2", "sine", "660"])
    _ = try run("/usr/bin/oggenc", ["-Q", "-t", "First link", "-a", "Ada", "-o", folder + "/a.ogg", a])
    _ = try run("/usr/bin/oggenc", ["-Q", "-t", "Second link", "-o", folder + "/b.ogg", b])
    _ = try run("/usr/bin/opusenc", ["--quiet", b, folder + "/b.opus"])
    return (folder, folder + "/a.ogg", folder + "/b.ogg", folder + "/b.opus")
  }

  func chain(_ parts: [String], _ name: String) throws -> String {
    let path = try Self.links.get().folder + "/" + name
    let bytes = try parts.reduce(Data()) { $0 + (try Data(contentsOf: URL(fileURLWithPath: $1))) }
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aSecondLinkAtAnotherRateAddsItsLength() throws {
    let files = try Self.links.get()
    let path = try chain([files.first, files.vorbis], "rate.ogg")
    let first = try FormatFiles.decodedSamples(files.first, channels: 2)
    let second = try FormatFiles.decodedSamples(files.vorbis, channels: 1)
    let metadata = try TagReader.read(path: path)
    #expect(metadata.tags.title == "First link")
    #expect(metadata.audio.sampleRate == 44100 && metadata.audio.channels == 2)
    #expect(metadata.audio.codec == "vorbis")
    #expect(metadata.audio.sampleCount == first + second)
    let seconds = Double(first) / 44100 + Double(second) / 22050
    #expect(metadata.audio.durationMs == Int((seconds * 1000).rounded()))
    #expect(metadata.audio.durationMs == 5000)
    #expect(metadata.warnings.contains { $0.hasPrefix("chained Ogg stream of 2 links") }, "\(metadata.warnings)")
  }

  @Test func anOpusLinkAfterAVorbisLinkAddsItsLength() throws {
    let files = try Self.links.get()
    let path = try chain([files.first, files.opus], "vorbis-opus.ogg")
    let first = try FormatFiles.decodedSamples(files.first, channels: 2)
    let second = try FormatFiles.decodedSamples(files.opus, channels: 1)
    let metadata = try TagReader.read(path: path)
    #expect(metadata.audio.codec == "vorbis")
    let seconds = Double(first) / 44100 + Double(second) / 48000
    #expect(metadata.audio.durationMs == Int((seconds * 1000).rounded()))
    #expect(metadata.audio.lengthSource == "granule (2 links)")
  }

  @Test func aSingleLinkIsReadAsBefore() throws {
    let files = try Self.links.get()
    let metadata = try TagReader.read(path: files.first)
    #expect(metadata.audio.sampleCount == (try FormatFiles.decodedSamples(files.first, channels: 2)))
    #expect(metadata.audio.lengthSource == "granule")
    #expect(!metadata.warnings.contains { $0.hasPrefix("chained") })
  }

  @Test func aChainLargerThanHeadAndTailIsReadWhole() throws {
    // Seven links: the middle ones lie in neither the head nor the tail the reader loads first.
    let files = try Self.links.get()
    let parts = [files.first, files.vorbis, files.first, files.opus, files.vorbis, files.first, files.opus]
    let path = try chain(parts, "seven.ogg")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.count > TagReader.headBytes + TagReader.tailBytes)
    let metadata = try TagReader.read(path: path)
    #expect(metadata == (try TagReader.parse(bytes, path: path)))
    #expect(metadata.audio.lengthSource == "granule (7 links)")
    #expect(metadata.audio.durationMs == 3 * 3000 + 4 * 2000)
  }
}
