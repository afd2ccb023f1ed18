// The sample playlist (SampleLibrary/Playlists/road-trip.m3u8, relative paths with accents) imports
// into an indexed sample library with every entry found, in order.
import Foundation
import Testing

@Suite struct SamplePlaylistTests {
  /// The order written by sample_library.py (PLAYLIST).
  static let roadTrip = ["Café Blues", "North Pier", "Paper Boats", "Stairwell Echo", "Birch Road"]

  func titles(_ sandbox: TunesSandbox, _ name: String) throws -> [String] {
    let shown = try sandbox.run(["playlist", "show", name, "--json"])
    #expect(shown.status == 0, "\(shown)")
    let object = try #require(try shown.json() as? [String: Any], "\(shown)")
    let entries = try #require(object["entries"] as? [[String: Any]], "\(shown)")
    #expect(entries.allSatisfy { $0["missing"] as? Bool == false }, "\(shown)")
    return entries.compactMap { $0["title"] as? String }
  }

  @Test func indexingImportsTheRoadTripWithEverySongFoundInOrder() throws {
    let sandbox = try TunesSandbox()
    let indexed = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    #expect(indexed.stdout.contains("playlist 'road-trip' imported"), "\(indexed)")
    #expect(try titles(sandbox, "road-trip") == Self.roadTrip)

    // A second index leaves the playlist as it is (its file did not change).
    let again = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    #expect(!again.stdout.contains("road-trip"), "\(again)")
    #expect(try titles(sandbox, "road-trip") == Self.roadTrip)
  }

  @Test func explicitImportUnderAnotherNameResolvesEveryRelativePath() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let playlist = TunesExecutable.sampleLibrary.appendingPathComponent("Playlists/road-trip.m3u8").path
    let imported = try sandbox.run(["playlist", "import", playlist, "--name", "copy"])
    #expect(imported.status == 0, "\(imported)")
    #expect(try titles(sandbox, "copy") == Self.roadTrip)
  }

  @Test func aQueryTermWithoutWordsIsRefusedInsteadOfTakingEverySong() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let removed = try sandbox.run(["playlist", "remove", "road-trip", "--query", "&"])
    #expect(removed.status == 65, "\(removed)")
    #expect(
      removed.stderr == "tunes: bad query at character 1 (&): the term has no letters or digits to search for\n", "\(removed)")
    #expect(try titles(sandbox, "road-trip") == Self.roadTrip)
    let created = try sandbox.run(["playlist", "create", "fire", "🔥"])
    #expect(created.status == 65, "\(created)")
    #expect(try sandbox.run(["playlist", "show", "fire"]).status != 0)
  }
}
