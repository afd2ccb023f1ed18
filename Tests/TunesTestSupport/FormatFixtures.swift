// FLAC, Ogg Vorbis and Opus fixtures generated once per test run from sox signals with the reference
// encoders, and the PCM the reference decoders (flac -d, oggdec -R, opusdec) make of them: what tunes'
// decoders are compared with. Shared by the decoder, output and player tests.
import Foundation

public struct FormatFixtures: Sendable {
  public let directory: String
  /// 3 s, 44.1 kHz stereo, 16-bit FLAC.
  public let flac16: String
  /// 2 s, 96 kHz stereo, 24-bit FLAC.
  public let flac24: String
  /// `flac16` with an ID3v2 tag in front of the fLaC marker.
  public let flacWithID3: String
  /// `flac16` under a name ending in .mp3: the decoder must follow the content.
  public let flacNamedMP3: String
  /// 3 s, 44.1 kHz stereo Ogg Vorbis (oggenc's default quality).
  public let vorbis: String
  /// 3 s stereo Opus encoded from 44.1 kHz (decoded at 48 kHz).
  public let opus: String
  /// 1.5 s mono Opus.
  public let opusMono: String
  /// 3 s, 44.1 kHz stereo AAC in M4A (ffmpeg's encoder: 1024 frames of priming in the edit list), from
  /// two pure tones: no noise, so the encoder has no noise bands to substitute.
  public let aac: String
  /// 1.5 s, 22.05 kHz mono AAC.
  public let aacMono: String
  /// ALAC in M4A: `alac16` from the 16-bit signal, `alac24` from the 24-bit 96 kHz one.
  public let alac16: String
  public let alac24: String
  /// The tones of `flac16` cut in two at a frame that is not a block boundary, each half its own FLAC.
  public let flacHalves: [String]

  public static let shared = Result { try make() }
  public static func get() throws -> FormatFixtures { try shared.get() }

  public static let toolsPresent = [
    "/usr/bin/sox", "/usr/bin/flac", "/usr/bin/oggenc", "/usr/bin/oggdec", "/usr/bin/opusenc", "/usr/bin/opusdec",
    "/usr/bin/ffmpeg",
  ]
  .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

