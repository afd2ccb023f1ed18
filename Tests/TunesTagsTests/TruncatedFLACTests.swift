// A FLAC cut short (a download or copy that stopped) keeps its STREAMINFO, whose sample count is the
// whole stream's. The library's length is what the file plays, as `flac -d` decodes it: a 2 s file cut
// in half was listed as 0:02 while it played under a second.
import Foundation
import Testing
import TunesCore

@testable import TunesTags

/// The samples `flac -d` decodes from `path`, through the errors at a cut end.
func flacDecodedSamples(_ path: String, channels: Int) throws -> Int {
  let result = try ChildProcess.run(
    "/usr/bin/flac", ["-d", "-c", "-F", "--force-raw-format", "--endian=little", "--sign=signed", path])
  return result.stdout.count / (2 * channels)
}

@Suite struct TruncatedFLACTests {
  /// Cuts of a 2 s stereo FLAC: at a third, at half, and in its last frame.
  @Test(arguments: [3, 2, 0]) func theLengthOfACutFileIsWhatFlacDecodes(cut: Int) throws {
    let folder = try makeTemporaryFolder("flac-cut")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let whole = folder + "/whole.flac"
    _ = try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", whole, "synth", "2", "sine", "440"])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = folder + "/cut.flac"
    try bytes.prefix(cut == 0 ? bytes.count - 100 : bytes.count / cut).write(to: URL(fileURLWithPath: path))

    let decoded = try flacDecodedSamples(path, channels: 2)
    #expect(decoded < 2 * 44100)
    let metadata = try TagReader.read(path: path)
    #expect(metadata.audio.sampleCount == decoded, "flac -d decodes \(decoded) samples")
    #expect(abs(metadata.audio.durationMs - decoded * 1000 / 44100) <= 1)
    #expect(metadata.warnings.contains { $0.contains("cut short") }, "\(metadata.warnings)")
    // The whole file still trusts its STREAMINFO.
    let full = try TagReader.read(path: whole)
    #expect(full.audio.sampleCount == 2 * 44100 && full.audio.lengthSource == "STREAMINFO")
    #expect(try flacDecodedSamples(whole, channels: 2) == 2 * 44100)
  }
}
