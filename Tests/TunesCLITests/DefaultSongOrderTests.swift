// The order songs are listed and played in when the query names no `sort:`: untagged files (title from
// the file name, no artist) after tagged songs, and songs of unknown length after those of known length,
// through `ls songs`, `search`, `play` and `add`, while the MPD protocol keeps mpd's order.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct DefaultSongOrderTests {
  /// Two tagged MP3s on album "Zed Songs"; the sample FLAC of album "Other Formats" (same artist, so the
  /// library's order puts it first) with its sample count zeroed, which leaves its length unknown; and an
  /// MP3 with no tags at all at the top of the folder (empty album artist and album: first of all before).
  private func library() async throws -> PlayerHome {
    let home = try PlayerHome()
    try home.makeSong("Zed/1 first.mp3", title: "Zed One", artist: "Mira Okafor", album: "Zed Songs", seconds: 3)
    try home.makeSong("Zed/2 second.mp3", title: "Zed Two", artist: "Mira Okafor", album: "Zed Songs", seconds: 3)
    let sample = TunesExecutable.sampleLibrary.appendingPathComponent("Mira Okafor/Other Formats/01 Deep Lossless.flac")
    var flac = [UInt8](try Data(contentsOf: sample))
    try #require(flac.count > 26 && flac[0..<4] == [0x66, 0x4C, 0x61, 0x43] && flac[4] & 0x7F == 0, "fLaC, STREAMINFO first")
    // STREAMINFO's 36-bit sample count: the low 4 bits of its 14th byte and the 4 bytes after (0 = unknown).
    flac[8 + 13] &= 0xF0
    for index in (8 + 14)...(8 + 17) { flac[index] = 0 }
    try FileManager.default.createDirectory(atPath: home.music + "/Other", withIntermediateDirectories: true)
    try Data(flac).write(to: URL(fileURLWithPath: home.music + "/Other/lossless.flac"))
    let wav = home.music + "/loose.wav"
    let sox = try runProcess("/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", wav, "synth", "3", "sine", "330"], environment: [:])
    try #require(sox.status == 0, "\(sox.err)")
    let lame = try runProcess("/usr/bin/lame", ["--quiet", wav, home.music + "/aa loose.mp3"], environment: [:])
    try #require(lame.status == 0, "\(lame.err)")
    try FileManager.default.removeItem(atPath: wav)
    _ = try await home.tunes("index", home.music)  // the FLAC's unknown length is reported, and it is indexed
    return home
  }

  private static let expected = ["Zed One", "Zed Two", "Deep Lossless", "aa loose"]

  private func titles(_ result: ToolResult) throws -> [String] {
    try #require(result.status == 0, "\(result.err)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]], "\(result.out)")
    // An untagged song has no title in JSON: its file name stands for it.
    return rows.map {
      ($0["title"] as? String) ?? (($0["path"] as? String ?? $0["file"] as? String ?? "") as NSString).lastPathComponent
    }
    .map { $0.hasSuffix(".mp3") ? String($0.dropLast(4)) : $0 }
  }

  @Test func listingsPutUntaggedFilesAndUnknownLengthsLast() async throws {
    let home = try await library()
    let all = try await home.tunes("ls", "songs", "--json")
    #expect(try titles(all) == Self.expected)
    let songs = try #require(try JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [[String: Any]])
    #expect(songs[2]["durationMs"] == nil || songs[2]["durationMs"] is NSNull, "the FLAC's length is unknown: \(songs[2])")
    #expect(songs[3]["artist"] == nil || songs[3]["artist"] is NSNull, "the loose MP3 has no artist: \(songs[3])")

    // A limit takes the first songs of this order, not of the library's.
    #expect(try titles(try await home.tunes("ls", "songs", "limit:1", "--json")) == ["Zed One"])
    #expect(try titles(try await home.tunes("ls", "songs", "limit:3", "--json")) == Array(Self.expected.prefix(3)))
    // A query with terms, and search (the full-text path), the same order.
    #expect(try titles(try await home.tunes("ls", "songs", "-genre:nothing", "--json")) == Self.expected)
    #expect(try titles(try await home.tunes("search", "mira", "--json")) == Array(Self.expected.prefix(3)))
    let table = try await home.tunes("search", "mira")
    let zed = try #require(table.out.range(of: "Zed Two"), "\(table)")
    let flac = try #require(table.out.range(of: "Deep Lossless"), "\(table)")
    #expect(zed.lowerBound < flac.lowerBound, "\(table.out)")
    // An explicit sort is the user's: the unknown length is not moved by it.
    #expect(try titles(try await home.tunes("ls", "songs", "sort:album", "--json")).first == "aa loose")

    // `play` queues in the same order; the MPD protocol lists the library in mpd's (folders by name).
    _ = try await home.startDaemon(["--device", "null"])
    let played = try await home.tunes("play", "-genre:nothing")
    #expect(played.status == 0, "\(played.err)")
    #expect(try titles(try await home.tunes("queue", "--json")) == Self.expected)
    let listed = try await home.mpc("listall")
    #expect(listed.out.split(separator: "\n").first == "aa loose.mp3", "\(listed.out)")
    #expect(try await home.tunes("quit").status == 0)
  }
}
