// ID3v2.3 has no value separator: Picard and mutagen join the names of TXXX:ARTISTS (and ALBUMARTISTS)
// with "/" there. Files written by mutagen itself, read back as separate names; the display TPE1 stays
// whole, "/" and all.

import Foundation
import Testing

@testable import TunesTags

@Suite struct ID3v23NameListTests {
  /// Writes `frames` with mutagen as an ID3v2.`version` tag (mutagen-tags.py --write) and reads it back.
  private func written(version: Int, _ frames: [[Any]]) throws -> TagSet {
    let folder = try makeTemporaryFolder("v23-lists")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let audio = folder + "/audio.mp3"
    try Data(MutagenComparisonTests.audio).write(to: URL(fileURLWithPath: audio))
    let spec: [String: Any] = ["audio": audio, "version": version, "frames": frames]
    try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: folder + "/spec.json"))
    try run("/usr/bin/python3", [MutagenComparisonTests.script, "--write", folder + "/spec.json", folder + "/out.mp3"])
    return try TagReader.read(path: folder + "/out.mp3").tags
  }

  @Test func v23ArtistsJoinedWithSlashAreSeparateNames() throws {
    let tags = try written(
      version: 3,
      [
        ["TPE1", ["Zoë Marlowe feat. Kenji Tanaka"]], ["TXXX", "ARTISTS", ["Zoë Marlowe", "Kenji Tanaka"]],
        ["TPE2", ["AC/DC"]], ["TXXX", "ALBUMARTISTS", ["Angus Young", "Bon Scott"]],
      ])
    #expect(tags.versions == ["ID3v2.3"])
    #expect(tags.artist == "Zoë Marlowe feat. Kenji Tanaka")
    #expect(tags.artists == ["Zoë Marlowe", "Kenji Tanaka"])
    // The display string is not a list: "AC/DC" is one album artist.
    #expect(tags.albumArtist == "AC/DC")
    #expect(tags.albumArtists == ["Angus Young", "Bon Scott"])
  }

  @Test func v24ArtistsKeepTheSlashInsideANameWhole() throws {
    let tags = try written(version: 4, [["TPE1", ["AC/DC feat. Bon"]], ["TXXX", "ARTISTS", ["AC/DC", "Bon"]]])
    #expect(tags.artists == ["AC/DC", "Bon"])
  }
}
