// tunes' ID3v2 reading compared field by field with mutagen's on the same files: tags built byte by byte here
// (ID3v2.2, 2.3 and 2.4, every field of the model) and tags written by mutagen itself, each read by
// TagReader and by Tests/Fixtures/mutagen-tags.py, which maps mutagen's frames to the model. The
// deliberate differences (Docs/Tags.md) are left out here and tested in ID3v2ModelTests.

import Foundation
import Testing

@testable import TunesTags

@Suite struct MutagenComparisonTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/mutagen-tags.py").path
  static let audio = frames(FrameSpec(), length: 417, count: 20)

  static let recording = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
  static let release = "F5093C06-23E3-404F-AEAA-40F72885EE3A"
  static let group = "{0e8a0b8e-91e3-4a8e-b6ad-f6e8c7b1d4a2}"
  static let artist1 = "b10bbbfccf9e42e0be17e2c3e1d2600d"
  static let artist2 = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"

  /// ID3v2.4 with every field, UTF-8, several values wherever the model keeps a list.
  static let fullV24 = ID3v2Builder(
    version: 4,
    [
      .text("TIT2", ["Title"], .utf8), .text("TPE1", ["Anna", "Ben"], .utf8), .text("TPE2", ["Various Artists"], .utf8),
      .text("TALB", ["Straße"], .utf8), .text("TSOT", ["Title, The"], .utf8), .text("TSOP", ["Anna; Ben"], .utf8),
      .text("TSOA", ["Strasse"], .utf8), .text("TSO2", ["Various"], .utf8), .text("TSOC", ["Bach, J.S."], .utf8),
      .text("TCOM", ["J.S. Bach", "C.P.E. Bach"], .utf8), .text("TPE3", ["Karajan"], .utf8),
      .text("TEXT", ["Lyra", "Lyle"], .utf8), .text("TPUB", ["Label A", "Label B"], .utf8),
      .text("TMCL", ["guitar", "Gus", "vocals", "Vera"], .utf8),
      .text("TIPL", ["producer", "Pete", "arranger", "Arnie", "bass", "Bo"], .utf8),
      .text("TIT1", ["Evening"], .utf8), .txxx("WORK", ["Mass in B minor"], .utf8), .text("MVNM", ["Kyrie"], .utf8),
      .text("MVIN", ["2/4"], .utf8), .text("TCON", ["Rock", "(13)", "17", "Electronic"], .utf8),
      .text("TDRC", ["2001-05-14T10:00"], .utf8), .text("TDOR", ["1999-03"], .utf8), .text("TRCK", ["3/12"], .utf8),
      .text("TPOS", ["1/2"], .utf8), .text("TSST", ["The First Disc"], .utf8), .txxx("CATALOGNUMBER", ["CAT-001"], .utf8),
      .txxx("BARCODE", ["0123456789012"], .utf8), .text("TSRC", ["USRC17607839"], .utf8),
      .comment("", "Nice one", .utf8), .lyrics("", "La la la\nla", .utf8), .text("TCMP", ["1"], .utf8),
      .text("TBPM", ["128"], .utf8), .ufid("http://musicbrainz.org", recording),
      .txxx("MusicBrainz Album Id", [release], .utf8), .txxx("MusicBrainz Release Group Id", [group], .utf8),
      .txxx("MusicBrainz Artist Id", [artist1, artist2], .utf8),
      .txxx("MusicBrainz Album Artist Id", ["89ad4ac3-39f7-470e-963a-56509c546377"], .utf8),
      .txxx("MusicBrainz Release Track Id", ["7A5D6E2C-2F1B-4C7E-9E3D-1B2A3C4D5E6F"], .utf8),
      .txxx("MusicBrainz Work Id", ["1a2b3c4d-1a2b-3c4d-5e6f-1a2b3c4d5e6f", "not-an-id"], .utf8),
      .txxx("REPLAYGAIN_TRACK_GAIN", ["-6.50 dB"], .utf8), .txxx("REPLAYGAIN_TRACK_PEAK", ["0.988235"], .utf8),
      .txxx("replaygain_album_gain", ["-7.1 dB"]), .txxx("ReplayGain_Album_Peak", ["1.000000"]),
      .txxx("MIXRAMP_START", ["-20 0.1;-15 0.3"]), .txxx("MIXRAMP_END", ["-20 4.5;-15 4.2"]),
    ])

  /// ID3v2.3 as Picard writes it in iTunes-compatible mode, UTF-16: "/" inside an artist is text, the date
  /// comes from TYER and TDAT, the work from TIT1 beside GRP1, credits in IPLS, TXXX:ARTISTS ("/" between names) beside a
  /// display TPE1.
  static let picardV23 = ID3v2Builder(
    version: 3,
    [
      .text("TIT2", ["Highway to Hell"], .utf16LE), .text("TPE1", ["AC/DC feat. Bon"], .utf16LE),
      .txxx("ARTISTS", ["Angus Young/Bon Scott"], .utf16LE), .text("TPE2", ["AC/DC"], .utf16LE),
      .text("TALB", ["Highway"], .utf16LE), .text("TYER", ["1979"], .utf16LE), .text("TDAT", ["2707"], .utf16LE),
      .text("TORY", ["1978"], .utf16LE), .text("TIT1", ["Symphony No. 5"], .utf16LE),
      .text("GRP1", ["Rock Classics"], .utf16LE), .text("TIT3", ["Live disc"], .utf16LE),
      .text("IPLS", ["producer", "Mutt", "drums", "Phil", "engineer", "Tony"], .utf16LE),
      .text("TCON", ["(17)Hard Rock"], .utf16LE), .text("TRCK", ["1"], .utf16LE), .text("TPOS", ["2/2"], .utf16LE),
      .text("TCMP", ["0"], .utf16LE), .text("TBPM", ["116"], .utf16LE),
      .comment("iTunNORM", " 00000A2B 00000B3C", .utf16LE), .comment("Note", "Second comment", .utf16LE),
      .txxx("MusicBrainz Track Id", ["{5B11F4CE-A62D-471E-81FC-A69A8278C7DA}"], .utf16LE),
      .txxx("MusicBrainz Artist Id", ["\(artist1)/\(artist2)"], .utf16LE),
    ])

  /// ID3v2.4 ReplayGain from RVA2 only, the release date alone, repeated frames merging, a TIPL composer
  /// standing in for a missing TCOM.
  static let rva2V24 = ID3v2Builder(
    version: 4,
    [
      .text("TPE1", ["Solo"], .utf8), .text("TPE1", ["Duo", "Solo"], .utf8), .text("TIT2", ["Quiet"], .utf8),
      .rva2("track", gain: -3.5, peakBits: 16, peak: [0x7E, 0x00]),
      .rva2("ALBUM", gain: 2.25, peakBits: 16, peak: [0x40, 0x00]),
      .rva2("track", channel: 2, gain: 9, peakBits: 0, peak: []),
      .text("TDRL", ["2010-02"], .utf8), .text("TIPL", ["composer", "Clara", "mix", "Moe"], .utf8),
      .txxx("MusicBrainz Artist Id", [artist2], .utf8), .txxx("musicbrainz artist id", [artist1], .utf8),
      .lyrics("first", "Verse one", .utf8), .lyrics("second", "Verse two", .utf8),
    ])

  /// ID3v2.2 with its three-letter ids, iTunes' among them.
  static let itunesV22 = ID3v2Builder(
    version: 2,
    [
      .text("TT2", ["Old Song"]), .text("TP1", ["Old Artist"]), .text("TAL", ["Old Album"]),
      .text("TT1", ["Old Group"]), .text("TCM", ["Old Composer"]), .text("TXT", ["Old Lyricist"]),
      .text("TST", ["Song, Old"]), .text("TSP", ["Artist, Old"]), .text("TSA", ["Album, Old"]),
      .text("TS2", ["Album Artist, Old"]), .text("TSC", ["Composer, Old"]), .text("TPB", ["Old Label"]),
      .text("TRC", ["GBAYE0000351"]), .text("TBP", ["90"]), .text("TCP", ["1"]), .text("GP1", ["Old Grouping"]),
      .text("MVN", ["Adagio"]), .text("MVI", ["1/3"]), .text("TYE", ["1987"]), .text("TDA", ["0103"]),
      .text("TOR", ["1985"]), .text("TCO", ["(8)"]), .text("TRK", ["5/10"]), .text("TPA", ["1"]),
      .lyrics("", "Old words", id: "ULT"), .comment("", "Old comment", id: "COM"),
      .txxx("BARCODE", ["5012345678900"], id: "TXX"), .ufid("http://musicbrainz.org", recording, id: "UFI"),
    ])

  /// Tags mutagen writes itself, as JSON specs for the script's --write mode.
  static let mutagenSpecs: [String] = [
    """
    {"version": 4, "frames": [["TIT2", ["Written"]], ["TPE1", ["Anna", "Ben", "Cleo"]], ["TCON", ["Jazz", "Blues"]],
     ["TCOM", ["X", "Y"]], ["TDRC", ["2004-07"]], ["TDOR", ["1960"]], ["TSOP", ["Anna"]], ["TSO2", ["Various"]],
     ["TMCL", [["piano", "Pia"], ["cello", "Cel"]]], ["TIPL", [["producer", "Pro"], ["lyricist", "Lee"]]],
     ["TXXX", "MusicBrainz Album Id", ["F5093C06-23E3-404F-AEAA-40F72885EE3A"]],
     ["TXXX", "REPLAYGAIN_TRACK_GAIN", ["+1.25 dB"]], ["RVA2", "album", -4.5, 0.5],
     ["UFID", "http://musicbrainz.org", "5b11f4ce-a62d-471e-81fc-a69a8278c7da"], ["USLT", "", "Words"],
     ["COMM", "", ["Said"]], ["MVNM", ["Presto"]], ["MVIN", ["3/3"]], ["GRP1", ["Group"]], ["TIT1", ["A Work"]]]}
    """,
    """
    {"version": 3, "frames": [["TIT2", ["Written 3"]], ["TPE1", ["Anna", "Ben"]], ["TCON", ["Jazz", "Blues"]],
     ["TDRC", ["2004-07-09"]], ["TDOR", ["1960-01-02"]], ["TPUB", ["L1", "L2"]], ["TSST", ["Disc sub"]],
     ["TMCL", [["piano", "Pia"]]], ["TIPL", [["producer", "Pro"]]], ["TXXX", "CATALOGNUMBER", ["CAT 9"]]]}
    """,
    """
    {"version": 3, "v23_sep": null, "frames": [["TPE1", ["Anna", "Ben"]], ["TCOM", ["X", "Y"]], ["TYER", ["1999"]]]}
    """,
  ]

  @Test func builtTagsReadAsMutagenReadsThem() throws {
    let folder = try makeTemporaryFolder("mutagen")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tags = [
      ("full-v24", Self.fullV24), ("picard-v23", Self.picardV23), ("rva2-v24", Self.rva2V24), ("itunes-v22", Self.itunesV22),
    ]
    var paths: [String] = []
    for (name, tag) in tags {
      let path = folder + "/\(name).mp3"
      try Data(tag.bytes() + Self.audio).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    try compare(paths)
  }

  @Test func mutagenWrittenTagsReadAsMutagenReadsThem() throws {
    let folder = try makeTemporaryFolder("mutagen-written")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let audio = folder + "/audio.mp3"
    try Data(Self.audio).write(to: URL(fileURLWithPath: audio))
    var paths: [String] = []
    for (k, spec) in Self.mutagenSpecs.enumerated() {
      var object = try JSONSerialization.jsonObject(with: Data(spec.utf8)) as! [String: Any]
      object["audio"] = audio
      let specPath = folder + "/spec\(k).json"
      try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: specPath))
      let path = folder + "/written\(k).mp3"
      try run("/usr/bin/python3", [Self.script, "--write", specPath, path])
      paths.append(path)
    }
    try compare(paths)
  }

  @Test func generatedLibraryWithEveryFieldReadsAsMutagenReadsIt() throws {
    let folder = try makeTemporaryFolder("generated")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let generator = URL(fileURLWithPath: Self.script).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Benchmarks/make-library.py").path
    try run(
      "/usr/bin/python3", [generator, "--count", "40", "--out", folder + "/lib", "--seed", "5", "--clips", "2", "--full-tags"])
    let files = FileManager.default.enumerator(atPath: folder + "/lib")!.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".mp3") }.sorted().map { folder + "/lib/" + $0 }
    #expect(files.count == 40)
    try compare(files)
  }

  /// Reads `paths` with tunes and with the script and compares every field of the model.
  private func compare(_ paths: [String]) throws {
    let output = String(decoding: try run("/usr/bin/python3", [Self.script] + paths), as: UTF8.self)
    let lines = output.split(separator: "\n")
    try #require(lines.count == paths.count)
    for (path, line) in zip(paths, lines) where line != "null" {
      let expected = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let tags = try TagReader.read(path: path).tags
      let actual =
        try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: Self.model(tags)))
        as! [String: Any]
      #expect(Set(expected.keys) == Set(actual.keys))
      for key in expected.keys.sorted() {
        let want = Self.canonical(expected[key])
        let got = Self.canonical(actual[key])
        #expect(got == want, "\((path as NSString).lastPathComponent) \(key): tunes \(got), mutagen \(want)")
      }
    }
  }

  /// The TagSet as the script prints it: the same keys, nil as JSON null.
  static func model(_ t: TagSet) -> [String: Any] {
    func v(_ x: Any?) -> Any { x ?? NSNull() }
    return [
      "title": v(t.title), "artist": v(t.artist), "artists": t.artists, "album": v(t.album),
      "albumArtist": v(t.albumArtist), "albumArtists": t.albumArtists, "titleSort": v(t.titleSort),
      "artistSort": v(t.artistSort), "albumSort": v(t.albumSort), "albumArtistSort": v(t.albumArtistSort),
      "composerSort": v(t.composerSort), "composers": t.composers, "performers": t.performers,
      "conductors": t.conductors, "ensemble": v(t.ensemble), "work": v(t.work), "movement": v(t.movement),
      "movementNumber": v(t.movementNumber), "movementTotal": v(t.movementTotal), "lyricists": t.lyricists,
      "genres": t.genres, "date": v(t.date), "originalDate": v(t.originalDate), "trackNumber": v(t.trackNumber),
      "trackTotal": v(t.trackTotal), "discNumber": v(t.discNumber), "discTotal": v(t.discTotal),
      "discSubtitle": v(t.discSubtitle), "grouping": v(t.grouping), "labels": t.labels,
      "catalogNumber": v(t.catalogNumber), "barcode": v(t.barcode), "isrc": v(t.isrc), "comment": v(t.comment),
      "lyrics": v(t.lyrics), "isCompilation": t.isCompilation, "bpm": v(t.bpm), "recordingMbid": v(t.recordingMbid),
      "releaseTrackMbid": v(t.releaseTrackMbid), "releaseMbid": v(t.releaseMbid),
      "releaseGroupMbid": v(t.releaseGroupMbid), "artistMbids": t.artistMbids,
      "albumArtistMbids": t.albumArtistMbids, "workMbids": t.workMbids,
      "replayGain": [
        "trackGain": v(t.replayGain.trackGain), "trackPeak": v(t.replayGain.trackPeak),
        "albumGain": v(t.replayGain.albumGain), "albumPeak": v(t.replayGain.albumPeak),
      ],
      "mixRampStart": v(t.mixRampStart), "mixRampEnd": v(t.mixRampEnd),
    ]
  }

  /// One text per JSON value, numbers to six decimals, so both sides' parses compare equal.
  static func canonical(_ value: Any?) -> String {
    switch value {
    case nil, is NSNull: return "null"
    case let s as String: return "\"\(s)\""
    case let a as [Any]: return "[" + a.map { canonical($0) }.joined(separator: ", ") + "]"
    case let d as [String: Any]: return "{" + d.keys.sorted().map { "\($0): \(canonical(d[$0]))" }.joined(separator: ", ") + "}"
    case let n as NSNumber: return String(format: "%.6f", n.doubleValue)
    default: return "\(value!)"
    }
  }
}
