// `tunes play --playlist` plays what `tunes playlist show` lists, smart playlists included: both read
// a playlist's songs the same way.
import Foundation
import Testing

@Suite struct PlaylistSongsTests {
  @Test func aSmartPlaylistPlaysTheSongsItShows() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let created = try sandbox.run(["playlist", "create", "harbour", "--smart", "album:harbour"])
    #expect(created.status == 0, "\(created)")
    let shown = try sandbox.run(["playlist", "show", "harbour", "--json"])
    #expect(shown.status == 0, "\(shown)")
    let object = try #require(try shown.json() as? [String: Any], "\(shown)")
    let entries = try #require(object["entries"] as? [[String: Any]], "\(shown)")
    let titles = entries.compactMap { $0["title"] as? String }
    #expect(titles.count == 5, "\(shown)")

    let played = try sandbox.run(["play", "--playlist", "harbour", "--device", "null", "--pace", "max"])
    #expect(played.status == 0, "\(played)")
    let lines = played.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == titles.count, "\(played)")
    for (line, title) in zip(lines, titles) { #expect(line.contains("– \(title) · "), "expected \(title): \(line)") }
  }
}