  private static func make() throws -> FormatFixtures {
    let directory = NSTemporaryDirectory() + "tunes-format-fixtures-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    func path(_ name: String) -> String { directory + "/" + name }
    func sox(_ rate: Int, _ bits: Int, _ channels: Int, _ name: String, _ seconds: String, _ tone: String) throws {
      try Fixtures.run(
        "/usr/bin/sox",
        [
          "-n", "-r", "\(rate)", "-b", "\(bits)", "-e", "signed-integer", "-c", "\(channels)", path(name), "synth", seconds,
          "sine", tone, "pinknoise", "vol", "0.5",
        ])
    }
    try sox(44100, 16, 2, "s.wav", "3", "440")
    try sox(96000, 24, 2, "h.wav", "2", "1000")
    try sox(44100, 16, 1, "m.wav", "1.5", "300")
    try Fixtures.run(
      "/usr/bin/sox",
      [
        "-n", "-r", "44100", "-b", "16", "-e", "signed-integer", "-c", "2", path("t.wav"), "synth", "3", "sine", "440", "sine",
        "660", "vol", "0.5",
      ])
    try Fixtures.run(
      "/usr/bin/sox",
      [
        "-n", "-r", "22050", "-b", "16", "-e", "signed-integer", "-c", "1", path("tm.wav"), "synth", "1.5", "sine", "550", "vol",
        "0.5",
      ])
    for (input, output, codec) in [
      ("t.wav", "t.m4a", "aac"), ("tm.wav", "tm.m4a", "aac"), ("s.wav", "s16.m4a", "alac"), ("h.wav", "h24.m4a", "alac"),
    ] {
      try Fixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path(input), "-c:a", codec, path(output)])
    }
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-o", path("s.flac"), path("s.wav")])
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-o", path("h.flac"), path("h.wav")])
    try Fixtures.run("/usr/bin/oggenc", ["-Q", "-o", path("s.ogg"), path("s.wav")])
    try Fixtures.run("/usr/bin/opusenc", ["--quiet", path("s.wav"), path("s.opus")])
    try Fixtures.run("/usr/bin/opusenc", ["--quiet", path("m.wav"), path("m.opus")])
    // 50,000 frames is no multiple of flac's 4096-frame blocks.
    try Fixtures.run("/usr/bin/sox", [path("s.wav"), path("a.wav"), "trim", "0s", "50000s"])
    try Fixtures.run("/usr/bin/sox", [path("s.wav"), path("b.wav"), "trim", "50000s"])
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-o", path("a.flac"), path("a.wav")])
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-o", path("b.flac"), path("b.wav")])

    let flac = try Data(contentsOf: URL(fileURLWithPath: path("s.flac")))
    try (id3v2Tag(title: "tagged FLAC") + flac).write(to: URL(fileURLWithPath: path("tagged.flac")))
    try flac.write(to: URL(fileURLWithPath: path("really-flac.mp3")))
    return FormatFixtures(
      directory: directory, flac16: path("s.flac"), flac24: path("h.flac"), flacWithID3: path("tagged.flac"),
      flacNamedMP3: path("really-flac.mp3"), vorbis: path("s.ogg"), opus: path("s.opus"), opusMono: path("m.opus"),
      aac: path("t.m4a"), aacMono: path("tm.m4a"), alac16: path("s16.m4a"), alac24: path("h24.m4a"),
      flacHalves: [path("a.flac"), path("b.flac")])
  }

  /// An ID3v2.3 tag with one title frame and some padding, as taggers put in front of FLAC files.
  static func id3v2Tag(title: String) -> Data {
    let text = [UInt8]([3]) + Array(title.utf8)  // encoding 3: UTF-8
    let size = text.count
    let frame =
      Array("TIT2".utf8) + [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF), 0, 0]
      + text
    let body = frame + [UInt8](repeating: 0, count: 200)
    let length = body.count
    let syncsafe = [
      UInt8((length >> 21) & 0x7F), UInt8((length >> 14) & 0x7F), UInt8((length >> 7) & 0x7F), UInt8(length & 0x7F),
    ]
    return Data(Array("ID3".utf8) + [3, 0, 0] + syncsafe + body)
  }

  /// `flac -d` to raw little-endian signed samples (16-bit: 2 bytes, 24-bit: 3 bytes packed).
  public static func flacReference(_ files: [String]) throws -> [UInt8] {
    var out: [UInt8] = []
    for file in files {
      out += [UInt8](
        try Fixtures.run("/usr/bin/flac", ["-d", "-s", "-c", "--force-raw-format", "--endian=little", "--sign=signed", file]))
    }
    return out
  }

  /// `oggdec -R`: raw s16le.
  public static func oggdecReference(_ file: String) throws -> [UInt8] {
    [UInt8](try Fixtures.run("/usr/bin/oggdec", ["-Q", "-R", "-o", "-", file]))
  }

  /// `opusdec --rate 48000 --no-dither`: raw s16le at Opus's own rate, without dither.
  public static func opusdecReference(_ file: String) throws -> [UInt8] {
    [UInt8](try Fixtures.run("/usr/bin/opusdec", ["--quiet", "--rate", "48000", "--no-dither", file, "-"]))
  }

  /// The ffmpeg CLI's decode of the first audio stream as raw `sampleFormat` (s16le or s32le). The
  /// conversion from AAC's floats goes through swresample with its dither explicitly off
  /// (aresample=dither_method=none, also its default), so the result is a plain rounding, the same every run.
  public static func ffmpegReference(_ file: String, sampleFormat: String = "s16le") throws -> [UInt8] {
    [UInt8](
      try Fixtures.run(
        "/usr/bin/ffmpeg",
        ["-v", "error", "-i", file, "-map", "0:a:0", "-af", "aresample=dither_method=none", "-f", sampleFormat, "-"]))
  }

  /// Little-endian s16 bytes as samples.
  public static func samples16(_ bytes: some Collection<UInt8>) -> [Int16] {
    let array = Array(bytes)
    return stride(from: 0, to: array.count - 1, by: 2).map { Int16(bitPattern: UInt16(array[$0]) | UInt16(array[$0 + 1]) << 8) }
  }

  /// s32 containers holding 24-bit samples → packed 24-bit little-endian, as `flac -d` writes them;
  /// nil when a low byte is not zero (the sample was not a left-justified 24-bit one).
  public static func packed24(fromS32 bytes: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count / 4 * 3)
    for index in stride(from: 0, to: bytes.count - 3, by: 4) {
      guard bytes[index] == 0 else { return nil }
      out += bytes[(index + 1)...(index + 3)]
    }
    return out
  }
}
