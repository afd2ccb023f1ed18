// How long tunes' own clients wait for the player: TUNES_PLAYER_TIMEOUT, checked, else mpc's 30 s; and a
// player that greets and then never answers ends the wait with an error naming its socket and the wait,
// after which the connection is not used again (a late reply would be read as the next command's).
import Foundation
import Testing
import TunesTestSupport

@testable import TunesMPD

@Suite struct PlayerReplyWaitTests {
  @Test func theEnvironmentSetsTheWaitAndABadValueIsRefused() throws {
    #expect(try PlayerReplyWait.seconds(environment: [:]) == 30)
    #expect(try PlayerReplyWait.seconds(environment: ["TUNES_PLAYER_TIMEOUT": ""]) == 30)
    #expect(try PlayerReplyWait.seconds(environment: ["TUNES_PLAYER_TIMEOUT": "5"]) == 5)
    #expect(try PlayerReplyWait.seconds(environment: ["TUNES_PLAYER_TIMEOUT": "86400"]) == 86400)
    for bad in ["0", "-3", "2.5", "soon", "86401", "99999999999999999999"] {
      #expect(throws: ControlError.badReplyWait(bad)) {
        try PlayerReplyWait.seconds(environment: ["TUNES_PLAYER_TIMEOUT": bad])
      }
    }
    let error = ControlError.badReplyWait("soon")
    #expect(error.description == "TUNES_PLAYER_TIMEOUT=soon: not a whole number of seconds from 1 to 86400")
    #expect(error.exitStatus == .config)
  }

  @Test func aPlayerThatNeverAnswersEndsTheWaitNamingItsSocket() async throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let silent = try SilentPlayerSocket(path: folder + "/mpd.sock")
    defer { silent.close() }
    let path = silent.path
    // The wait runs out whatever the machine's load: nothing ever answers.
    let errors = try await offCooperativePool { () -> [ControlError?] in
      let client = try MPDClient(socketPath: path, timeoutSeconds: 1)
      var errors: [ControlError?] = []
      for command in ["status", "ping"] {
        do throws(ControlError) {
          try client.run(command)
          errors.append(nil)
        } catch {
          errors.append(error)
        }
      }
      return errors
    }
    let expected = ControlError.noAnswer(target: path, seconds: 1)
    #expect(errors == [expected, expected])
    #expect(expected.description == "the player on \(path) did not answer within 1 s (TUNES_PLAYER_TIMEOUT sets the wait)")
    #expect(expected.exitStatus == .tempFailure)
  }
}
