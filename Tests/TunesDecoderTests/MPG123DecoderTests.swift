// MPG123Decoder against the mpg123 command-line player: same PCM, exact lengths, sample-accurate seek,
// damaged frames skipped with a warning, and a typed error for files that are missing or not MP3.
import Foundation
import Testing
import TunesCore

@testable import TunesDecoder

/// Decodes from the current position to the end in chunks of `chunkFrames`, as the raw little-endian
/// bytes the decoder hands out (s16, or s32 for deep sources).
func decodeRest(_ decoder: AudioDecoder, chunkFrames: Int = 1000) throws -> [UInt8] {
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: chunkFrames * decoder.format.bytesPerFrame)
  while true {
    let frames = try buffer.withUnsafeMutableBytes { try decoder.read(into: $0) }
    if frames == 0 { break }
    buffer.withUnsafeBytes { output.append(contentsOf: $0.prefix(frames * decoder.format.bytesPerFrame)) }
  }
  return output
}

@Suite struct MPG123DecoderTests {
  enum Fixture: String, CaseIterable { case stereo44, mono32, noInfo, vbr }

  func path(_ fixture: Fixture, in fixtures: Fixtures) -> String {
    switch fixture {
    case .stereo44: fixtures.stereo44
    case .mono32: fixtures.mono32
    case .noInfo: fixtures.noInfo
    case .vbr: fixtures.vbr
    }
  }

  @Test(arguments: Fixture.allCases)
  func decodesExactlyWhatMpg123Decodes(fixture: Fixture) throws {
    let fixtures = try Fixtures.get()
    let file = path(fixture, in: fixtures)
    let decoder = try MPG123Decoder(path: file)
    let decoded = try decodeRest(decoder, chunkFrames: 777)
    let reference = try Fixtures.mpg123Reference(file)
    #expect(decoded.count == reference.count)
    #expect(decoded == reference)
    #expect(decoder.warnings.isEmpty)
    // The length is known before decoding, and exact: with the Info header, and after a scan without it.
    #expect(decoder.totalFrames == reference.count / decoder.format.bytesPerFrame)
    #expect(decoder.lengthIsExact)
    #expect(decoder.positionFrames == reference.count / decoder.format.bytesPerFrame)
  }

  @Test func reportsTheFormatTheFileWasEncodedIn() throws {
    let fixtures = try Fixtures.get()
    #expect(try MPG123Decoder(path: fixtures.stereo44).format == AudioFormat(sampleRate: 44100, channels: 2))
    #expect(try MPG123Decoder(path: fixtures.mono32).format == AudioFormat(sampleRate: 32000, channels: 1))
    // Gapless: the LAME header trims encoder delay and padding to exactly the 3 s that were encoded.
    #expect(try MPG123Decoder(path: fixtures.stereo44).totalFrames == 3 * 44100)
    // Without the header nothing is trimmed: whole MPEG frames of 1152 samples.
    let untrimmed = try #require(try MPG123Decoder(path: fixtures.noInfo).totalFrames)
    #expect(untrimmed % 1152 == 0 && untrimmed > 3 * 44100)
  }

  @Test func positionCountsTheFramesReturned() throws {
    let decoder = try MPG123Decoder(path: try Fixtures.get().stereo44)
    #expect(decoder.positionFrames == 0)
    var buffer = [Int16](repeating: 0, count: 2 * 1000)
    var total = 0
    while true {
      let frames = try buffer.withUnsafeMutableBytes { try decoder.read(into: $0) }
      if frames == 0 { break }
      total += frames
      #expect(decoder.positionFrames == total)
    }
    #expect(total == 3 * 44100)
  }

  @Test(arguments: [(Fixture.stereo44, 50_001), (.stereo44, 1152 * 10), (.stereo44, 0), (.noInfo, 66_000), (.vbr, 99_999)])
  func seekLandsOnTheSampleTheLinearDecodeHasThere(fixture: Fixture, frame: Int) throws {
    let file = path(fixture, in: try Fixtures.get())
    let reference = try Fixtures.mpg123Reference(file)
    let decoder = try MPG123Decoder(path: file)
    _ = try decodeRest(decoder, chunkFrames: 5000)  // seek backwards from the end
    let reached = try decoder.seek(toFrame: frame)
    #expect(reached == frame)
    #expect(decoder.positionFrames == frame)
    let rest = try decodeRest(decoder)
    #expect(rest == Array(reference[(frame * decoder.format.bytesPerFrame)...]))
  }

