// The message line's log: every message shown is appended to the UI's log file (made with mode 600), and
// a log that cannot be written is said on the line once, instead of messages being lost without a word.
import Foundation
import Testing
import TunesTestSupport

@testable import TunesUI

@Suite struct MessageLineTests {
  @Test func messagesGoToThePrivateLogOrTheLineSaysTheyCannot() throws {
    let folder = TemporaryFolder.make()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = folder + "/ui.log"
    let line = MessageLine(logPath: log, playerLog: nil)
    line.show("first")
    line.show("second", error: true)
    #expect(line.text == "second" && line.isError)
    let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(logged.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) } == ["first", "second"])
    let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    // A log that cannot be written is said once; the next message is shown as it is.
    let missing = folder + "/missing/ui.log"
    let unlogged = MessageLine(logPath: missing, playerLog: nil)
    unlogged.show("hello")
    #expect(unlogged.isError)
    #expect(unlogged.text == "hello (not logged: \(missing): No such file or directory)")
    unlogged.show("again")
    #expect(unlogged.text == "again")
  }
}
