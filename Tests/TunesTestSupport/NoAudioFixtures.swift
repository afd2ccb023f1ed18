// Files that open as audio but yield none, one per format, made once per test run with sox, lame, flac,
// oggenc and ffmpeg and then cut or damaged by hand: a 0.05 s MP3 of which only the first audio frame's
// header is left, an Ogg Vorbis file cut off after its headers, a one-frame FLAC and a short M4A whose
// frames are overwritten, and an M4B whose header declares 47 hours but whose audio is gone. Beside them, a
// good one-second MP3 to queue after each, and a whole 0.05 s MP3, short but audio all the same.
// Shared by the player and CLI tests.
import Foundation

public struct NoAudioFixtures: Sendable {
  public let directory: String
  /// 1 s, 44.1 kHz stereo MP3 that plays.
  public let good: String
  /// 0.05 s of sound encoded by lame: 2205 frames, which play.
  public let tinyMP3: String
  /// `tinyMP3` with everything after its first audio frame's header overwritten with zeros: libmpg123 opens
  /// it and decodes a few dozen frames of nothing.
  public let damagedMP3: String
  /// A 2 s Ogg Vorbis file cut 100 bytes into its first audio page.
  public let truncatedOgg: String
  /// A 0.05 s FLAC (one frame) whose frame is overwritten with zeros from its sync code on.
  public let damagedFLAC: String
  /// A 0.05 s AAC M4A whose frames (the whole `mdat` payload) are overwritten with zeros.
  public let damagedM4A: String
  /// An 8 kHz AAC M4B whose movie, track and media headers declare 47 hours, its `mdat` emptied.
  public let hugeM4B: String

  /// Every file above that yields no audio, with a name for the test's messages.
  public var silent: [(name: String, path: String)] {
    [
      ("damaged MP3", damagedMP3), ("truncated Ogg", truncatedOgg), ("damaged FLAC", damagedFLAC), ("damaged M4A", damagedM4A),
      ("47-hour M4B", hugeM4B),
    ]
  }

  public static let toolsPresent = ["/usr/bin/sox", "/usr/bin/lame", "/usr/bin/flac", "/usr/bin/oggenc", "/usr/bin/ffmpeg"]
    .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

  public static let shared = Result { try make() }
  public static func get() throws -> NoAudioFixtures { try shared.get() }

  /// 47 hours, in seconds.
  public static let declaredSeconds = 47 * 3600

