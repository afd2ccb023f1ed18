// A FLAC cut short keeps its STREAMINFO, whose sample count is the whole stream's. The decoder's length
// is what the file plays, as `flac -d` decodes it and as the library's is: the player showed 0:02 and
// timed the listen rule on 2 s for a file that ended after under a second.
import Foundation
import Testing
import TunesCore

@testable import TunesDecoder

@Suite struct TruncatedFLACTests {
  @Test(arguments: [3, 2, 0]) func theLengthOfACutFileIsWhatItPlays(cut: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-flac-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = folder.appendingPathComponent("whole.flac").path
    let sox = try ChildProcess.run(
      "/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", whole, "synth", "2", "sine", "440"])
    try #require(sox.status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cutPath = folder.appendingPathComponent("cut.flac").path
    try bytes.prefix(cut == 0 ? bytes.count - 100 : bytes.count / cut).write(to: URL(fileURLWithPath: cutPath))

    let flac = try ChildProcess.run(
      "/usr/bin/flac", ["-d", "-c", "-F", "--force-raw-format", "--endian=little", "--sign=signed", cutPath])
    let expected = flac.stdout.count / 4
    #expect(expected < 2 * 44100)
    let decoder = try FLACDecoder(path: cutPath)
    #expect(decoder.totalFrames == expected, "flac -d decodes \(expected) samples")
    let played = try decodeRest(decoder).count / decoder.format.bytesPerFrame
    #expect(played == expected)
    // The whole file still trusts its STREAMINFO.
    #expect(try FLACDecoder(path: whole).totalFrames == 2 * 44100)
  }
}
