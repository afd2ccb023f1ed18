// The whole chain on real files: MP3s made with sox and lame, decoded by libmpg123, written by ALSA's
// file device at full speed, compared byte for byte with what the mpg123 CLI decodes.
import Foundation
import Testing
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesOutput

@testable import TunesPlayer

@discardableResult
func run(_ tool: String, _ arguments: [String], stdout: URL? = nil) throws -> Int32 {
  try ChildProcess.run(tool, arguments, stdoutFile: stdout?.path ?? "/dev/null").status
}

@Suite struct RealFilePlaybackTests {
  static let toolsPresent = ["/usr/bin/sox", "/usr/bin/lame", "/usr/bin/mpg123"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.enabled(if: toolsPresent)) func pcmWrittenEqualsMpg123Output() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-real-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (index, (frequency, seconds)) in [(440, "1.3"), (660, "0.9")].enumerated() {
      let wav = folder.appendingPathComponent("\(index).wav").path
      let mp3 = folder.appendingPathComponent("\(index + 1).mp3").path
      #expect(try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", wav, "synth", seconds, "sine", "\(frequency)"]) == 0)
      #expect(try run("/usr/bin/lame", ["--quiet", wav, mp3]) == 0)
      paths.append(mp3)
    }
    let expected = folder.appendingPathComponent("expected.raw")
    #expect(try run("/usr/bin/mpg123", ["-q", "-s"] + paths, stdout: expected) == 0)

    let output = folder.appendingPathComponent("out.raw").path
    let sink = PacedSink(ALSASink(device: "file:'\(output)',raw"), mode: .max)
    let player = Player(sink: sink, decoders: DecoderFactory())
    try await player.add(paths.map { Song(path: $0, title: $0, artist: "tone") })
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    await player.shutdown()
    let written = try Data(contentsOf: URL(fileURLWithPath: output))
    let reference = try Data(contentsOf: expected)
    #expect(written.count == reference.count)
    #expect(written == reference)
  }
}