  private static func make() throws -> NoAudioFixtures {
    let directory = NSTemporaryDirectory() + "tunes-no-audio-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    func path(_ name: String) -> String { directory + "/" + name }
    func sox(_ name: String, rate: Int, channels: Int, seconds: String) throws {
      try Fixtures.run(
        "/usr/bin/sox",
        ["-n", "-r", "\(rate)", "-b", "16", "-c", "\(channels)", path(name), "synth", seconds, "sine", "440", "vol", "0.5"])
    }
    try sox("good.wav", rate: 44100, channels: 2, seconds: "1")
    try sox("tiny.wav", rate: 44100, channels: 2, seconds: "0.05")
    try sox("long.wav", rate: 44100, channels: 2, seconds: "2")
    try sox("low.wav", rate: 8000, channels: 1, seconds: "1")
    try Fixtures.run("/usr/bin/lame", ["--quiet", path("good.wav"), path("good.mp3")])
    try Fixtures.run("/usr/bin/lame", ["--quiet", path("tiny.wav"), path("tiny.mp3")])
    try Fixtures.run("/usr/bin/oggenc", ["-Q", "-o", path("long.ogg"), path("long.wav")])
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-o", path("tiny.flac"), path("tiny.wav")])
    for (input, output) in [("tiny.wav", "tiny.m4a"), ("low.wav", "low.m4a")] {
      try Fixtures.run(
        "/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path(input), "-c:a", "aac", "-movflags", "+faststart", path(output)])
    }

    var mp3 = try bytes(path("tiny.mp3"))
    let audio = try secondMP3Frame(mp3)
    for index in (audio + 4)..<mp3.count { mp3[index] = 0 }
    try write(mp3, path("damaged.mp3"))

    let ogg = try bytes(path("long.ogg"))
    try write(Array(ogg[..<(try firstAudioPage(ogg) + 100)]), path("truncated.ogg"))

    var flac = try bytes(path("tiny.flac"))
    let frame = try firstFLACFrame(flac)
    for index in frame..<flac.count { flac[index] = 0 }
    try write(flac, path("damaged.flac"))

    var m4a = try bytes(path("tiny.m4a"))
    let mdat = try box("mdat", in: m4a)
    for index in (mdat + 8)..<m4a.count { m4a[index] = 0 }
    try write(m4a, path("damaged.m4a"))

    var m4b = try bytes(path("low.m4a"))
    try declare(seconds: declaredSeconds, in: &m4b)
    // An empty `mdat` (size 8) where the audio was: the tag reader takes the file, the sample table points
    // past its end.
    let audioBox = try box("mdat", in: m4b)
    m4b = Array(m4b[..<(audioBox + 8)])
    m4b[audioBox..<(audioBox + 4)] = [0, 0, 0, 8]
    try write(m4b, path("huge.m4b"))

    return NoAudioFixtures(
      directory: directory, good: path("good.mp3"), tinyMP3: path("tiny.mp3"), damagedMP3: path("damaged.mp3"),
      truncatedOgg: path("truncated.ogg"),
      damagedFLAC: path("damaged.flac"), damagedM4A: path("damaged.m4a"), hugeM4B: path("huge.m4b"))
  }

  private static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
  private static func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

  /// The offset of the first Ogg page with a granule position above 0: the first that holds audio.
  static func firstAudioPage(_ ogg: [UInt8]) throws -> Int {
    var offset = 0
    while offset + 27 <= ogg.count {
      guard ogg[offset..<offset + 4].elementsEqual("OggS".utf8) else { break }
      let granule = (0..<8).reduce(UInt64(0)) { $0 | UInt64(ogg[offset + 6 + $1]) << (8 * UInt64($1)) }
      if granule > 0 && granule != UInt64.max { return offset }
      let segments = Int(ogg[offset + 26])
      let body = ogg[(offset + 27)..<(offset + 27 + segments)].reduce(0) { $0 + Int($1) }
      offset += 27 + segments + body
    }
    throw FixtureError(description: "no Ogg audio page found")
  }

  /// The offset of the first audio frame of a lame MP3: the frame sync after the Info frame's.
  static func secondMP3Frame(_ mp3: [UInt8]) throws -> Int {
    guard mp3.count > 4, let second = (1..<(mp3.count - 1)).first(where: { mp3[$0] == mp3[0] && mp3[$0 + 1] == mp3[1] })
    else { throw FixtureError(description: "no second MP3 frame") }
    return second
  }

  /// The offset of the first FLAC frame: after the "fLaC" marker and the metadata blocks.
  static func firstFLACFrame(_ flac: [UInt8]) throws -> Int {
    var offset = 4
    while offset + 4 <= flac.count {
      let header = flac[offset]
      let length = Int(flac[offset + 1]) << 16 | Int(flac[offset + 2]) << 8 | Int(flac[offset + 3])
      offset += 4 + length
      if header & 0x80 != 0 { return offset }
    }
    throw FixtureError(description: "no FLAC frame found")
  }

  /// The offset of the first box of type `name` (its size field), found by its four letters.
  static func box(_ name: String, in file: [UInt8]) throws -> Int {
    let code = Array(name.utf8)
    for index in 4..<(file.count - 4) where file[index..<index + 4].elementsEqual(code) { return index - 4 }
    throw FixtureError(description: "no \(name) box")
  }

  /// Sets the version-0 duration fields of `mvhd`, `tkhd` and `mdhd` to `seconds` in their timescales.
  static func declare(seconds: Int, in file: inout [UInt8]) throws {
    func read32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    func write32(_ value: Int, _ at: Int) {
      for index in 0..<4 { file[at + index] = UInt8((value >> (8 * (3 - index))) & 0xFF) }
    }
    let movie = try box("mvhd", in: file)
    let movieScale = read32(movie + 20)
    write32(seconds * movieScale, movie + 24)
    write32(seconds * movieScale, try box("tkhd", in: file) + 28)
    let media = try box("mdhd", in: file)
    write32(seconds * read32(media + 20), media + 24)
    guard file[movie + 8] == 0, file[media + 8] == 0 else { throw FixtureError(description: "version 1 MP4 headers") }
  }
}
