// FLAC, Ogg Vorbis, Opus and MP4 files for the tests, made once per run by Tests/Fixtures/make-format-files.py
// (sox, flac, oggenc, opusenc, ffmpeg, mutagen), and the two references the reader is held to: mutagen's
// reading of the tags (Tests/Fixtures/mutagen-formats.py) and the reference decoders' sample counts.

import Foundation

struct FormatFiles: Sendable {
  let folder: String

  func path(_ name: String) -> String { folder + "/" + name }

  /// Made on first use and shared by every test (a failure is reported by each test that needs them).
  static let shared: Result<FormatFiles, Error> = Result {
    let files = FormatFiles(folder: try makeTemporaryFolder("formats"))
    try run("/usr/bin/python3", [fixture("make-format-files.py"), files.folder])
    return files
  }

  /// A script of Tests/Fixtures.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/" + name).path
  }

  /// mutagen's reading of the file, as Tests/Fixtures/mutagen-formats.py prints it.
  static func mutagen(_ path: String) throws -> [String: Any] {
    let data = try run("/usr/bin/python3", [fixture("mutagen-formats.py"), path])
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// Samples per channel the reference decoder outputs: flac -d, oggdec, opusdec (48 kHz), ffmpeg.
  static func decodedSamples(_ path: String, channels: Int) throws -> Int {
    let bytes: Data
    if path.hasSuffix(".flac") || path.hasSuffix(".oga") {
      // Raw output keeps the source's sample size; .oga here is always FLAC in Ogg.
      let raw = try run(
        "/usr/bin/flac",
        ["-d", "-s", "-c", "--force-raw-format", "--endian=little", "--sign=signed"] + (path.hasSuffix(".oga") ? ["--ogg"] : [])
          + [path])
      let info = try mutagen(path)
      return raw.count / (channels * ((info["bitsPerSample"] as? Int ?? 16) / 8))
    } else if path.hasSuffix(".ogg") {
      bytes = try run("/usr/bin/oggdec", ["-Q", "-R", "-o", "-", path])
    } else if path.hasSuffix(".opus") {
      bytes = try run("/usr/bin/opusdec", ["--quiet", "--rate", "48000", path, "-"])
    } else {
      bytes = try run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-f", "s16le", "-"])
    }
    return bytes.count / (2 * channels)
  }
}
