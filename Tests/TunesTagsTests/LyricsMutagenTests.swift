// Lyrics as tunes reads them and as mutagen reads them, side by side on files mutagen wrote in a temporary
// folder: ID3v2 SYLT in each text encoding and tag version, timed in milliseconds and in MPEG frames (on
// MPEG-1 and MPEG-2 streams, and before FLAC audio, which has no frames to count), after a chord track,
// beside USLT; the Vorbis comments' LYRICS and UNSYNCEDLYRICS in FLAC, Ogg FLAC, Ogg Vorbis and Opus; MP4's
// ©lyr. Tests/Fixtures/mutagen-lyrics.py writes each file and prints mutagen's reading in the model's terms.

import Foundation
import Testing

@testable import TunesTags

@Suite struct LyricsMutagenTests {
  static let script = FormatFiles.fixture("mutagen-lyrics.py")

  /// One file: the audio it starts from, what mutagen writes into it, and which fields it must end with
  /// (so that two empty readings never pass for agreement).
  struct Case {
    enum Audio {
      /// MPEG-1 Layer III at 44.1 kHz (1152 samples a frame) or MPEG-2 Layer III at 24 kHz (576).
      case mpeg1, mpeg2
      /// A copy of one of FormatFiles' files.
      case copy(String)
    }

    var name: String
    var audio: Audio
    /// The JSON spec of the script's write mode, without the file; empty to keep the file as it is.
    var spec: String
    var lyrics = false
    var synced = false
  }

