// Several scrobble targets at once: ListenBrainz and a self-hosted server taking its API at another
// root, each with its own queue and back-off. One target down (refusing connections, then answering
// 503) delays no other, and every listen reaches each target exactly once after it recovers.
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite(.serialized) struct TargetTests {
  func configFile(_ text: String) throws -> String {
    let path = try temporaryFolder() + "/config.toml"
    try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
    return path
  }

  @Test func everyListenReachesEachTargetOnceWhileOneIsDown() async throws {
    let listenBrainz = try await FakeServer.start()
    // Down (bound, not listening: connections are refused), then up answering 503 twice.
    let koitoServer = try await FakeServer.start(arguments: ["--fail", "503", "--fail-times", "2"], down: true)
    let config = try configFile(
      """
      [listenbrainz]
      token = "\(FakeServer.token)"
      user = "\(FakeServer.user)"

      [listenbrainz.koito]
      url = "\(koitoServer.root)"
      token = "\(FakeServer.token)"
      user = "\(FakeServer.user)"
      """)
    let account = Account(configFile: config, environment: ["TUNES_LISTENBRAINZ_URL": listenBrainz.root])
    #expect(try account.otherTargets() == ["koito"])
    let library = try temporaryLibrary()
    let log = LogLines()
    let (scrobbler, started) = await Scrobbler.start(
      library: library, account: account, backoff: fastBackoff, log: { log.append($0) })
    let submitter = try #require(started)
    let start = Int(Date().timeIntervalSince1970) - 600
    for i in 0..<3 {
      let song = try insertSong(library, title: "Song \(i)", n: i)
      try scrobbler.listened(song: song, listenedAt: Date(timeIntervalSince1970: Double(start + i * 10)), playedMs: 100_000)
    }
    // ListenBrainz gets all three while the other target refuses connections.
    #expect(try await eventually(60) { try await listenBrainz.storedListens().count == 3 })
    let koito = ListenQueue(library: library, target: "koito")
    #expect(try koito.count(.pending) == 3)
    #expect(try await eventually(60) { try koito.fact(.lastError)?.contains("127.0.0.1") == true })
    #expect(try ListenQueue(library: library).count(.pending) == 0)
    #expect(try ListenQueue(library: library).fact(.lastError) == nil)
    // It comes up answering 503 twice, then takes them.
    try await koitoServer.comeUp()
    #expect(try await eventually(30) { try await koitoServer.storedListens().count == 3 })
    await submitter.stop()
    for server in [listenBrainz, koitoServer] {
      let listens = try await server.storedListens()
      #expect(listens.count == 3)
      #expect(Set(listens.map { "\($0["listened_at"]!)" }).count == 3)
    }
    #expect(try await koitoServer.requests().filter { $0["status"] as? Int == 503 }.count == 2)
    #expect(try koito.count(.pending) == 0)
    #expect(try koito.fact(.lastSubmissionAt) != nil)
    // The status shows each target apart.
    let status = try SubmissionStatus.read(queue: ListenQueue(library: library), account: account)
    #expect(status.targets.map(\.name) == ["koito"])
    #expect(status.targets.first?.url == koitoServer.root)
    #expect(status.lines.last?.hasPrefix("target koito (\(koitoServer.root)): user \(FakeServer.user); pending 0") == true)
  }

  /// The other way round: ListenBrainz itself down, the self-hosted target up.
  @Test func everyListenReachesEachTargetOnceWhileListenBrainzIsDown() async throws {
    let koito = try await FakeServer.start()
    // Down (bound, not listening: connections are refused), then up answering 503 once.
    let listenBrainz = try await FakeServer.start(arguments: ["--fail", "503", "--fail-times", "1"], down: true)
    let config = try configFile(
      """
      [listenbrainz]
      token = "\(FakeServer.token)"
      user = "\(FakeServer.user)"

      [listenbrainz.koito]
      url = "\(koito.root)"
      token = "\(FakeServer.token)"
      user = "\(FakeServer.user)"
      """)
    let account = Account(configFile: config, environment: ["TUNES_LISTENBRAINZ_URL": listenBrainz.root])
    let library = try temporaryLibrary()
    let (scrobbler, started) = await Scrobbler.start(library: library, account: account, backoff: fastBackoff, log: { _ in })
    let submitter = try #require(started)
    let start = Int(Date().timeIntervalSince1970) - 600
    for i in 0..<3 {
      let song = try insertSong(library, title: "Song \(i)", n: i)
      try scrobbler.listened(song: song, listenedAt: Date(timeIntervalSince1970: Double(start + i * 10)), playedMs: 100_000)
    }
    #expect(try await eventually(60) { try await koito.storedListens().count == 3 })
    let main = ListenQueue(library: library)
    #expect(try main.count(.pending) == 3)
    #expect(try ListenQueue(library: library, target: "koito").count(.pending) == 0)
    try await listenBrainz.comeUp()
    #expect(try await eventually(30) { try await listenBrainz.storedListens().count == 3 })
    await submitter.stop()
    for server in [koito, listenBrainz] {
      let listens = try await server.storedListens()
      #expect(listens.count == 3)
      #expect(Set(listens.map { "\($0["listened_at"]!)" }).count == 3)
    }
    #expect(try main.count(.pending) == 0)
  }

  /// Through the binary: `lb login --target` reads the token from standard input, and `lb status` then
  /// shows the default account and the new target apart.
  @Test func loginTargetAndStatusFromTheCommandLine() async throws {
    let koito = try await FakeServer.start()
    let folder = try temporaryFolder()
    let input = folder + "/token"
    try Data("\(FakeServer.token)\n".utf8).write(to: URL(fileURLWithPath: input))
    let db = folder + "/library.db"
    let login = try await TunesBinary.run(
      ["lb", "login", "--target", "koito", "--url", koito.root], server: koito.root, db: db,
      extra: ["TUNES_LISTENBRAINZ_TOKEN": ""], stdin: input)
    #expect(login.status == 0, "\(login.err)")
    let config = try String(contentsOfFile: folder + "/config/tunes/config.toml", encoding: .utf8)
    #expect(config.contains("[listenbrainz.koito]") && config.contains(koito.root), "\(config)")
    let status = try await TunesBinary.run(["lb", "status"], server: koito.root, db: db)
    #expect(status.status == 0, "\(status.err)")
    #expect(status.out.contains("target koito (\(koito.root))"), "\(status.out)")
  }

  /// `login --target NAME --url URL` stores the target in its own section; the default account stays.
  @Test func loginToAnotherTargetKeepsListenBrainz() async throws {
    let server = try await FakeServer.start()
    let config = try configFile("[listenbrainz]\ntoken = \"lb-token\"\nuser = \"me\"\n")
    let koito = Account(configFile: config, environment: [:], target: "koito")
    #expect(try await koito.login(token: FakeServer.token, url: server.root + "/1") == FakeServer.user)
    let loaded = try ConfigFile(path: config).load()
    #expect(loaded["listenbrainz.koito", "url"]?.stringValue == server.root)
    #expect(loaded["listenbrainz.koito", "user"]?.stringValue == FakeServer.user)
    #expect(loaded["listenbrainz", "token"]?.stringValue == "lb-token")
    #expect(try Account(configFile: config, environment: [:]).otherTargets() == ["koito"])
    #expect(try koito.root().url == server.root)
    #expect(try koito.logout())
    #expect(try ConfigFile(path: config).load()["listenbrainz", "user"]?.stringValue == "me")
  }
}
