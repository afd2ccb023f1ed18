// `tunes playlist sort` takes the query language's sort keys (`-year title`, `sort:-year,title`) and
// orders a playlist as `tunes ls songs` orders the same songs with those keys.
import Foundation
import Testing

@Suite struct PlaylistSortSyntaxTests {
  func titles(_ sandbox: TunesSandbox, _ arguments: [String]) throws -> [String] {
    let run = try sandbox.run(arguments)
    #expect(run.status == 0, "\(run)")
    if let object = try? run.json() as? [String: Any], let entries = object["entries"] as? [[String: Any]] {
      return entries.compactMap { $0["title"] as? String }
    }
    let songs = try #require(try run.json() as? [[String: Any]], "\(run)")
    return songs.compactMap { $0["title"] as? String }
  }

  @Test(arguments: [["-year", "title"], ["sort:-year,title"], ["sort:-year", "sort:title"], ["year:desc", "title"]])
  func thePlaylistTakesTheQuerysKeysAndOrdersAsTheQueryDoes(keys: [String]) throws {
    let sandbox = try TunesSandbox()
    // Two broken files in the sample library make the index exit 1; the rest is indexed.
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let members = Set(try titles(sandbox, ["playlist", "show", "road-trip", "--json"]))
    #expect(members.count == 5)
    // The query breaks ties by album artist, album, disc and track, then path; the playlist keeps
    // its order, so it is put in that order first.
    let tied = try sandbox.run(["playlist", "sort", "road-trip", "albumartist", "album", "track", "path"])
    #expect(tied.status == 0, "\(tied)")
    let sorted = try sandbox.run(["playlist", "sort", "road-trip"] + keys)
    #expect(sorted.status == 0, "\(sorted)")
    let query = try titles(sandbox, ["ls", "songs", "sort:-year", "sort:title", "--json"]).filter(members.contains)
    #expect(query.count == 5)
    #expect(try titles(sandbox, ["playlist", "show", "road-trip", "--json"]) == query)
  }

  @Test func aKeyThatIsNoKeyIsOneLineAndLeavesThePlaylistAsItWas() throws {
    let sandbox = try TunesSandbox()
    // Two broken files in the sample library make the index exit 1; the rest is indexed.
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let before = try titles(sandbox, ["playlist", "show", "road-trip", "--json"])
    let bad = try sandbox.run(["playlist", "sort", "road-trip", "year", "-colour"])
    #expect(bad.status == 64, "\(bad)")
    #expect(bad.stderr.hasPrefix("tunes: unknown sort key '-colour'; valid keys: title, artist,"), "\(bad)")
    #expect(bad.stderr.hasSuffix(" (-KEY to reverse)\n") && bad.stderr.split(separator: "\n").count == 1, "\(bad)")
    let option = try sandbox.run(["playlist", "sort", "road-trip", "--year"])
    #expect(option.status == 64, "\(option)")
    #expect(option.stderr.contains("unknown option --year"), "\(option)")
    let none = try sandbox.run(["playlist", "sort", "road-trip"])
    #expect(none.status == 64, "\(none)")
    #expect(try titles(sandbox, ["playlist", "show", "road-trip", "--json"]) == before)
  }
}
