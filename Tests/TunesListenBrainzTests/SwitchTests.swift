// The off switch (TUNES_LISTENBRAINZ, `enabled` in [listenbrainz]) and the one-time "not logged in"
// hint: off counts plays but queues and sends nothing; a user who never logs in hears of it once.
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct SwitchTests {
  func account(_ environment: [String: String] = [:], config: String? = nil) throws -> Account {
    let folder = try temporaryFolder()
    let path = folder + "/config.toml"
    if let config {
      try #require(
        FileManager.default.createFile(atPath: path, contents: Data(config.utf8), attributes: [.posixPermissions: 0o600]))
    }
    return Account(configFile: path, environment: environment)
  }

  @Test func theEnvironmentWinsOverTheConfigFile() throws {
    #expect(try account().offReason() == nil)
    #expect(try account(["TUNES_LISTENBRAINZ": "off"]).offReason() == "TUNES_LISTENBRAINZ=off")
    #expect(try account(["TUNES_LISTENBRAINZ": "0"]).offReason() == "TUNES_LISTENBRAINZ=0")
    let offInFile = try account(config: "[listenbrainz]\nenabled = false\n")
    #expect(try offInFile.offReason() == "enabled = false in \(offInFile.file.path)")
    #expect(try account(["TUNES_LISTENBRAINZ": "on"], config: "[listenbrainz]\nenabled = false\n").offReason() == nil)
    #expect(throws: ListenBrainzError.invalidSwitch(setting: "TUNES_LISTENBRAINZ=maybe")) {
      try account(["TUNES_LISTENBRAINZ": "maybe"]).offReason()
    }
    let bad = try account(config: "[listenbrainz]\nenabled = \"nope\"\n")
    #expect(throws: ListenBrainzError.self) { try bad.offReason() }
    #expect(ListenBrainzError.invalidSwitch(setting: "x").exitStatus == .config)
  }

  /// Off: the play counts, nothing is queued, no playing_now, and a submitter sends nothing (a flush
  /// says why, exit 78), even with listens queued from before.
  @Test func offCountsPlaysButQueuesAndSendsNothing() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let client = try makeClient(server)
    let queue = ListenQueue(library: library)
    let off: @Sendable () -> String? = { "TUNES_LISTENBRAINZ=off" }
    let scrobbler = Scrobbler(library: library, client: client, submitter: nil, currentOff: off)
    #expect(try scrobbler.listened(song: song, listenedAt: Date(timeIntervalSinceNow: -300), playedMs: 100_000) == nil)
    #expect(try library.song(id: song.id!)?.playCount == 1)
    #expect(try queue.all().isEmpty)
    #expect(scrobbler.songStarted(song: song) == nil)
    try queueListens(library, count: 2, song: song)
    let submitter = Submitter(queue: queue, client: client, backoff: fastBackoff, currentOff: off)
    #expect(await submitter.pass() == .off("TUNES_LISTENBRAINZ=off"))
    await #expect(throws: ListenBrainzError.submissionOff(reason: "TUNES_LISTENBRAINZ=off")) { try await submitter.flush() }
    #expect(try await server.requests().isEmpty)
    #expect(try queue.count(.pending) == 2)
    // On again: they go.
    #expect(try await Submitter(queue: queue, client: client, backoff: fastBackoff).flush() == 2)
  }

  /// Never logged in: the player says so once for the database, not at every run (each `tunes play`
  /// is a run of its own) nor at every listen.
  @Test func notLoggedInIsSaidOnce() async throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let log = LogLines()
    for run in 0..<3 {
      let queue = ListenQueue(library: library)
      let submitter = Submitter(queue: queue, client: nil, backoff: fastBackoff, pollInterval: 0.05, log: { log.append($0) })
      let scrobbler = Scrobbler(library: library, client: nil, submitter: submitter)
      await submitter.start()
      for i in 0..<3 {
        try scrobbler.listened(
          song: song, listenedAt: Date(timeIntervalSinceNow: Double(-1000 + run * 10 + i)), playedMs: 100_000)
        try await Task.sleep(for: .milliseconds(100))
      }
      await submitter.stop()
    }
    #expect(log.lines.filter { $0.hasPrefix("not logged in to ListenBrainz") }.count == 1)
    #expect(log.lines.first { $0.hasPrefix("not logged in") }?.contains("TUNES_LISTENBRAINZ=off") == true)
    #expect(try ListenQueue(library: library).count(.pending) == 9)
  }
}
