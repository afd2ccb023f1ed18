// End to end: a song heard past the listen threshold only across a SIGKILL of the player process counts
// once. What was heard before the kill is saved with the play state; the restarted player resumes the
// same play and counts its one listen (play count and pending listen) when the two parts together pass
// the threshold; a kill after that and a further start count nothing again.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct ListenAcrossKillTests {
  /// The library's play count and the listens waiting to be sent, as the CLI shows them.
  private func counts(_ home: PlayerHome) throws -> (plays: Int?, pending: Int?) {
    func json(_ arguments: [String]) throws -> [String: Any]? {
      let result = try runProcess(builtTunes!, arguments, environment: home.environment)
      return try? JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    }
    return (try json(["stats", "--json"])?["totalPlays"] as? Int, try json(["lb", "status", "--json"])?["pending"] as? Int)
  }

  private func elapsedMs(_ home: PlayerHome) throws -> Int {
    let out = (try? runProcess(builtTunes!, ["status", "--json"], environment: home.environment).out) ?? ""
    let json = (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any]
    return json?["elapsedMs"] as? Int ?? 0
  }

  private func kill9(_ home: PlayerHome, _ pid: Int32) async throws {
    kill(pid, SIGKILL)
    #expect(try await home.waitFor(30) { PlayerHome.ended(pid) })
  }

  @Test func aSongHeardPastItsThresholdAcrossAKillCountsOnce() async throws {
    let home = try PlayerHome()
    // 30 s: the listen counts at 15 s heard.
    try home.makeSong("song.mp3", title: "Across", artist: "Una", album: "Kill", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)

    // About 6.5 s heard, at least 4 s of it saved (the position is saved every 2 s while playing).
    let first = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    #expect(try await home.waitFor(60) { try self.elapsedMs(home) >= 4_000 })
    try await offPool { Thread.sleep(forTimeInterval: 2.5) }
    let beforeKill = try elapsedMs(home)
    try await kill9(home, first)
    try #require(beforeKill < 15_000, "the listen counted before the kill: \(beforeKill) ms heard")
    #expect(try counts(home) == (0, 0))

    // The same play goes on from the saved position: 16 s into the song is 16 s heard of it in all,
    // while the audio heard after the restart alone stays under the threshold.
    let second = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    #expect(try await home.waitFor(60) { try self.elapsedMs(home) >= 16_000 })
    #expect(try await home.waitFor(30) { try self.counts(home) == (1, 1) })
    // Killed again after the listen counted: the next start resumes the play and counts it no more.
    try await kill9(home, second)
    let third = try await home.startDaemon(["--device", "null", "--pace", "realtime"])
    let resumedAt = try elapsedMs(home)
    #expect(try await home.waitFor(60) { try self.elapsedMs(home) >= resumedAt + 3_000 })
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(30) { PlayerHome.ended(third) })
    #expect(try counts(home) == (1, 1))
  }
}
