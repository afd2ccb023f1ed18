// FLAC, Vorbis and Opus decoders against the reference command-line decoders on the same files: byte for
// byte for FLAC (`flac -d`) and Vorbis (`oggdec -R`), within 1 LSB for Opus (`opusdec --no-dither`); the
// decoder chosen by content; sample-accurate seeks; broken files as one typed error naming the file.
import Foundation
import Testing
import TunesCore

@testable import TunesDecoder

@Suite(.enabled(if: FormatFixtures.toolsPresent)) struct FormatDecoderTests {
  @Test func flac16IsByteIdenticalToFlacD() throws {
    let file = try FormatFixtures.get().flac16
    let decoder = try FLACDecoder(path: file)
    #expect(decoder.format == AudioFormat(sampleRate: 44100, channels: 2, bitsPerSample: 16))
    let reference = try FormatFixtures.flacReference([file])
    let decoded = try decodeRest(decoder, chunkFrames: 1001)
    #expect(decoded.count == reference.count)
    #expect(decoded == reference)
    #expect(decoder.totalFrames == reference.count / 4)
    #expect(decoder.positionFrames == reference.count / 4)
    #expect(decoder.warnings.isEmpty)
  }

  @Test func flac24TravelsAsLeftJustifiedS32AndMatchesFlacD() throws {
    let file = try FormatFixtures.get().flac24
    let decoder = try FLACDecoder(path: file)
    #expect(decoder.format == AudioFormat(sampleRate: 96000, channels: 2, bitsPerSample: 24))
    #expect(decoder.format.encoding == .s32)
    let reference = try FormatFixtures.flacReference([file])
    let decoded = try decodeRest(decoder, chunkFrames: 4096)
    #expect(decoded.count / 4 == reference.count / 3)
    let packed = FormatFixtures.packed24(fromS32: decoded)
    #expect(packed != nil, "every s32 sample has a zero low byte")
    #expect(packed == reference)
    #expect(decoder.totalFrames == 2 * 96000)
  }

  @Test func flacWithAnID3TagInFrontPlays() throws {
    let fixtures = try FormatFixtures.get()
    let decoder = try DecoderFactory().makeDecoder(path: fixtures.flacWithID3)
    #expect(decoder is FLACDecoder)
    #expect(try decodeRest(decoder) == FormatFixtures.flacReference([fixtures.flac16]))
  }

  @Test func theDecoderFollowsTheContentNotTheName() throws {
    let fixtures = try FormatFixtures.get()
    let mp3 = try Fixtures.get().stereo44
    #expect(try DecoderFactory().makeDecoder(path: fixtures.flacNamedMP3) is FLACDecoder)
    #expect(try DecoderFactory().makeDecoder(path: fixtures.vorbis) is VorbisDecoder)
    #expect(try DecoderFactory().makeDecoder(path: fixtures.opus) is OpusDecoder)
    #expect(try DecoderFactory().makeDecoder(path: mp3) is MPG123Decoder)
    // An Opus file named .ogg and a Vorbis file named .opus go by their headers too.
    let swapped = fixtures.directory + "/vorbis-named.opus"
    try? FileManager.default.removeItem(atPath: swapped)
    try FileManager.default.copyItem(atPath: fixtures.vorbis, toPath: swapped)
    #expect(try DecoderFactory().makeDecoder(path: swapped) is VorbisDecoder)
  }

  @Test func vorbisIsByteIdenticalToOggdec() throws {
    let file = try FormatFixtures.get().vorbis
    let decoder = try VorbisDecoder(path: file)
    #expect(decoder.format == AudioFormat(sampleRate: 44100, channels: 2))
    let reference = try FormatFixtures.oggdecReference(file)
    let decoded = try decodeRest(decoder, chunkFrames: 777)
    #expect(decoded.count == reference.count)
    #expect(decoded == reference)
    #expect(decoder.totalFrames == reference.count / 4)
  }

  @Test(arguments: [false, true]) func opusIsWithinOneLSBOfOpusdec(mono: Bool) throws {
    let fixtures = try FormatFixtures.get()
    let file = mono ? fixtures.opusMono : fixtures.opus
    let decoder = try OpusDecoder(path: file)
    #expect(decoder.format == AudioFormat(sampleRate: 48000, channels: mono ? 1 : 2))
    let reference = FormatFixtures.samples16(try FormatFixtures.opusdecReference(file))
    let decoded = FormatFixtures.samples16(try decodeRest(decoder, chunkFrames: 960))
    #expect(decoded.count == reference.count)
    #expect(decoder.totalFrames == reference.count / (mono ? 1 : 2))
    let worst = zip(decoded, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1)
    #expect(reference.contains { $0 != 0 }, "the reference is not silence")
  }

  @Test func opusAppliesTheHeadersOutputGainAsOpusdecDoes() throws {
    let fixtures = try FormatFixtures.get()
    // -6.02 dB in the header (Q7.8), with the first page's checksum made right again.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures.opus)))
    let packet = 27 + Int(bytes[26])
    #expect(bytes[packet..<packet + 8].elementsEqual("OpusHead".utf8))
    let gain = Int16(-1541)
    bytes[packet + 16] = UInt8(truncatingIfNeeded: gain)
    bytes[packet + 17] = UInt8(truncatingIfNeeded: gain >> 8)
    let pageEnd = packet + (0..<Int(bytes[26])).reduce(0) { $0 + Int(bytes[27 + $1]) }
    for index in 22..<26 { bytes[index] = 0 }
    let crc = Self.oggCRC(bytes[0..<pageEnd])
    for index in 0..<4 { bytes[22 + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
    let file = fixtures.directory + "/quieter.opus"
    try Data(bytes).write(to: URL(fileURLWithPath: file))

    let decoded = FormatFixtures.samples16(try decodeRest(try OpusDecoder(path: file)))
    let reference = FormatFixtures.samples16(try FormatFixtures.opusdecReference(file))
    let loud = FormatFixtures.samples16(try FormatFixtures.opusdecReference(fixtures.opus))
    #expect(decoded.count == reference.count)
    #expect((zip(decoded, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 1)
    // Half as loud as the file without the gain.
    let peak = { (samples: [Int16]) in samples.map { abs(Int($0)) }.max() ?? 0 }
    #expect(abs(Double(peak(decoded)) / Double(peak(loud)) - 0.5) < 0.01)
  }

  /// Ogg's page checksum: CRC-32, polynomial 0x04C11DB7, not reflected, initial value 0.
  static func oggCRC(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0
    for byte in bytes {
      crc ^= UInt32(byte) << 24
      for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
    }
    return crc
  }

  @Test(arguments: [0, 1, 4095, 4096, 50_001, 131_999])
  func flacSeeksSampleAccurately(frame: Int) throws {
    let file = try FormatFixtures.get().flac16
    let decoder = try FLACDecoder(path: file)
    _ = try decodeRest(decoder, chunkFrames: 3000)  // from the end back
    #expect(try decoder.seek(toFrame: frame) == frame)
    #expect(decoder.positionFrames == frame)
    let reference = try FormatFixtures.flacReference([file])
    #expect(try decodeRest(decoder) == Array(reference[(frame * 4)...]))
  }

  @Test func flac24SeeksSampleAccurately() throws {
    let file = try FormatFixtures.get().flac24
    let decoder = try FLACDecoder(path: file)
    #expect(try decoder.seek(toFrame: 100_000) == 100_000)
    let reference = try FormatFixtures.flacReference([file])
    #expect(FormatFixtures.packed24(fromS32: try decodeRest(decoder)) == Array(reference[(100_000 * 6)...]))
  }

  @Test(arguments: [0, 1, 1024, 60_000, 132_000])
  func vorbisSeeksSampleAccurately(frame: Int) throws {
    let file = try FormatFixtures.get().vorbis
    let decoder = try VorbisDecoder(path: file)
    _ = try decodeRest(decoder, chunkFrames: 3000)
    #expect(try decoder.seek(toFrame: frame) == frame)
    let reference = try FormatFixtures.oggdecReference(file)
    #expect(try decodeRest(decoder) == Array(reference[min(frame * 4, reference.count)...]))
  }

  @Test(arguments: [0, 1, 960, 70_000, 143_000])
  func opusSeeksSampleAccurately(frame: Int) throws {
    let file = try FormatFixtures.get().opus
    let decoder = try OpusDecoder(path: file)
    _ = try decodeRest(decoder, chunkFrames: 3000)
    #expect(try decoder.seek(toFrame: frame) == frame)
    let reference = FormatFixtures.samples16(try FormatFixtures.opusdecReference(file))
    let decoded = FormatFixtures.samples16(try decodeRest(decoder))
    let expected = Array(reference[(frame * 2)...])
    #expect(decoded.count == expected.count)
    // The position is exact, but the Opus decoder's state, rebuilt from libopusfile's 80 ms pre-roll,
    // takes a while to converge: a quarter of a second after the seek every sample agrees again.
    let settled = min(12_000 * 2, expected.count)
    let worst = zip(decoded[settled...], expected[settled...]).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1)
    #expect(frame + settled / 2 >= reference.count / 2 || expected[settled...].contains { $0 != 0 })
  }

  @Test func aSeekPastTheEndLandsAtTheEnd() throws {
    let fixtures = try FormatFixtures.get()
    for file in [fixtures.flac16, fixtures.vorbis, fixtures.opus] {
      let decoder = try DecoderFactory().makeDecoder(path: file)
      let total = try #require(decoder.totalFrames)
      #expect(try decoder.seek(toFrame: total + 5000) == total)
      #expect(try decodeRest(decoder).isEmpty)
    }
  }

  @Test func brokenFilesAreOneTypedErrorNamingTheFile() throws {
    let fixtures = try FormatFixtures.get()
    func cut(_ file: String, to bytes: Int, as name: String) throws -> String {
      let path = fixtures.directory + "/" + name
      try Data(try Data(contentsOf: URL(fileURLWithPath: file)).prefix(bytes)).write(to: URL(fileURLWithPath: path))
      return path
    }
    let cases: [(String, (DecoderError) -> Bool)] = [
      (try cut(fixtures.flac16, to: 60, as: "cut.flac"), { if case .invalid(_, "FLAC", _) = $0 { true } else { false } }),
      (try cut(fixtures.opus, to: 3000, as: "cut.opus"), { if case .invalid(_, "Opus", _) = $0 { true } else { false } }),
      (try cut(fixtures.vorbis, to: 200, as: "cut.ogg"), { if case .invalid(_, "Ogg Vorbis", _) = $0 { true } else { false } }),
      (
        try write(Data("OggS".utf8) + Data(repeating: 7, count: 100), as: "other.ogg"),
        { if case .unknownFormat = $0 { true } else { false } }
      ),
    ]
    for (path, matches) in cases {
      do {
        let decoder = try DecoderFactory().makeDecoder(path: path)
        _ = try decodeRest(decoder)
        Issue.record("\(path) decoded without an error")
      } catch let error as DecoderError {
        #expect(matches(error), "\(error)")
        #expect(error.description.hasPrefix(path + ": "))
        #expect(!error.description.contains("\n"))
        #expect(error.exitStatus == .dataError)
      }
    }
    #expect(throws: DecoderError.self) { try DecoderFactory().makeDecoder(path: fixtures.directory + "/missing.flac") }
  }

  @Test func aVorbisChainWithAnOpusLinkSaysSo() throws {
    // libvorbisfile refuses such a file with its read error; the error says what the file holds instead.
    let fixtures = try FormatFixtures.get()
    let parts = try [fixtures.vorbis, fixtures.opus].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    let path = try write(parts[0] + parts[1], as: "vorbis-then-opus.ogg")
    do {
      _ = try DecoderFactory().makeDecoder(path: path)
      Issue.record("a Vorbis chain with an Opus link opened")
    } catch let error as DecoderError {
      #expect(
        error.description == path
          + ": not a valid Ogg Vorbis file: link 1 of the chained stream is Opus; only chains of Vorbis links are decoded")
      #expect(error.exitStatus == .dataError)
    }
    // A chain of Vorbis links still opens.
    let vorbis = try write(parts[0] + parts[0], as: "vorbis-twice.ogg")
    #expect(try DecoderFactory().makeDecoder(path: vorbis) is VorbisDecoder)
  }

  func write(_ data: Data, as name: String) throws -> String {
    let path = try FormatFixtures.get().directory + "/" + name
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// MP4 through FFmpeg against the ffmpeg CLI on the same files.
@Suite(.enabled(if: FormatFixtures.toolsPresent)) struct MP4DecoderTests {
  @Test(arguments: [false, true]) func aacIsWithinOneLSBOfFfmpegAndTrimmedToItsRealLength(mono: Bool) throws {
    let fixtures = try FormatFixtures.get()
    let file = mono ? fixtures.aacMono : fixtures.aac
    let decoder = try DecoderFactory().makeDecoder(path: file)
    #expect(decoder is MP4Decoder)
    let channels = mono ? 1 : 2
    let rate = mono ? 22050 : 44100
    #expect(decoder.format == AudioFormat(sampleRate: rate, channels: channels))
    // The encoder's priming (the edit list) is gone and its padding is not played: exactly the source's length.
    let length = mono ? 33075 : 132300
    #expect(decoder.totalFrames == length)
    let decoded = FormatFixtures.samples16(try decodeRest(decoder, chunkFrames: 1000))
    #expect(decoded.count == length * channels)
    // The CLI drops the priming too but plays the padding after the last real frame; compare the real part.
    let reference = FormatFixtures.samples16(try FormatFixtures.ffmpegReference(file))
    #expect(reference.count >= decoded.count)
    let worst = zip(decoded, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1)
    #expect(reference.contains { abs($0) > 1000 }, "the reference is not silence")
  }

  @Test func alacIsByteIdenticalToFfmpeg() throws {
    let fixtures = try FormatFixtures.get()
    let decoder16 = try DecoderFactory().makeDecoder(path: fixtures.alac16)
    #expect(decoder16.format == AudioFormat(sampleRate: 44100, channels: 2))
    #expect(try decodeRest(decoder16, chunkFrames: 999) == FormatFixtures.ffmpegReference(fixtures.alac16))
    let decoder24 = try DecoderFactory().makeDecoder(path: fixtures.alac24)
    #expect(decoder24.format == AudioFormat(sampleRate: 96000, channels: 2, bitsPerSample: 24))
    let decoded24 = try decodeRest(decoder24, chunkFrames: 4096)
    #expect(decoded24 == (try FormatFixtures.ffmpegReference(fixtures.alac24, sampleFormat: "s32le")))
    // The same samples as the 24-bit FLAC of the same signal: both lossless.
    #expect(FormatFixtures.packed24(fromS32: decoded24) == (try FormatFixtures.flacReference([fixtures.flac24])))
  }

  @Test(arguments: [1, 4095, 50_001, 131_000]) func alacSeeksSampleAccurately(frame: Int) throws {
    let file = try FormatFixtures.get().alac16
    let decoder = try MP4Decoder(path: file)
    _ = try decodeRest(decoder)
    #expect(try decoder.seek(toFrame: frame) == frame)
    #expect(try decodeRest(decoder) == Array(try FormatFixtures.ffmpegReference(file)[(frame * 4)...]))
  }

  @Test(arguments: [1, 50_001, 100_000]) func aacSeeksToTheRightSample(frame: Int) throws {
    let file = try FormatFixtures.get().aac
    let decoder = try MP4Decoder(path: file)
    #expect(try decoder.seek(toFrame: frame) == frame)
    let decoded = FormatFixtures.samples16(try decodeRest(decoder))
    let expected = Array(FormatFixtures.samples16(try FormatFixtures.ffmpegReference(file))[(frame * 2)..<(132_300 * 2)])
    #expect(decoded.count == expected.count)
    // The frame decoded first after a seek has no predecessor to overlap with, so it differs; after it the
    // samples agree closely (not to the bit: the decoder's state starts afresh). One frame out of place
    // would differ by about 1500 on these tones.
    let worst = zip(decoded.dropFirst(2048 * 2), expected.dropFirst(2048 * 2)).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 64)
  }
}