  static var cases: [Case] {
    [
      Case(
        name: "ms-utf8-v24.mp3", audio: .mpeg1,
        spec: #"""
          {"id3": 4, "frames": [["USLT", 3, "Plain words\nsecond line"],
           ["SYLT", 3, 2, 1, "", [["Zweite ♪", 4500], ["Erste", 1200], ["\nDritte", 9000], ["Erste bis", 1200]]]]}
          """#, lyrics: true, synced: true),
      Case(
        name: "frames-utf16-v23.mp3", audio: .mpeg1,
        spec: #"{"id3": 3, "frames": [["SYLT", 1, 1, 1, "", [["Eins", 38], ["Null", 0], ["Zwei ♪", 100], ["", 150]]]]}"#,
        synced: true),
      Case(
        name: "frames-utf16be-mpeg2.mp3", audio: .mpeg2,
        spec: #"""
          {"id3": 4, "frames": [["SYLT", 3, 2, 5, "chords", [["Am", 5], ["F", 900]]],
           ["SYLT", 2, 1, 1, "", [["eins", 10], ["zwei", 77], ["drei", 39]]]]}
          """#, synced: true),
      Case(
        name: "ms-latin1-v23.mp3", audio: .mpeg1,
        spec: #"{"id3": 3, "frames": [["SYLT", 0, 2, 2, "Grüße", [["Grüße", 300], ["\r\nzwei", 300], ["drei", 20]]]]}"#,
        synced: true),
      Case(
        name: "frames-before.flac", audio: .copy("id3-front.flac"),
        spec: #"{"id3": 4, "frames": [["SYLT", 3, 1, 1, "", [["never", 10]]]]}"#),
      Case(
        name: "ms-before.flac", audio: .copy("id3-front.flac"),
        spec: #"{"id3": 4, "frames": [["USLT", 3, "from ID3"], ["SYLT", 3, 2, 1, "", [["timed", 250], ["first", 20]]]]}"#,
        lyrics: true, synced: true),
      // As make-format-files.py wrote it: a LAME stream, its Info frame counted.
      Case(name: "synced.mp3", audio: .copy("synced.mp3"), spec: "", lyrics: true, synced: true),
      Case(
        name: "lyrics.ogg", audio: .copy("tagged.ogg"),
        spec: #"{"comments": [["LYRICS", "Erste Zeile\nZweite Zeile ♪\n"]]}"#, lyrics: true),
      Case(
        name: "unsynced.opus", audio: .copy("tagged.opus"),
        spec: #"{"comments": [["LYRICS", " \n "], ["UNSYNCEDLYRICS", "[00:01.00]Eins\r\n[00:02.50]Zwei"]]}"#,
        lyrics: true),
      Case(
        name: "lyrics.flac", audio: .copy("tagged.flac"),
        spec: #"{"comments": [["unsyncedlyrics", "flac words"], ["LYRICS", "second"]]}"#, lyrics: true),
      Case(
        name: "lyrics.oga", audio: .copy("tagged.oga"), spec: #"{"comments": [["LYRICS", "Ogg FLAC words"]]}"#,
        lyrics: true),
      Case(
        name: "lyrics.m4a", audio: .copy("tagged.m4a"),
        spec: #"{"lyr": ["\nÜber alles\r\nzwei\n", "second value"]}"#, lyrics: true),
    ]
  }

  @Test func lyricsReadAsMutagenReadsThem() throws {
    let folder = try makeTemporaryFolder("lyrics-mutagen")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = try FormatFiles.shared.get()
    var paths: [String] = []
    for item in Self.cases {
      let path = folder + "/" + item.name
      switch item.audio {
      case .mpeg1: try Data(frames(FrameSpec(), length: 417, count: 20)).write(to: URL(fileURLWithPath: path))
      case .mpeg2:
        let spec = FrameSpec(versionBits: 2, bitrateIndex: 8, rateIndex: 1)
        try Data(frames(spec, length: 192, count: 40)).write(to: URL(fileURLWithPath: path))
      case .copy(let name): try FileManager.default.copyItem(atPath: files.path(name), toPath: path)
      }
      if !item.spec.isEmpty { try write(item.spec, into: path) }
      paths.append(path)
    }
    let lines = String(decoding: try run("/usr/bin/python3", [Self.script, "read"] + paths), as: UTF8.self)
      .split(separator: "\n")
    try #require(lines.count == paths.count)
    for (item, (path, line)) in zip(Self.cases, zip(paths, lines)) {
      let expected = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let theirLyrics = expected["lyrics"] as? String
      let theirSynced = (expected["syncedLyrics"] as? [[Any]])?.map {
        TimedLyric(milliseconds: $0[0] as! Int, text: $0[1] as! String)
      }
      #expect((theirLyrics != nil) == item.lyrics, "\(item.name): mutagen's lyrics \(String(describing: theirLyrics))")
      #expect((theirSynced != nil) == item.synced, "\(item.name): mutagen's synced lyrics \(String(describing: theirSynced))")
      let read = try TagReader.read(path: path)
      #expect(read.tags.lyrics == theirLyrics, "\(item.name): lyrics")
      #expect(read.tags.syncedLyrics == theirSynced, "\(item.name): synced lyrics")
    }
  }

  @Test func frameTimesBeforeFLACAreRefusedWithAWarning() throws {
    let folder = try makeTemporaryFolder("lyrics-flac-frames")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/song.flac"
    try FileManager.default.copyItem(atPath: try FormatFiles.shared.get().path("id3-front.flac"), toPath: path)
    try write(#"{"id3": 3, "frames": [["SYLT", 1, 1, 1, "", [["a", 5], ["b", 50]]]]}"#, into: path)
    let read = try TagReader.read(path: path)
    #expect(read.tags.syncedLyrics == nil)
    #expect(read.warnings.contains { $0.contains("timed in MPEG frames, which FLAC audio has none of") }, "\(read.warnings)")
  }

  /// Has the script write what `spec` names into the file at `path`.
  private func write(_ spec: String, into path: String) throws {
    var object = try #require(try JSONSerialization.jsonObject(with: Data(spec.utf8)) as? [String: Any])
    object["file"] = path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path + ".json"))
    try run("/usr/bin/python3", [Self.script, "write", path + ".json"])
  }
}
