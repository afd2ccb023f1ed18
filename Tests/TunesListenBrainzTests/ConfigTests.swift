// The config file: the TOML subset, private permissions, refusing a token others can read, the
// environment override, and login/logout against the fake server.
import Foundation
import Testing
import TunesCore

@testable import TunesListenBrainz

@Suite struct ConfigTests {
  @Test func parsesTheSubset() throws {
    let text = """
      # comment
      top = 1
      [listenbrainz]
      token = "a \\"quoted\\" \\\\ value\\u00e9" # trailing comment
      user = "me"
      enabled = true
      retries = -3

      [player]
      device = "default"
      """
    let config = try Config.parse(text, path: "c.toml")
    #expect(config["", "top"] == .integer(1))
    #expect(config["listenbrainz", "token"] == .string("a \"quoted\" \\ valueé"))
    #expect(config["listenbrainz", "enabled"] == .bool(true))
    #expect(config["listenbrainz", "retries"] == .integer(-3))
    #expect(config["player", "device"] == .string("default"))
    #expect(config["player", "missing"] == nil)
    // What render writes parses back to the same configuration.
    #expect(try Config.parse(config.render(), path: "c.toml") == config)
  }

  @Test(arguments: [
    ("[listenbrainz\n", 1, "section header without ']'"), ("a = 1\nb\n", 2, "expected key = value"),
    ("x = \"open\n", 1, "x: string without closing quote"),
    ("x = 1.5\n", 1, "x: unsupported value 1.5 (use \"text\", a number, true or false)"),
    ("x = 1\nx = 2\n", 2, "duplicate key x"), ("bad key = 1\n", 1, "bad key 'bad key'"),
    ("x = \"\\q\"\n", 1, "x: unknown escape \\q"),
  ])
  func syntaxErrorsNameTheLine(text: String, line: Int, message: String) {
    #expect(throws: ConfigError.syntax(path: "f.toml", line: line, message: message)) { try Config.parse(text, path: "f.toml") }
  }

  @Test func savedPrivately() throws {
    let folder = try temporaryFolder() + "/config/tunes"
    let file = ConfigFile(path: folder + "/config.toml")
    var config = Config()
    config["listenbrainz", "token"] = .string("tok")
    try file.save(config)
    #expect(file.mode() == 0o600)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    #expect(try file.secret(section: "listenbrainz", key: "token") == "tok")
    // Saving again keeps 0600 even if someone loosened the file.
    chmod(file.path, 0o644)
    try file.save(config)
    #expect(file.mode() == 0o600)
  }

  @Test func worldReadableTokenIsRefused() throws {
    let path = try temporaryFolder() + "/config.toml"
    try "[listenbrainz]\ntoken = \"tok\"\n".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o644)
    let account = Account(configFile: path, environment: [:])
    do {
      _ = try account.token()
      Issue.record("token read from a 0644 file")
    } catch let error as ConfigError {
      #expect(error == .tooOpen(path: path, mode: 0o644))
      #expect(error.description.contains("chmod 600 \(path)"))
      #expect(!error.description.contains("tok\""))
      #expect(error.exitStatus == .noPermission)
    }
    chmod(path, 0o640)
    #expect(throws: ConfigError.tooOpen(path: path, mode: 0o640)) { try account.token() }
    chmod(path, 0o600)
    #expect(try account.token() == "tok")
  }

  @Test func environmentTokenWins() throws {
    let path = try temporaryFolder() + "/config.toml"
    try "[listenbrainz]\ntoken = \"file\"\n".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o644)  // not even read when the variable is set
    #expect(try Account(configFile: path, environment: ["TUNES_LISTENBRAINZ_TOKEN": "env\n"]).token() == "env")
    #expect(try Account(configFile: path + ".none", environment: [:]).token() == nil)
  }

  @Test func loginStoresTokenAndUserLogoutForgets() async throws {
    let server = try await FakeServer.start()
    let path = try temporaryFolder() + "/tunes/config.toml"
    let account = Account(configFile: path, environment: ["TUNES_LISTENBRAINZ_URL": server.root])
    let user = try await account.login(token: " \(FakeServer.token)\n")
    #expect(user == FakeServer.user)
    #expect(try account.token() == FakeServer.token)
    #expect(try account.userName() == FakeServer.user)
    #expect(ConfigFile(path: path).mode() == 0o600)
    #expect(try account.logout())
    #expect(try account.token() == nil)
    #expect(try !account.logout())
  }

  @Test func loginWithABadTokenStoresNothing() async throws {
    let server = try await FakeServer.start()
    let path = try temporaryFolder() + "/config.toml"
    let account = Account(configFile: path, environment: ["TUNES_LISTENBRAINZ_URL": server.root])
    await #expect(throws: ListenBrainzError.tokenRejected) { try await account.login(token: "nope") }
    #expect(!FileManager.default.fileExists(atPath: path))
    await #expect(throws: ListenBrainzError.emptyToken) { try await account.login(token: "  ") }
  }

  /// `echo "" | tunes lb login`: its own one-line error (usage, 64), not "not logged in; run tunes lb login".
  @Test func loginWithAnEmptyLineSaysSo() async throws {
    let folder = try temporaryFolder()
    let input = folder + "/empty-line"
    try Data("\n".utf8).write(to: URL(fileURLWithPath: input))
    let r = try await TunesBinary.run(
      ["lb", "login"], server: "http://127.0.0.1:9", db: folder + "/library.db", extra: ["TUNES_LISTENBRAINZ_TOKEN": ""],
      stdin: input)
    #expect(r.status == 64)
    #expect(r.err == "tunes: \(ListenBrainzError.emptyToken.description)\n")
    #expect(r.err.hasPrefix("tunes: no token given"))
    #expect(!r.err.contains("run `tunes lb login`"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/config/tunes/config.toml"))
  }

  @Test func loginOfflineNamesTheHost() async throws {
    let closed = try ReservedPort()
    let account = Account(configFile: try temporaryFolder() + "/c.toml", environment: ["TUNES_LISTENBRAINZ_URL": closed.root])
    do {
      _ = try await account.login(token: "t", transport: CurlTransport(connectTimeout: 1, requestTimeout: 2))
      Issue.record("login worked offline")
    } catch let error as ListenBrainzError {
      guard case .network(_, let host) = error else { Issue.record("\(error)"); return }
      #expect(host == "127.0.0.1")
      #expect(error.exitStatus == .unavailable)
    }
  }
}
