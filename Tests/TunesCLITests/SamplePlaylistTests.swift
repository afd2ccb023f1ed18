// The sample playlist (SampleLibrary/Playlists/road-trip.m3u8, relative paths with accents) imports
// into an indexed sample library with every entry found, in order.
import Foundation
import Testing

@Suite struct SamplePlaylistTests {
  @Test func roadTripImportsWithEverySongFoundInOrder() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let playlist = TunesExecutable.sampleLibrary.appendingPathComponent("Playlists/road-trip.m3u8").path
    let imported = try sandbox.run(["playlist", "import", playlist])
    #expect(imported.status == 0, "\(imported)")

    let shown = try sandbox.run(["playlist", "show", "road-trip", "--json"])
    #expect(shown.status == 0, "\(shown)")
    let object = try #require(try shown.json() as? [String: Any], "\(shown)")
    let entries = try #require(object["entries"] as? [[String: Any]], "\(shown)")
    // The order written by sample_library.py (PLAYLIST).
    #expect(entries.compactMap { $0["title"] as? String }
      == ["Café Blues", "North Pier", "Paper Boats", "Stairwell Echo", "Birch Road"], "\(shown)")
    #expect(entries.allSatisfy { $0["missing"] as? Bool == false }, "\(shown)")
  }
}
