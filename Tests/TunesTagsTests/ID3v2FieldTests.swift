// Which frames fill which fields, and how their values are interpreted: track and disc pairs, years,
// genres, compilations, comments, MusicBrainz ids, and ID3v2.2's three-letter frames.

import Testing

@testable import TunesTags

@Suite struct ID3v2FieldTests {
  func tags(_ version: UInt8, _ frames: [ID3Frame]) -> TagSet? {
    ID3v2Parser.parse(ID3v2Builder(version: version, frames).bytes())?.tags
  }

  @Test func basicFieldsOfV24() throws {
    let t = try #require(
      tags(
        4,
        [
          .text("TIT2", ["Title"], .utf8), .text("TPE1", ["Artist"], .utf8), .text("TALB", ["Album"], .utf8),
          .text("TPE2", ["Album Artist"], .utf8), .text("TCOM", ["Composer"], .utf8),
          .text("TRCK", ["3/12"]), .text("TPOS", ["1/2"]), .text("TDRC", ["1999-05-14"]),
          .text("TCMP", ["1"]), .comment("", "A comment"),
        ]))
    #expect(t.title == "Title")
    #expect(t.artist == "Artist")
    #expect(t.album == "Album")
    #expect(t.albumArtist == "Album Artist")
    #expect(t.composer == "Composer")
    #expect(t.trackNumber == 3 && t.trackTotal == 12)
    #expect(t.discNumber == 1 && t.discTotal == 2)
    #expect(t.year == 1999)
    #expect(t.isCompilation)
    #expect(t.comment == "A comment")
    #expect(t.versions == ["ID3v2.4"])
  }

  @Test(
    arguments: [("3/12", 3, 12), ("03", 3, nil), ("7", 7, nil), (" 4 / 9 ", 4, 9), ("x", nil, nil)] as [(String, Int?, Int?)])
  func trackNumbers(text: String, number: Int?, total: Int?) {
    let t = tags(3, [.text("TRCK", [text])])
    #expect(t?.trackNumber == number)
    #expect(t?.trackTotal == total)
  }

  @Test(
    arguments: [
      ("(17)", ["Rock"]), ("(17)Rock", ["Rock"]), ("17", ["Rock"]), ("Rock", ["Rock"]), ("RX", ["Remix"]),
      ("CR", ["Cover"]), ("(RX)", ["Remix"]), ("(4)Eurodisco", ["Disco", "Eurodisco"]), ("(13)(17)", ["Pop", "Rock"]),
      ("((foo)", ["(foo)"]), ("Drum & Bass", ["Drum & Bass"]), ("(255)", []),
    ] as [(String, [String])])
  func genres(text: String, expected: [String]) {
    #expect(tags(3, [.text("TCON", [text])])?.genres == expected)
  }

  @Test func twoGenresInV24() {
    #expect(tags(4, [.text("TCON", ["(13)", "Jazz"], .utf8)])?.genres == ["Pop", "Jazz"])
  }

  @Test func yearFromTYERAndTDRC() {
    #expect(tags(3, [.text("TYER", ["2003"])])?.year == 2003)
    #expect(tags(4, [.text("TDRC", ["2010-01"])])?.year == 2010)
    #expect(tags(4, [.text("TDRC", ["unknown"])])?.year == nil)
    // The original-release date is a field of its own; it no longer stands in for the recording date,
    // as neither mutagen nor MPD make it one.
    #expect(tags(4, [.text("TDOR", ["1970"]), .text("TDRC", ["1995"])])?.year == 1995)
    #expect(tags(4, [.text("TDOR", ["1970"])])?.year == nil)
    #expect(tags(4, [.text("TDOR", ["1970"])])?.originalDate == "1970")
  }

  @Test func compilationFlag() {
    #expect(tags(3, [.text("TCMP", ["1"])])?.isCompilation == true)
    #expect(tags(3, [.text("TCMP", ["0"])])?.isCompilation == false)
  }

  @Test func commentWithoutDescriptionWinsOverITunesNotes() {
    let t = tags(3, [.comment("iTunNORM", " 0000 0000"), .comment("", "Real comment", .utf16LE)])
    #expect(t?.comment == "Real comment")
  }

  @Test func repeatedFramesMergeTheirValuesAsMutagenDoes() {
    #expect(tags(3, [.text("TIT2", ["First"]), .text("TIT2", ["Second"])])?.title == "First; Second")
    #expect(tags(4, [.text("TPE1", ["A"]), .text("TPE1", ["B", "A"])])?.artists == ["A", "B"])
  }

  @Test func musicBrainzIds() throws {
    let recording = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
    let t = try #require(
      tags(
        4,
        [
          .ufid("http://musicbrainz.org", recording),
          .ufid("http://example.org", "11111111-2222-3333-4444-555555555555"),
          .txxx("MusicBrainz Album Id", ["AAAAAAAA-1111-2222-3333-444444444444"], .utf8),
          .txxx(
            "MusicBrainz Artist Id", ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"], .utf8),
          .txxx("MusicBrainz Album Artist Id", ["89ad4ac3-39f7-470e-963a-56509c546377"], .utf8),
          .txxx("MusicBrainz Release Group Id", ["f5093c06-23e3-404f-aeaa-40f72885ee3a"], .utf8),
          .txxx("MusicBrainz Release Track Id", ["99999999-9999-9999-9999-999999999999"], .utf8),
        ]))
    #expect(t.recordingMbid == recording)
    #expect(t.releaseMbid == "aaaaaaaa-1111-2222-3333-444444444444")
    #expect(t.artistMbids == ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"])
    #expect(t.albumArtistMbids == ["89ad4ac3-39f7-470e-963a-56509c546377"])
    #expect(t.releaseGroupMbid == "f5093c06-23e3-404f-aeaa-40f72885ee3a")
  }

  @Test func artistIdsSeparatedBySlashInV23() {
    let t = tags(
      3, [.txxx("MusicBrainz Artist Id", ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d/0383dadf-2a4e-4d10-a46a-e9e041da8eb3"], .utf16LE)]
    )
    #expect(t?.artistMbids == ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"])
  }

  @Test func invalidMBIDsAreDroppedWithAWarning() throws {
    let parsed = try #require(
      ID3v2Parser.parse(
        ID3v2Builder(
          version: 4,
          [
            .ufid("http://musicbrainz.org", "not-a-uuid"),
            .txxx("MusicBrainz Album Id", ["5b11f4ce-a62d-471e-81fc-a69a8278c7dz"]),
            .txxx("MusicBrainz Artist Id", ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "garbage"]),
          ]
        ).bytes()))
    #expect(parsed.tags.recordingMbid == nil)
    #expect(parsed.tags.releaseMbid == nil)
    #expect(parsed.tags.artistMbids == ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d"])
    #expect(parsed.warnings.count == 3)
    #expect(parsed.warnings.allSatisfy { $0.contains("not a valid MBID") })
    #expect(parsed.warnings.contains { $0.contains("UFID at byte 10") })
  }

  @Test func mbidValidation() {
    #expect(MBID.normalized("5B11F4CE-A62D-471E-81FC-A69A8278C7DA") == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(MBID.normalized(" 5b11f4ce-a62d-471e-81fc-a69a8278c7da\0") == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(MBID.normalized("5b11f4ce-a62d-471e-81fc-a69a8278c7d") == nil)
    #expect(MBID.normalized("5b11f4cea62d-471e-81fc-a69a8278c7da0") == nil)
    #expect(MBID.normalized("") == nil)
    // Braces, upper case and the 32-digit form without hyphens are the same id.
    #expect(MBID.normalized("{5B11F4CE-A62D-471E-81FC-A69A8278C7DA}") == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(MBID.normalized("5B11F4CEA62D471E81FCA69A8278C7DA") == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(MBID.normalized("{5b11f4cea62d471e81fca69a8278c7da}") == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(MBID.normalized("{5b11f4ce-a62d-471e-81fc-a69a8278c7da") == nil)
    #expect(MBID.normalized("5b11f4ce-a62d471e-81fc-a69a8278c7da0") == nil)
    #expect(MBID.normalized("5b11f4cea62d471e81fca69a8278c7dg") == nil)
    // An id already canonical comes back as it is.
    #expect(MBID.normalized("b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d") == "b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d")
    #expect(MBID.normalized("b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d ") == "b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d")
    #expect(MBID.normalized("b10bbbfc-cf9e-42e0-be17_e2c3e1d2600d") == nil)
  }

  /// Several ids in one value are split at "/", ";", "," and NUL, between scalars, each part trimmed.
  @Test func mbidLists() {
    #expect(MBID.split(" a / b;c,,d\0e ") == ["a", "b", "c", "d", "e"])
    #expect(MBID.split("é/ü;") == ["é", "ü"])
    #expect(MBID.split("/;,").isEmpty && MBID.split("").isEmpty)
    #expect(MBID.split("x\u{301}/y") == ["x\u{301}", "y"])
  }

  @Test func v22ThreeLetterFrames() throws {
    let t = try #require(
      tags(
        2,
        [
          .text("TT2", ["Title"]), .text("TP1", ["Artist"], .utf16LE), .text("TP2", ["Album Artist"]),
          .text("TAL", ["Album"]), .text("TRK", ["5/10"]), .text("TPA", ["2/3"]), .text("TYE", ["1987"]),
          .text("TCO", ["(8)"]), .text("TCP", ["1"]), .text("TCM", ["Composer"]),
          .comment("", "Note", id: "COM"),
          .ufid("http://musicbrainz.org", "5b11f4ce-a62d-471e-81fc-a69a8278c7da", id: "UFI"),
          .txxx("MusicBrainz Album Id", ["f5093c06-23e3-404f-aeaa-40f72885ee3a"], id: "TXX"),
        ]))
    #expect(t.title == "Title")
    #expect(t.artist == "Artist")
    #expect(t.albumArtist == "Album Artist")
    #expect(t.album == "Album")
    #expect(t.trackNumber == 5 && t.trackTotal == 10)
    #expect(t.discNumber == 2 && t.discTotal == 3)
    #expect(t.year == 1987)
    #expect(t.genres == ["Jazz"])
    #expect(t.isCompilation)
    #expect(t.composer == "Composer")
    #expect(t.comment == "Note")
    #expect(t.recordingMbid == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(t.releaseMbid == "f5093c06-23e3-404f-aeaa-40f72885ee3a")
    #expect(t.versions == ["ID3v2.2"])
  }
}