  /// libmpg123 rebuilds the decoder state after a seek by decoding a few frames ahead, but not bit for bit
  /// for every stream: in this 32 kHz mono file some samples come out 1 LSB off. The position is still
  /// exact: a one-sample shift of pink noise would differ by far more than 1.
  @Test(arguments: [1, 5000, 30_000])
  func seekInMonoIsSampleAccurateWithinOneLSB(frame: Int) throws {
    let file = try Fixtures.get().mono32
    let reference = try Fixtures.mpg123Reference(file)
    let decoder = try MPG123Decoder(path: file)
    _ = try decodeRest(decoder, chunkFrames: 5000)
    #expect(try decoder.seek(toFrame: frame) == frame)
    let rest = samples(try decodeRest(decoder))
    let expected = samples(Array(reference[(frame * 2)...]))
    #expect(rest.count == expected.count)
    let worst = zip(rest, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1)
  }

  func samples(_ bytes: [UInt8]) -> [Int16] {
    stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
  }

  @Test func damagedFramesAreSkippedWithAWarning() throws {
    let fixtures = try Fixtures.get()
    let decoder = try MPG123Decoder(path: fixtures.damaged)
    let decoded = try decodeRest(decoder)
    let clean = try Fixtures.mpg123Reference(fixtures.stereo44)
    #expect(!decoder.warnings.isEmpty)
    #expect(decoder.warnings.allSatisfy { $0.hasPrefix("frame ") })
    // Audio before the damage (byte 20000 ≈ frame 47) is untouched; the rest goes on to the end, minus a
    // handful of skipped frames.
    let intact = 40 * 1152 * 4
    #expect(Array(decoded.prefix(intact)) == Array(clean.prefix(intact)))
    #expect(decoded.count > clean.count - 10 * 1152 * 4)
    #expect(decoded.count < clean.count)
  }

  @Test func aMissingFileThrowsCannotOpenWithTheReason() throws {
    let missing = try Fixtures.get().directory + "/no-such-song.mp3"
    do {
      _ = try MPG123Decoder(path: missing)
      Issue.record("opening a missing file did not throw")
    } catch let error as DecoderError {
      guard case .cannotOpen(let path, let reason) = error else { Issue.record("wrong error: \(error)"); return }
      #expect(path == missing)
      #expect(reason.contains("No such file or directory"))
      #expect(error.description.hasPrefix(missing + ": cannot open"))
      #expect(!error.description.contains("\n"))
      #expect(error.exitStatus == .noInput)
    }
  }

  @Test func aTextFileThrowsNotMP3() throws {
    let text = try Fixtures.get().text
    #expect(throws: DecoderError.notMP3(path: text, reason: "no MPEG audio frame found")) {
      try DecoderFactory().makeDecoder(path: text)
    }
    #expect(DecoderError.notMP3(path: text, reason: "x").exitStatus == .dataError)
  }

  @Test func randomBytesThrowNotMP3WithLibmpg123sReason() throws {
    let file = try Fixtures.get().scratch("noise.mp3")
    var seed: UInt32 = 7
    let noise = (0..<200_000).map { _ -> UInt8 in
      seed = seed &* 1_103_515_245 &+ 12345
      return UInt8(truncatingIfNeeded: seed >> 16)
    }
    try Data(noise).write(to: URL(fileURLWithPath: file))
    do {
      _ = try MPG123Decoder(path: file)
      Issue.record("random bytes decoded as MP3")
    } catch let error as DecoderError {
      guard case .notMP3(let path, let reason) = error else { Issue.record("wrong error: \(error)"); return }
      #expect(path == file)
      #expect(!reason.isEmpty)
    }
  }

  @Test func theFactoryOpensADecoderForThePath() throws {
    let decoder = try DecoderFactory().makeDecoder(path: try Fixtures.get().mono32)
    #expect(decoder.format == AudioFormat(sampleRate: 32000, channels: 1))
    #expect(decoder.totalFrames == 2 * 32000)
  }
}
