// `tunes add` against a running player whose queue reaches its bound (`max_playlist_length` in
// config.toml): the songs that fit are queued and the command says how many, and why the rest were not.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct QueueLimitCLITests {
  @Test func addStopsAtTheConfiguredBoundWithAClearMessage() async throws {
    let home = try PlayerHome()
    try FileManager.default.createDirectory(atPath: home.root + "/config/tunes", withIntermediateDirectories: true)
    try "[player]\nmax_playlist_length = 3\n".write(
      toFile: home.root + "/config/tunes/config.toml", atomically: true, encoding: .utf8)
    try home.makeSong("A/1.mp3", title: "Other", artist: "Bert", album: "Dark", seconds: 30)
    for n in 1...3 {
      try home.makeSong("B/\(n).mp3", title: "Field \(n)", artist: "Ansel Grey", album: "Field Notes", seconds: 30)
    }
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try await home.startDaemon(["--device", "null", "title:Other"])

    let added = try await home.tunes("add", "artist:Ansel Grey")
    #expect(added.status == 1, "\(added)")
    #expect(
      added.err.contains(
        "the player's queue is full at 3 songs (max_playlist_length in the [player] section of config.toml): "
          + "2 of the 3 songs chosen were queued"), "\(added.err)")
    let status = try await home.tunes("queue", "--json")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [[String: Any]])
    #expect(entries.count == 3)
    #expect(try await home.tunes("quit").status == 0)
  }
}
