// A remote command facing a player that hangs: it waits TUNES_PLAYER_TIMEOUT seconds, then says which
// socket did not answer within how long and exits 75 (try again later); a bad value of the variable is
// refused before anything is sent.
import Foundation
import Testing
import TunesTestSupport

@Suite struct PlayerReplyWaitCLITests {
  @Test func aPlayerThatNeverAnswersIsNamedWithTheWait() throws {
    let sandbox = try TunesSandbox()
    let silent = try SilentPlayerSocket(path: sandbox.folder.appendingPathComponent("s.sock").path)
    defer { silent.close() }
    let socket = ["TUNES_MPD_SOCKET": silent.path]
    let waited = try sandbox.run(["pause"], extraEnvironment: socket.merging(["TUNES_PLAYER_TIMEOUT": "1"]) { $1 })
    #expect(waited.status == 75, "\(waited)")
    #expect(
      waited.stderr == "tunes: the player on \(silent.path) did not answer within 1 s (TUNES_PLAYER_TIMEOUT sets the wait)\n",
      "\(waited)")

    let refused = try sandbox.run(["pause"], extraEnvironment: socket.merging(["TUNES_PLAYER_TIMEOUT": "soon"]) { $1 })
    #expect(refused.status == 78, "\(refused)")
    #expect(refused.stderr == "tunes: TUNES_PLAYER_TIMEOUT=soon: not a whole number of seconds from 1 to 86400\n", "\(refused)")
  }
}
