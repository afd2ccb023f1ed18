// FLAC in Ogg (`flac --ogg`, .oga) plays through libFLAC's Ogg decoder, byte for byte what `flac -d --ogg`
// makes of it, at 16 and 24 bits, and seeks there sample-accurately; a damaged one is a typed error.
import Foundation
import Testing
import TunesCore

@testable import TunesDecoder

@Suite(.enabled(if: FormatFixtures.toolsPresent)) struct OggFLACDecodeTests {
  /// `source` (a native FLAC) as Ogg FLAC, beside it.
  static func oggFLAC(_ source: String) throws -> String {
    let out = source + "-\(UUID().uuidString.prefix(8)).oga"
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "--ogg", "-o", out, source])
    return out
  }

  static func reference(_ file: String) throws -> [UInt8] {
    [UInt8](
      try Fixtures.run(
        "/usr/bin/flac", ["-d", "-s", "-c", "--ogg", "--force-raw-format", "--endian=little", "--sign=signed", file]))
  }

  @Test func oggFLAC16IsByteIdenticalToFlacD() throws {
    let file = try Self.oggFLAC(try FormatFixtures.get().flac16)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let decoder = try DecoderFactory().makeDecoder(path: file)
    #expect(decoder is FLACDecoder)
    #expect(decoder.format == AudioFormat(sampleRate: 44100, channels: 2, bitsPerSample: 16))
    let reference = try Self.reference(file)
    #expect(reference.count == 3 * 44100 * 4)
    #expect(try decodeRest(decoder, chunkFrames: 1001) == reference)
    #expect(decoder.totalFrames == reference.count / 4)
  }

  @Test func oggFLAC24MatchesFlacDAndSeeks() throws {
    let file = try Self.oggFLAC(try FormatFixtures.get().flac24)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let reference = try Self.reference(file)
    let decoder = try DecoderFactory().makeDecoder(path: file)
    #expect(decoder.format == AudioFormat(sampleRate: 96000, channels: 2, bitsPerSample: 24))
    #expect(FormatFixtures.packed24(fromS32: try decodeRest(decoder, chunkFrames: 4096)) == reference)
    let seeker = try DecoderFactory().makeDecoder(path: file)
    let frame = 100_001
    #expect(try seeker.seek(toFrame: frame) == frame)
    let rest = FormatFixtures.packed24(fromS32: try decodeRest(seeker, chunkFrames: 4096))
    #expect(rest.map { Array($0) } == Array(reference[(frame * 6)...]))
  }

  @Test func aDamagedOggFLACIsATypedErrorNamingTheFile() throws {
    let file = try Self.oggFLAC(try FormatFixtures.get().flac16)
    defer { try? FileManager.default.removeItem(atPath: file) }
    // Cut inside the first packet, past the page header that names the stream.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    try bytes.prefix(60).write(to: URL(fileURLWithPath: file))
    #expect {
      _ = try DecoderFactory().makeDecoder(path: file)
    } throws: { error in
      guard let error = error as? DecoderError else { return false }
      return "\(error)".contains(file)
    }
  }
}
