// `tunes add QUERY` speaks the library's query language, as `play`, `ls` and `search` do: accents
// folded (cafe finds Café), field terms (artist:"Ansel Grey") and negations; it once sent MPD's
// `searchadd any`, which found none of these.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct RemoteAddTests {
  /// The titles in the running player's queue, in order.
  private func queueTitles(_ home: PlayerHome) async throws -> [String] {
    let result = try await home.tunes("queue", "--json")
    try #require(result.status == 0, "queue failed: \(result.err)")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    return entries.compactMap { $0["title"] as? String }
  }

  @Test func addChoosesSongsWithTheQueryLanguage() async throws {
    let home = try PlayerHome()
    // lame reads the tags from its arguments in the locale's encoding: the é of Café needs UTF-8.
    home.extraEnvironment["LANG"] = "C.UTF-8"
    try home.makeSong("A/1 cafe.mp3", title: "Café Blues", artist: "Zoë Marlowe", album: "Small Hours", seconds: 30)
    try home.makeSong("B/1 field.mp3", title: "Field Song", artist: "Ansel Grey", album: "Field Notes", seconds: 30)
    try home.makeSong("B/2 quiet.mp3", title: "Quiet Engine", artist: "Ansel Grey", album: "Field Notes", seconds: 30)
    try home.makeSong("C/1 other.mp3", title: "Other", artist: "Bert", album: "Dark", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try await home.startDaemon(["--device", "null", "title:Other"])
    #expect(try await queueTitles(home) == ["Other"])

    let cafe = try await home.tunes("add", "cafe")
    #expect(cafe.status == 0, "\(cafe.err)")
    #expect(cafe.out == "added 1 song to the running player's queue\n", "\(cafe.out)")
    #expect(try await queueTitles(home) == ["Other", "Café Blues"])

    let ansel = try await home.tunes("add", "artist:Ansel Grey", "-title:quiet")
    #expect(ansel.status == 0, "\(ansel.err)")
    #expect(ansel.out == "added 1 song to the running player's queue\n", "\(ansel.out)")
    let both = try await home.tunes("add", #"artist:"Ansel Grey""#)
    #expect(both.out == "added 2 songs to the running player's queue\n", "\(both.out)")
    #expect(try await queueTitles(home) == ["Other", "Café Blues", "Field Song", "Field Song", "Quiet Engine"])

    let none = try await home.tunes("add", "nothing-like-this")
    #expect(none.status == 66, "\(none)")
    #expect(none.err.contains("no songs match nothing-like-this"), "\(none.err)")
    #expect(try await queueTitles(home).count == 5)
    #expect(try await home.tunes("quit").status == 0)
  }
}
