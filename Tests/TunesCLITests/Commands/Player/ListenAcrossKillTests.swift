// End to end: a song heard past the listen threshold only across a SIGKILL of the player process counts
// once. What was heard before the kill is saved with the play state; the restarted player resumes the
// same play and counts its one listen (play count and pending listen) when the two parts together pass
// the threshold; a kill after that and a further start count nothing again. A listen counted and not
// yet written when the kill came is kept in the saved play state and recorded by the next start.
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

  /// Runs SQL on the player's library database as another program would.
  private func sql(_ home: PlayerHome, _ statement: String) throws -> String {
    let result = try runProcess(
      "/usr/bin/python3",
      [
        "-c",
        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); r=c.execute(sys.argv[2]).fetchall(); c.commit(); print(r)",
        home.environment["TUNES_DB"]!, statement,
      ], environment: home.environment)
    try #require(result.status == 0, "\(result.err)")
    return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Killed while the listen the player counted was not written: here the database refuses the
  /// listen (as a full disk would), so the window between counting and writing stays open. The saved
  /// play state holds the listen, and the next start records it, once, although it plays another song.
  @Test func aListenCountedButNotWrittenBeforeAKillIsRecordedByTheNextStart() async throws {
    let home = try PlayerHome()
    // 20 s: counts at 10 s heard. The other song counts only after 100 s, long after the checks below.
    try home.makeSong("counted.mp3", title: "Counted", artist: "Una", album: "Kill", seconds: 20)
    try home.makeSong("other.mp3", title: "Other", artist: "Dos", album: "Kill", seconds: 200)
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try sql(
      home,
      "CREATE TRIGGER diskFull BEFORE INSERT ON outbox WHEN NEW.action = 'listen' "
        + "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
    let first = try await home.startDaemon(["--device", "null", "--pace", "realtime", "Counted"])
    #expect(try await home.waitFor(90) { try self.sql(home, "SELECT toldListenAt IS NOT NULL FROM playerState") == "[(1,)]" })
    try await kill9(home, first)
    #expect(try counts(home) == (0, 0))
    _ = try sql(home, "DROP TRIGGER diskFull")
    let second = try await home.startDaemon(["--device", "null", "--pace", "realtime", "Other"])
    #expect(try await home.waitFor(60) { try self.counts(home) == (1, 1) })
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(30) { PlayerHome.ended(second) })
    #expect(try counts(home) == (1, 1))
    #expect(try sql(home, "SELECT toldListenAt FROM playerState") == "[(None,)]")
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
