// MP3 fixtures generated once per test run with sox and lame into a fresh temporary folder, and the
// reference PCM that the mpg123 command-line player decodes from them (shared by decoder and output tests).
import Foundation

public struct FixtureError: Error, CustomStringConvertible {
  public var description: String
  public init(description: String) { self.description = description }
}

public struct Fixtures: Sendable {
  public let directory: String
  /// 3 s, 44.1 kHz stereo, CBR 128 kb/s with a LAME Info header (exact length, gapless).
  public let stereo44: String
  /// 2 s, 32 kHz mono.
  public let mono32: String
  /// 3 s, 44.1 kHz stereo written with `lame -t`: no Info header, so no exact length and no gapless trim.
  public let noInfo: String
  /// 3 s, 44.1 kHz stereo, VBR (-V 4).
  public let vbr: String
  /// `stereo44` with 1500 bytes of garbage written over it at byte 20000 (about frame 47 of 115).
  public let damaged: String
  /// A text file named like an MP3.
  public let text: String

  public static let damageOffset = 20_000
  public static let shared = Result { try make() }
  public static func get() throws -> Fixtures { try shared.get() }

  private static func make() throws -> Fixtures {
    let directory = NSTemporaryDirectory() + "tunes-fixtures-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    func path(_ name: String) -> String { directory + "/" + name }
    try run(
      "/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", path("s.wav"), "synth", "3", "sine", "440", "pinknoise", "vol", "0.5"])
    try run(
      "/usr/bin/sox", ["-n", "-r", "32000", "-c", "1", path("m.wav"), "synth", "2", "sine", "300", "pinknoise", "vol", "0.5"])
    try run("/usr/bin/lame", ["--quiet", "-b", "128", path("s.wav"), path("stereo44.mp3")])
    try run("/usr/bin/lame", ["--quiet", path("m.wav"), path("mono32.mp3")])
    try run("/usr/bin/lame", ["--quiet", "-t", path("s.wav"), path("noinfo.mp3")])
    try run("/usr/bin/lame", ["--quiet", "-V", "4", path("s.wav"), path("vbr.mp3")])
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("stereo44.mp3"))))
    var seed: UInt32 = 12345
    for index in damageOffset..<(damageOffset + 1500) {
      seed = seed &* 1_103_515_245 &+ 12345  // fixed garbage, so a failure reproduces
      bytes[index] = UInt8(truncatingIfNeeded: seed >> 16)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path("damaged.mp3")))
    try Data(String(repeating: "these are liner notes, not audio\n", count: 100).utf8).write(
      to: URL(fileURLWithPath: path("notes.mp3")))
    return Fixtures(
      directory: directory, stereo44: path("stereo44.mp3"), mono32: path("mono32.mp3"), noInfo: path("noinfo.mp3"),
      vbr: path("vbr.mp3"), damaged: path("damaged.mp3"), text: path("notes.mp3"))
  }

  /// What `mpg123 -q -s FILE` writes: the reference every decode is compared with.
  public static func mpg123Reference(_ file: String) throws -> [UInt8] {
    [UInt8](try run("/usr/bin/mpg123", ["-q", "-s", file]))
  }

  /// A fresh path in the fixture folder, for outputs of one test.
  public func scratch(_ name: String) -> String {
    directory + "/" + UUID().uuidString + "-" + name
  }

  /// Runs a fixture tool to completion; its stdout, or an error naming the command when it fails.
  @discardableResult
  public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    let result = try ChildProcess.run(tool, arguments)
    guard result.status == 0 else {
      throw FixtureError(description: "\(tool) \(arguments.joined(separator: " ")) exited \(result.status): \(result.errors)")
    }
    return result.stdout
  }
}
