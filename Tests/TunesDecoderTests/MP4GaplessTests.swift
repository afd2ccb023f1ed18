// An AAC file whose gapless information is iTunes' `iTunSMPB` tag alone (no edit list, as some encoders
// write it): the decoder drops the encoder delay and stops before the padding, and its PCM matches
// ffmpeg's decoding of the untagged file cut by the same delay and padding. (That the indexer stores the
// length of what the decoder outputs is MP4GaplessIndexTests, in the library's tests.)
import Foundation
import Testing
import TunesCore
import TunesTestSupport

@testable import TunesDecoder

@Suite(.enabled(if: FormatFixtures.toolsPresent && FileManager.default.fileExists(atPath: "/usr/bin/python3")))
struct MP4GaplessTests {
  /// ffmpeg's AAC encoder primes with 1024 samples.
  static let delay = 1024
  static let rate = 44100
  /// 1.5 s: no multiple of the 1024-sample AAC frame, so there is padding at the end.
  static let samples = 66150

  @Test func iTunSMPBAloneTrimsTheDelayAndThePadding() throws {
    let folder = NSTemporaryDirectory() + "tunes-gapless-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/tone.wav"
    // Two tones: a sample out of place by the delay (1024 samples) differs by thousands.
    _ = try Fixtures.run(
      "/usr/bin/sox",
      ["-n", "-r", "\(Self.rate)", "-b", "16", "-c", "2", wav, "synth", "1.5", "sine", "440", "sine", "620", "vol", "0.5"])
    let untagged = folder + "/untagged.m4a"
    _ = try Fixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-use_editlist", "0", untagged])
    // Everything the encoder wrote, priming and padding included: no edit list and no tag to cut it.
    let raw = FormatFixtures.samples16(try FormatFixtures.ffmpegReference(untagged))
    let coded = raw.count / 2
    let padding = coded - Self.delay - Self.samples
    #expect(padding > 0 && padding < 1024, "the encoder wrote \(coded) samples")

    let file = folder + "/gapless.m4a"
    try FileManager.default.copyItem(atPath: untagged, toPath: file)
    func hex(_ value: Int, _ width: Int) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let smpb = " 00000000 \(hex(Self.delay, 8)) \(hex(padding, 8)) \(hex(Self.samples, 16)) 00000000"
    // mutagen writes the freeform iTunes atom as iTunes does.
    _ = try Fixtures.run(
      "/usr/bin/python3",
      [
        "-c",
        "import sys; from mutagen.mp4 import MP4, MP4FreeForm; f = MP4(sys.argv[1]); "
          + "f['----:com.apple.iTunes:iTunSMPB'] = [MP4FreeForm(sys.argv[2].encode())]; f.save()",
        file, smpb,
      ])

    let decoder = try MP4Decoder(path: file)
    #expect(decoder.totalFrames == Self.samples)
    let decoded = FormatFixtures.samples16(try decodeRest(decoder))
    #expect(decoded.count == Self.samples * 2)
    #expect(decoder.positionFrames == Self.samples)
    let expected = Array(raw[(Self.delay * 2)..<((Self.delay + Self.samples) * 2)])
    let worst = zip(decoded, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1)
    #expect(expected.contains { abs($0) > 1000 }, "the reference is not silence")

    // A seek lands where the trimmed stream has that sample (the delay is not counted twice). After a
    // seek AAC differs a little (MP4DecoderTests: the decoder's state starts afresh), up to 65 measured
    // here; a sample out of place by the delay would differ by thousands on these tones.
    #expect(try decoder.seek(toFrame: 40_000) == 40_000)
    let afterSeek = FormatFixtures.samples16(try decodeRest(decoder))
    #expect(afterSeek.count == (Self.samples - 40_000) * 2)
    let seekWorst =
      zip(afterSeek.dropFirst(2048 * 2), expected[(40_000 * 2)...].dropFirst(2048 * 2))
      .map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(seekWorst <= 200)
  }
}
