// What happens once the player calls the Scrobbler: one transaction for play count and listen,
// skipped songs, the submitter woken, playing_now on start and on a long-paused resume.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct ScrobblerTests {
  @Test func listenedCountsThePlayAndQueuesTheListenThenSendsIt() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Tune", artist: "Band")
    let client = try makeClient(server)
    let submitter = Submitter(queue: ListenQueue(library: library), client: client, backoff: fastBackoff, pollInterval: 30)
    await submitter.start()
    let scrobbler = Scrobbler(library: library, client: client, submitter: submitter)
    let at = Date(timeIntervalSince1970: Double(Int(Date().timeIntervalSince1970) - 300))
    let id = try scrobbler.listened(song: song, listenedAt: at, playedMs: 150_000)
    #expect(id != nil)
    let stored = try #require(try library.song(id: song.id!))
    #expect(stored.playCount == 1)
    #expect(stored.lastPlayedAt == at)
    // The wake (not the 30 s timer) sends it.
    #expect(try await eventually(30) { try await server.storedListens().count == 1 })
    await submitter.stop()
    let listen = try #require(try await server.storedListens().first)
    #expect(listen["listened_at"] as? Int == Int(at.timeIntervalSince1970))
    #expect((listen["track_metadata"] as? [String: Any])?["track_name"] as? String == "Tune")
    #expect(try ListenQueue(library: library).count(.pending) == 0)
  }

  /// A 7 s song played through: the listen counts at 3.5 s, but goes out once the song ended, with
  /// `duration_played` 7 (the time listened), not 3.
  @Test func durationPlayedIsTheTimeListened() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Short", artist: "Band")
    let client = try makeClient(server)
    let queue = ListenQueue(library: library)
    let submitter = Submitter(queue: queue, client: client, backoff: fastBackoff, pollInterval: 0.2)
    await submitter.start()
    let scrobbler = Scrobbler(library: library, client: client, submitter: submitter)
    let at = Date(timeIntervalSince1970: Double(Int(Date().timeIntervalSince1970) - 60))
    try scrobbler.listened(song: song, listenedAt: at, playedMs: 3500, untilEnd: true)
    #expect(try library.song(id: song.id!)?.playCount == 1)
    // Held while the song plays: queued (durable) but not sent.
    try await Task.sleep(for: .milliseconds(600))
    #expect(try await server.storedListens().isEmpty)
    #expect(try queue.all().map(\.state) == [.playing])
    try scrobbler.listenEnded(listenedAt: at, playedMs: 6977)  // as the player measures a 7 s song: by buffers
    #expect(try await eventually(30) { try await server.storedListens().count == 1 })
    await submitter.stop()
    let listen = try #require(try await server.storedListens().first)
    let info = (listen["track_metadata"] as? [String: Any])?["additional_info"] as? [String: Any]
    #expect(info?["duration_played"] as? Int == 7)
    #expect(try queue.count(.pending) == 0)
  }

  /// Listens a killed player held for their end go out with the time heard when they counted, when
  /// the next player starts.
  @Test func heldListensOfAGonePlayerAreSentByTheNext() async throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let at = Date(timeIntervalSinceNow: -600)
    try Scrobbler(library: library, client: nil, submitter: nil).listened(
      song: song, listenedAt: at, playedMs: 3000, untilEnd: true)
    let folder = try temporaryFolder()
    let account = Account(configFile: folder + "/config.toml", environment: ["TUNES_LISTENBRAINZ_URL": "http://127.0.0.1:9"])
    let (_, submitter) = await Scrobbler.start(library: library, account: account)
    await submitter?.stop()
    let rows = try ListenQueue(library: library).all()
    #expect(rows.map(\.state) == [.pending])
    #expect(rows.first?.payload.contains("\"duration_played\":3") == true)
  }

  @Test func songWithoutArtistIsCountedButNotQueued() throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Untitled", artist: "")
    let log = LogLines()
    let scrobbler = Scrobbler(library: library, client: nil, submitter: nil, log: { log.append($0) })
    #expect(try scrobbler.listened(song: song, listenedAt: Date(), playedMs: 100_000) == nil)
    #expect(try library.song(id: song.id!)?.playCount == 1)
    #expect(try ListenQueue(library: library).all().isEmpty)
    #expect(log.lines == ["listen not submitted: \(song.path): no artist tag"])
  }

  @Test func eachPlayIsItsOwnListen() throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let scrobbler = Scrobbler(library: library, client: nil, submitter: nil)
    let start = Date(timeIntervalSinceNow: -1000)
    try scrobbler.listened(song: song, listenedAt: start, playedMs: 200_000)
    try scrobbler.listened(song: song, listenedAt: start.addingTimeInterval(200), playedMs: 200_000)
    #expect(try library.song(id: song.id!)?.playCount == 2)
    #expect(
      try ListenQueue(library: library).all().map(\.listenedAt) == [
        Int(start.timeIntervalSince1970), Int(start.timeIntervalSince1970) + 200,
      ])
  }

  @Test func failedWriteChangesNothing() throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    // Break the queue table: the listen insert fails, so the play count must roll back with it.
    try library.pool.write { db in
      try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'refused'); END")
    }
    let scrobbler = Scrobbler(library: library, client: nil, submitter: nil)
    #expect(throws: ListenBrainzError.self) { try scrobbler.listened(song: song, listenedAt: Date(), playedMs: 100_000) }
    #expect(try library.song(id: song.id!)?.playCount == 0)
  }

  @Test func playingNowOnStartAndAfterALongPause() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Now", artist: "Playing")
    let scrobbler = Scrobbler(library: library, client: try makeClient(server), submitter: nil)
    await scrobbler.songStarted(song: song)?.value
    let now = try await server.playingNow()
    #expect((now.first?["track_metadata"] as? [String: Any])?["track_name"] as? String == "Now")
    let requests = try await server.requests()
    #expect(requests.map { $0["listen_type"] as? String } == ["playing_now"])
    // A pause shorter than the remaining time: the server still shows the song, nothing is sent.
    #expect(scrobbler.songResumed(song: song, afterPause: 30, remainingSeconds: 100) == nil)
    await scrobbler.songResumed(song: song, afterPause: 300, remainingSeconds: 100)?.value
    #expect(try await server.requests().count == 2)
    // Without a token nothing is sent.
    #expect(Scrobbler(library: library, client: nil, submitter: nil).songStarted(song: song) == nil)
  }
}

