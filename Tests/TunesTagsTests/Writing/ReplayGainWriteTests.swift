// ReplayGainTagWriter against mutagen and the reference decoders: what it writes into FLAC (also behind
// an ID3v2 tag), Ogg Vorbis, Opus and MP3 files (ID3v2 TXXX frames, with or without a tag before) reads
// back through mutagen as rsgain writes it, the other tags stay, the audio decodes to the same samples,
// old gain fields are replaced rather than doubled. MP4 files: MP4ReplayGainWriteTests.
import Foundation
import Testing
import TunesTestSupport

@testable import TunesTags

@Suite struct ReplayGainWriteTests {
  static func folder() throws -> String {
    let folder = NSTemporaryDirectory() + "tunes-rg-write-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// mutagen's view of the file's tags: "NAME=value" lines, names upper-cased, sorted.
  static func mutagen(_ path: String) throws -> [String] {
    let script = """
      import sys, mutagen
      f = mutagen.File(sys.argv[1])
      def name(key):
          key = key.upper()
          key = key[5:] if key.startswith("TXXX:") else key
          return "TITLE" if key == "TIT2" else key
      if hasattr(f.tags, "getall"):
          pairs = [(name(frame.HashKey), str(text)) for frame in f.tags.values() for text in frame.text]
      else:
          pairs = [(name(k), str(v)) for k, vs in f.tags.items() for v in (vs if isinstance(vs, list) else [vs])]
      for key, value in sorted(pairs):
          print(key + "=" + value)
      """
    let out = try Fixtures.run("/usr/bin/python3", ["-c", script, path])
    return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func decoded(_ path: String, with tool: [String]) throws -> Data {
    try Fixtures.run(tool[0], Array(tool.dropFirst()) + [path])
  }

  static let values = ReplayGainValues(trackGain: -8.72, trackPeak: 0.500466, albumGain: -8.69, albumPeak: 0.766368)

  @Test(arguments: ["flac", "ogg", "opus", "id3.flac", "mp3", "tagged.mp3"])
  func writtenTagsReadBackThroughMutagenAndTheAudioIsUntouched(kind: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/s.wav"
    try Fixtures.run(
      "/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "440", "pinknoise", "vol", "0.4"])
    let path = folder + "/song." + kind
    let decoder: [String]
    switch kind {
    case "ogg":
      try Fixtures.run("/usr/bin/oggenc", ["-Q", "-t", "Title", "-c", "REPLAYGAIN_TRACK_GAIN=+1.00 dB", "-o", path, wav])
      decoder = ["/usr/bin/oggdec", "-Q", "-R", "-o", "-"]
    case "mp3":
      try Fixtures.run("/usr/bin/lame", ["--quiet", wav, path])
      decoder = ["/usr/bin/mpg123", "-q", "-s"]
    case "tagged.mp3":
      // lame writes an ID3v2.3 tag; an old gain frame must be replaced, the title kept.
      try Fixtures.run("/usr/bin/lame", ["--quiet", "--tt", "Title", "--tv", "TXXX=REPLAYGAIN_TRACK_GAIN=+1.00 dB", wav, path])
      decoder = ["/usr/bin/mpg123", "-q", "-s"]
    case "opus":
      try Fixtures.run("/usr/bin/opusenc", ["--quiet", "--title", "Title", "--comment", "R128_TRACK_GAIN=100", wav, path])
      decoder = ["/usr/bin/opusdec", "--quiet", "--no-dither", "--rate", "48000"]
    default:
      try Fixtures.run(
        "/usr/bin/flac", ["-s", "-f", "-T", "TITLE=Title", "-T", "replaygain_track_gain=+1.00 dB", "-o", path, wav])
      if kind == "id3.flac" {
        let flac = try Data(contentsOf: URL(fileURLWithPath: path))
        // An ID3v2.3 tag of 20 bytes of padding in front, as some taggers leave.
        let id3 = Data(Array("ID3".utf8) + [3, 0, 0] + syncsafe(20) + [UInt8](repeating: 0, count: 20))
        try (id3 + flac).write(to: URL(fileURLWithPath: path))
      }
      decoder = ["/usr/bin/flac", "-d", "-s", "-c", "--force-raw-format", "--endian=little", "--sign=signed"]
    }
    // opusdec writes to a named output: "-" is stdout, after the input.
    let decode = { (file: String) throws -> Data in
      kind == "opus"
        ? try Fixtures.run(decoder[0], Array(decoder.dropFirst()) + [file, "-"]) : try Self.decoded(file, with: decoder)
    }
    let before = try decode(path)

    try ReplayGainTagWriter.write(Self.values, to: path)
    try ReplayGainTagWriter.write(Self.values, to: path)  // twice: replaced, not doubled

    #expect(try decode(path) == before, "the audio changed")
    let tags = try Self.mutagen(path)
    #expect(tags.filter { $0.hasPrefix("TITLE=") } == (kind == "mp3" ? [] : ["TITLE=Title"]), "\(tags)")
    if kind == "opus" {
      // −8.72 dB against −18 LUFS is −13.72 dB against −23, −3512.32 in 1/256 dB; −8.69 is −3504.64.
      #expect(tags.filter { $0.hasPrefix("R128_") } == ["R128_ALBUM_GAIN=-3505", "R128_TRACK_GAIN=-3512"], "\(tags)")
      #expect(!tags.contains { $0.hasPrefix("REPLAYGAIN_") }, "\(tags)")
    } else {
      #expect(
        tags.filter { $0.hasPrefix("REPLAYGAIN_") } == [
          "REPLAYGAIN_ALBUM_GAIN=-8.69 dB", "REPLAYGAIN_ALBUM_PEAK=0.766368", "REPLAYGAIN_TRACK_GAIN=-8.72 dB",
          "REPLAYGAIN_TRACK_PEAK=0.500466",
        ], "\(tags)")
    }
    if kind.hasSuffix("flac") {
      #expect(try Fixtures.run("/usr/bin/flac", ["-t", "-s", path]).isEmpty)
    }
    // Nothing left beside the file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["s.wav", "song." + kind])
  }

  @Test func aSongWithoutAlbumValuesLosesItsOldAlbumTags() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/s.wav"
    try Fixtures.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "1", "sine", "440"])
    let path = folder + "/song.flac"
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-T", "REPLAYGAIN_ALBUM_GAIN=+3.00 dB", "-o", path, wav])
    try ReplayGainTagWriter.write(ReplayGainValues(trackGain: 1.5, trackPeak: 0.25), to: path)
    #expect(try Self.mutagen(path) == ["REPLAYGAIN_TRACK_GAIN=1.50 dB", "REPLAYGAIN_TRACK_PEAK=0.250000"])
  }

  @Test func anOggFLACIsRefusedSayingSoAndLeftAsItWas() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/s.wav"
    try Fixtures.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "1", "sine", "440"])
    let path = folder + "/song.oga"
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "--ogg", "-T", "TITLE=Title", "-o", path, wav])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: TagWriteError.unsupported(path: path, format: "Ogg FLAC")) {
      try ReplayGainTagWriter.write(Self.values, to: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
