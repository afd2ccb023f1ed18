// A chained Ogg Vorbis file whose second link changes rate and channels (3 s of 44.1 kHz stereo, then
// 2 s of 22.05 kHz mono) plays whole through one decoder: the first link byte for byte as oggdec decodes
// it alone, the second converted to 44.1 kHz stereo, as long as the index says (5 s), and seekable into it.
import Foundation
import Testing
import TunesCore

@testable import TunesDecoder

@Suite(.enabled(if: FormatFixtures.toolsPresent)) struct ChainedVorbisTests {
  static let files: Result<(first: String, second: String, chain: String, monoFirst: String), Error> = Result {
    let folder = try FormatFixtures.get().directory + "/chain-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let (a, b) = (folder + "/a.wav", folder + "/b.wav")
    _ = try Fixtures.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", a, "synth", "3", "sine", "440"])
    _ = try Fixtures.run("/usr/bin/sox", ["-n", "-r", "22050", "-c", "1", "-b", "16", b, "synth", "2", "sine", "660"])
    _ = try Fixtures.run("/usr/bin/oggenc", ["-Q", "-o", folder + "/a.ogg", a])
    _ = try Fixtures.run("/usr/bin/oggenc", ["-Q", "-o", folder + "/b.ogg", b])
    let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.ogg"))
    let second = try Data(contentsOf: URL(fileURLWithPath: folder + "/b.ogg"))
    try (first + second).write(to: URL(fileURLWithPath: folder + "/chain.ogg"))
    try (second + first).write(to: URL(fileURLWithPath: folder + "/mono-first.ogg"))
    return (folder + "/a.ogg", folder + "/b.ogg", folder + "/chain.ogg", folder + "/mono-first.ogg")
  }

  /// The left and right samples of s16le stereo bytes.
  func channels(_ bytes: ArraySlice<UInt8>) -> (left: [Int16], right: [Int16]) {
    var left: [Int16] = []
    var right: [Int16] = []
    var i = bytes.startIndex
    while i + 3 < bytes.endIndex {
      left.append(Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8))
      right.append(Int16(bitPattern: UInt16(bytes[i + 2]) | UInt16(bytes[i + 3]) << 8))
      i += 4
    }
    return (left, right)
  }

  /// Sign changes of a tone: twice its frequency a second.
  func crossings(_ samples: [Int16]) -> Int {
    zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
  }

  @Test func theSecondLinkIsConvertedToTheFirstOnesFormat() throws {
    let files = try Self.files.get()
    let decoder = try VorbisDecoder(path: files.chain)
    #expect(decoder.format == AudioFormat(sampleRate: 44100, channels: 2))
    #expect(decoder.totalFrames == 132_300 + 88_200)
    let decoded = try decodeRest(decoder, chunkFrames: 1001)
    #expect(decoded.count == (132_300 + 88_200) * 4)
    #expect(decoder.positionFrames == 132_300 + 88_200)
    // The first link as oggdec decodes it alone.
    let first = try FormatFixtures.oggdecReference(files.first)
    #expect(first.count == 132_300 * 4)
    #expect(Array(decoded.prefix(first.count)) == first)
    // The second: the mono 660 Hz tone in both channels, two seconds of it.
    let (left, right) = channels(decoded[first.count...])
    #expect(left == right)
    #expect(abs(crossings(left) - 2 * 660 * 2) <= 4, "\(crossings(left)) sign changes")
    #expect(decoder.warnings.contains { $0.contains("converted to 44100 Hz, 2 channels") }, "\(decoder.warnings)")
  }

  @Test func aSeekLandsInsideTheConvertedLink() throws {
    let files = try Self.files.get()
    let decoder = try VorbisDecoder(path: files.chain)
    #expect(try decoder.seek(toFrame: 132_300 + 44_100) == 132_300 + 44_100)
    let rest = try decodeRest(decoder)
    #expect(rest.count == 44_100 * 4)
    let (left, _) = channels(rest[...])
    #expect(abs(crossings(left) - 2 * 660) <= 4, "\(crossings(left)) sign changes")
    // And back into the first link, sample-accurately.
    #expect(try decoder.seek(toFrame: 1000) == 1000)
    let again = try decodeRest(decoder)
    #expect(Array(again.prefix(131_300 * 4)) == Array(try FormatFixtures.oggdecReference(files.first).dropFirst(1000 * 4)))
  }

  @Test func aStereoLinkAfterAMonoOneIsMixedDown() throws {
    // The first link sets the format: 22.05 kHz mono; the 3 s stereo 440 Hz link follows, averaged and
    // resampled to it.
    let files = try Self.files.get()
    let decoder = try VorbisDecoder(path: files.monoFirst)
    #expect(decoder.format == AudioFormat(sampleRate: 22050, channels: 1))
    #expect(decoder.totalFrames == 44_100 + 66_150)
    let decoded = try decodeRest(decoder)
    #expect(decoded.count == (44_100 + 66_150) * 2)
    let first = try FormatFixtures.oggdecReference(files.second)
    #expect(Array(decoded.prefix(first.count)) == first)
    var rest: [Int16] = []
    var i = first.count
    while i + 1 < decoded.count {
      rest.append(Int16(bitPattern: UInt16(decoded[i]) | UInt16(decoded[i + 1]) << 8))
      i += 2
    }
    #expect(abs(crossings(rest) - 2 * 440 * 3) <= 4, "\(crossings(rest)) sign changes")
  }
}
