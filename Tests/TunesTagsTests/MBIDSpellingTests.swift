// MusicBrainz ids kept as the file spells them beside their canonical form: mpd shows an id tag exactly as
// written (capitals, braces, no hyphens, spaces around), so the readers keep what a file spells otherwise.
import Foundation
import Testing

@testable import TunesTags

@Suite struct MBIDSpellingTests {
  @Test func id3IdsKeepTheirSpellingBesideTheCanonicalIds() throws {
    let parsed = try #require(
      ID3v2Parser.parse(
        ID3v2Builder(
          version: 4,
          [
            .ufid("http://musicbrainz.org", "{5B11F4CE-A62D-471E-81FC-A69A8278C7DA}"),
            .txxx("MusicBrainz Album Id", ["AAAAAAAA-1111-2222-3333-444444444444"], .utf8),
            .txxx("MusicBrainz Artist Id", ["B10BBBFCCF9E42E0BE17E2C3E1D2600D", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"], .utf8),
            .txxx("MusicBrainz Album Artist Id", ["89ad4ac3-39f7-470e-963a-56509c546377"], .utf8),
          ]
        ).bytes()))
    let t = parsed.tags
    #expect(t.recordingMbid == "5b11f4ce-a62d-471e-81fc-a69a8278c7da")
    #expect(t.mbidsShown(.recording) == ["{5B11F4CE-A62D-471E-81FC-A69A8278C7DA}"])
    #expect(t.releaseMbid == "aaaaaaaa-1111-2222-3333-444444444444")
    #expect(t.mbidsShown(.release) == ["AAAAAAAA-1111-2222-3333-444444444444"])
    #expect(t.artistMbids == ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"])
    #expect(t.mbidsShown(.artist) == ["B10BBBFCCF9E42E0BE17E2C3E1D2600D", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"])
    // A field written canonically keeps nothing beside its ids.
    #expect(t.mbidsShown(.albumArtist) == ["89ad4ac3-39f7-470e-963a-56509c546377"])
    #expect(Set(t.mbidsAsWritten.keys) == [.recording, .release, .artist])
  }

  @Test func vorbisCommentsKeepTheSpacesAroundAnId() throws {
    let folder = try makeTemporaryFolder("mbid-spelling")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try run("/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", "-b", "16", folder + "/t.wav", "synth", "0.2", "sine", "440"])
    _ = try run(
      "/usr/bin/flac",
      [
        "-s", "-o", folder + "/a.flac", "--tag=MUSICBRAINZ_TRACKID= {7A1B2C3D-0000-4E5F-8A9B-0123456789AE} ",
        "--tag=MUSICBRAINZ_WORKID=7a1b2c3d00004e5f8a9b0123456789af",
        "--tag=MUSICBRAINZ_ALBUMID=7a1b2c3d-0000-4e5f-8a9b-0123456789a0", folder + "/t.wav",
      ])
    let t = try TagReader.read(path: folder + "/a.flac").tags
    #expect(t.recordingMbid == "7a1b2c3d-0000-4e5f-8a9b-0123456789ae")
    #expect(t.mbidsShown(.recording) == [" {7A1B2C3D-0000-4E5F-8A9B-0123456789AE} "])
    #expect(t.mbidsShown(.work) == ["7a1b2c3d00004e5f8a9b0123456789af"])
    #expect(t.mbidsShown(.release) == ["7a1b2c3d-0000-4e5f-8a9b-0123456789a0"])
    #expect(t.mbidSpellings.count == 2)
  }

  @Test func anIdAnotherSourceReplacedIsShownCanonical() {
    var t = TagSet()
    t.recordingMbid = "7a1b2c3d-0000-4e5f-8a9b-0123456789ae"
    t.mbidsAsWritten[.recording] = ["{7A1B2C3D-0000-4E5F-8A9B-0123456789AE}"]
    #expect(t.mbidsShown(.recording) == ["{7A1B2C3D-0000-4E5F-8A9B-0123456789AE}"])
    // A catalogue named another recording: the file's spelling of the old one is not shown for it.
    t.recordingMbid = "11111111-2222-3333-4444-555555555555"
    #expect(t.mbidsShown(.recording) == ["11111111-2222-3333-4444-555555555555"])
    #expect(t.mbidSpellings.isEmpty)
  }
}
