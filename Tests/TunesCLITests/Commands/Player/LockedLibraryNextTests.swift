// `tunes next` while another process holds a write transaction on the library (a sqlite3 shell, a
// `tunes index` batch): the player reads the library without waiting (WAL) and plays the next song,
// never skipping it as unplayable, and says once that the play state waits for the write to end.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")), .serialized)
struct LockedLibraryNextTests {
  @Test func nextPlaysTheNextSongWhileAnotherProcessWritesTheLibrary() async throws {
    let home = try PlayerHome()
    try await home.index(
      ("A/1.mp3", "First", "Anna", "Day", 60), ("A/2.mp3", "Second", "Anna", "Day", 60), ("A/3.mp3", "Third", "Anna", "Day", 60))
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    defer { _ = try? runProcess(try! #require(builtTunes), ["quit"], environment: home.environment) }
    /// The playing song's title and elapsed time, and the player's state.
    @Sendable func playing() throws -> (title: String?, state: String?, elapsedMs: Int) {
      let result = try runProcess(try #require(builtTunes), ["status", "--json"], environment: home.environment)
      let status = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
      let title = (status?["song"] as? [String: Any])?["title"] as? String
      return (title, status?["state"] as? String, status?["elapsedMs"] as? Int ?? 0)
    }
    #expect(try await home.waitFor(60) { try playing().title == "First" })

    // A process of another program holding a write transaction until it is ended.
    let holder = try LibraryWriter(
      database: home.root + "/library.db", begin: "EXCLUSIVE", statements: ["UPDATE song SET title = title"])
    defer { holder.end() }

    let next = try await home.tunes("next")
    #expect(next.status == 0, "\(next)")
    // The second song plays on (a skipped one would leave it for the third within the player's first read).
    let heard = try await home.waitFor(60) {
      let now = try playing()
      return now.title != "Second" || now.elapsedMs > 2_000
    }
    let seen = try playing()
    #expect(heard && seen.title == "Second" && seen.state == "play", "\(seen)")
    let log = (try? String(contentsOfFile: home.logPath, encoding: .utf8)) ?? ""
    #expect(!log.contains("skipped"), "\(log)")
  }
}
