// The length the indexer stores for an AAC file whose gapless information is the `iTunSMPB` tag alone
// (no edit list) is the number of samples the decoder outputs: `tunes-decode`, the decoder's harness,
// plays the file and its PCM is counted. (The PCM itself is checked against ffmpeg in the decoder's
// MP4GaplessTests.)
import Foundation
import Testing
import TunesTestSupport

@testable import TunesLibrary

@Suite(.enabled(if: FormatFixtures.toolsPresent && FileManager.default.fileExists(atPath: "/usr/bin/python3")))
struct MP4GaplessIndexTests {
  /// A harness built next to the test bundle.
  func harness(_ name: String) -> String? {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = folder.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  func hex(_ value: Int, _ width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  @Test func theIndexedLengthIsWhatTheDecoderPlays() throws {
    let temp = try TempLibrary()
    let wav = temp.root + "/tone.wav"
    _ = try Fixtures.run(
      "/usr/bin/sox",
      ["-n", "-r", "44100", "-b", "16", "-c", "2", wav, "synth", "1.5", "sine", "440", "sine", "620", "vol", "0.5"])
    let file = temp.music + "/gapless.m4a"
    _ = try Fixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-use_editlist", "0", file])
    // Everything the encoder wrote: 1024 samples of priming, the 66,150 of the source, then padding.
    let coded = try FormatFixtures.ffmpegReference(file).count / 4
    let padding = coded - 1024 - 66150
    let smpb = " 00000000 \(hex(1024, 8)) \(hex(padding, 8)) \(hex(66150, 16)) 00000000"
    _ = try Fixtures.run(
      "/usr/bin/python3",
      [
        "-c",
        "import sys; from mutagen.mp4 import MP4, MP4FreeForm; f = MP4(sys.argv[1]); "
          + "f['----:com.apple.iTunes:iTunSMPB'] = [MP4FreeForm(sys.argv[2].encode())]; f.save()",
        file, smpb,
      ])

    let report = try temp.library.index(paths: [file], options: IndexingOptions())
    #expect(report.errors.isEmpty, "\(report.errors)")
    let song = try #require(try temp.library.song(path: file))
    let tool = try #require(harness("tunes-decode"), "tunes-decode is built next to the tests")
    let decoded = try ChildProcess.run(tool, [file])
    #expect(decoded.status == 0, "\(decoded.errors)")
    let frames = decoded.stdout.count / 4
    #expect(frames == 66150)
    #expect(song.durationMs == Int((Double(frames) * 1000 / 44100).rounded()))
  }
}