@Suite struct ScrobblerWiringTests {
  @Test func startWithATokenSubmits() async throws {
    let server = try await FakeServer.start()
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let account = Account(
      configFile: try temporaryFolder() + "/c.toml",
      environment: [
        "TUNES_LISTENBRAINZ_URL": server.root, "TUNES_LISTENBRAINZ_TOKEN": FakeServer.token,
      ])
    let (scrobbler, submitter) = await Scrobbler.start(library: library, account: account)
    #expect(submitter != nil)
    try scrobbler.listened(song: song, listenedAt: Date(timeIntervalSinceNow: -600), playedMs: 120_000)
    #expect(try await eventually { try await server.storedListens().count == 1 })
    await submitter?.stop()
  }

  @Test func startWithoutATokenStillQueues() async throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let path = try temporaryFolder() + "/c.toml"
    try "[listenbrainz]\ntoken = \"t\"\n".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o604)
    let log = LogLines()
    let (scrobbler, submitter) = await Scrobbler.start(
      library: library, account: Account(configFile: path, environment: [:]), log: { log.append($0) })
    #expect(log.lines.first?.contains("chmod 600 \(path)") == true)
    try scrobbler.listened(song: song, listenedAt: Date(), playedMs: 120_000)
    // The submitter waits for a usable token (it reads the account before each request).
    #expect(await eventually { log.lines.contains { $0.contains("not logged in to ListenBrainz") } }, "\(log.lines)")
    #expect(try ListenQueue(library: library).count(.pending) == 1)
    await submitter?.stop()
  }

  /// A running player reads the account before each request: after `tunes lb logout` it sends
  /// nothing (the listens wait), and after a login as another user it sends as that user.
  @Test func logoutStopsARunningPlayerAndANewLoginIsUsedNext() async throws {
    let server = try await FakeServer.start(tokens: ["tok-zoe": "Zoë"])
    let library = try temporaryLibrary()
    let song = try insertSong(library)
    let queue = ListenQueue(library: library)
    let account = Account(
      configFile: try temporaryFolder() + "/tunes/config.toml", environment: ["TUNES_LISTENBRAINZ_URL": server.root])
    _ = try await account.login(token: FakeServer.token)
    let log = LogLines()
    let (scrobbler, submitter) = await Scrobbler.start(library: library, account: account, log: { log.append($0) })
    let start = Date(timeIntervalSinceNow: -3600)
    try scrobbler.listened(song: song, listenedAt: start, playedMs: 120_000)
    #expect(try await eventually { try await server.storedListens().count == 1 })

    #expect(try account.logout())
    try scrobbler.listened(song: song, listenedAt: start.addingTimeInterval(300), playedMs: 120_000)
    #expect(await eventually { log.lines.contains { $0.contains("not logged in to ListenBrainz") } }, "\(log.lines)")
    #expect(try queue.count(.pending) == 1)
    #expect(try await server.requests().count == 1)
    #expect(scrobbler.songStarted(song: song) == nil)  // no playing_now either

    _ = try await account.login(token: "tok-zoe")
    try scrobbler.listened(song: song, listenedAt: start.addingTimeInterval(600), playedMs: 120_000)
    #expect(try await eventually { try queue.count(.pending) == 0 })
    #expect(try await server.storedListens().map { $0["user_name"] as? String } == [FakeServer.user, "Zoë", "Zoë"])
    await submitter?.stop()
  }

  /// A paused account refuses playing_now with a 401 too, for a token that is fine: the player says
  /// what `tunes lb status` says (the account may not submit now), once, and never asks for a login.
  @Test func playingNowOfAPausedAccountSaysWhatStatusSays() async throws {
    let server = try await FakeServer.start()
    try await server.control(["account": [FakeServer.user: "paused"]])
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Now", artist: "Playing")
    let log = LogLines()
    let scrobbler = Scrobbler(library: library, client: try makeClient(server), submitter: nil, log: { log.append($0) })
    await scrobbler.songStarted(song: song)?.value
    await scrobbler.songStarted(song: song)?.value
    #expect(log.lines.count == 1, "\(log.lines)")
    #expect(log.lines.first?.hasPrefix("playing_now not sent: ListenBrainz does not take listens from this account now") == true)
    #expect(log.lines.first?.contains("tunes lb login") == false)
  }
}
