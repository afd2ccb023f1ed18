// ReplayGainTagWriter on MP4 files against mutagen and ffmpeg: the freeform items rsgain writes read back
// through mutagen.mp4, the other items stay, earlier gain items (in any case) are replaced rather than
// doubled, and the audio decodes to the same samples whether moov comes after the media data or before it
// (where every chunk offset moves with moov); a damaged file is refused on one line naming the atom, and
// left as it was.
import Foundation
import Testing
import TunesTestSupport

@testable import TunesTags

@Suite struct MP4ReplayGainWriteTests {
  /// mutagen.mp4's freeform items and title: "NAME=value" lines, sorted.
  static func mutagen(_ path: String) throws -> [String] {
    let script = """
      import sys
      from mutagen.mp4 import MP4
      f = MP4(sys.argv[1])
      lines = []
      for key, values in f.tags.items():
          if key.startswith("----:"):
              lines += [key + "=" + bytes(v).decode("utf-8") for v in values]
          elif key == "\\xa9nam":
              lines += ["TITLE=" + v for v in values]
      print("\\n".join(sorted(lines)))
      """
    let out = try Fixtures.run("/usr/bin/python3", ["-c", script, path])
    return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The decoded audio's MD5, as ffmpeg computes it.
  static func audioMD5(_ path: String) throws -> String {
    String(
      decoding: try Fixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-f", "md5", "-"]), as: UTF8.self)
  }

  static func make(_ folder: String, codec: String, faststart: Bool) throws -> String {
    let wav = folder + "/s.wav"
    try Fixtures.run(
      "/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "440", "pinknoise", "vol", "0.4"])
    let path = folder + "/song.m4a"
    try Fixtures.run(
      "/usr/bin/ffmpeg",
      ["-v", "error", "-y", "-i", wav, "-c:a", codec, "-metadata", "title=Title"]
        + (faststart ? ["-movflags", "+faststart"] : [])
        + [path])
    return path
  }

  static let gainItems = [
    "----:com.apple.iTunes:REPLAYGAIN_ALBUM_GAIN=-8.69 dB", "----:com.apple.iTunes:REPLAYGAIN_ALBUM_PEAK=0.766368",
    "----:com.apple.iTunes:REPLAYGAIN_TRACK_GAIN=-8.72 dB", "----:com.apple.iTunes:REPLAYGAIN_TRACK_PEAK=0.500466",
  ]

  @Test(arguments: [("aac", false), ("aac", true), ("alac", false), ("alac", true)])
  func writtenItemsReadBackThroughMutagenAndTheAudioIsUntouched(codec: String, faststart: Bool) throws {
    let folder = try ReplayGainWriteTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try Self.make(folder, codec: codec, faststart: faststart)
    let audio = try Self.audioMD5(path)
    try ReplayGainTagWriter.write(ReplayGainWriteTests.values, to: path)
    #expect(try Self.mutagen(path) == Self.gainItems + ["TITLE=Title"])
    #expect(try Self.audioMD5(path) == audio)
    // tunes' own reader finds them too.
    let read = try TagReader.read(path: path)
    #expect(read.tags.replayGain.trackGain == -8.72 && read.tags.replayGain.albumPeak == 0.766368)
    // Written again, with no album values this time: replaced, not doubled, and the album items go.
    try ReplayGainTagWriter.write(ReplayGainValues(trackGain: 1.5, trackPeak: 0.25), to: path)
    #expect(
      try Self.mutagen(path) == [
        "----:com.apple.iTunes:REPLAYGAIN_TRACK_GAIN=1.50 dB", "----:com.apple.iTunes:REPLAYGAIN_TRACK_PEAK=0.250000",
        "TITLE=Title",
      ])
    #expect(try Self.audioMD5(path) == audio)
  }

  @Test func anEarlierLowerCaseGainItemIsReplaced() throws {
    let folder = try ReplayGainWriteTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try Self.make(folder, codec: "aac", faststart: true)
    let script = """
      import sys
      from mutagen.mp4 import MP4, MP4FreeForm
      f = MP4(sys.argv[1])
      f["----:com.apple.iTunes:replaygain_track_gain"] = [MP4FreeForm(b"+3.00 dB")]
      f.save()
      """
    try Fixtures.run("/usr/bin/python3", ["-c", script, path])
    let audio = try Self.audioMD5(path)
    try ReplayGainTagWriter.write(ReplayGainWriteTests.values, to: path)
    #expect(try Self.mutagen(path) == Self.gainItems + ["TITLE=Title"])
    #expect(try Self.audioMD5(path) == audio)
  }

  @Test func aDamagedMP4IsRefusedNamingTheAtomAndLeftAsItWas() throws {
    let folder = try ReplayGainWriteTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try Self.make(folder, codec: "alac", faststart: true)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // moov's size made to run past the end of the file.
    let moovType = Array("moov".utf8)
    let found: Int? = (0..<bytes.count - 8).first { Array(bytes[$0 + 4..<$0 + 8]) == moovType }
    let moov = try #require(found)
    bytes[moov] = 0x7F
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var message = ""
    do {
      try ReplayGainTagWriter.write(ReplayGainWriteTests.values, to: path)
    } catch {
      message = error.description
    }
    #expect(message.hasPrefix(path + ": tags not written: atom 'moov' at byte \(moov)"), "\(message)")
    #expect(!message.contains("\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["s.wav", "song.m4a"])
  }
}
