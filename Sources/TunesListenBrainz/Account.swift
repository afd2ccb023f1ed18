// The ListenBrainz account as tunes keeps it: the token and user name in the config file (0600),
// `TUNES_LISTENBRAINZ_TOKEN` overriding the token, and login/logout/status built on them. One account
// per target: ListenBrainz itself (`[listenbrainz]`, the target named `listenbrainz`) and any number
// of servers that take the ListenBrainz API at their own root (Maloja, Koito…), each in a section
// `[listenbrainz.NAME]` with `url`, `token` and `user`.
import Foundation
import TunesCore

public struct Account: Sendable {
  public static let section = "listenbrainz"
  /// The name of the target `[listenbrainz]` configures: ListenBrainz itself (or TUNES_LISTENBRAINZ_URL).
  public static let defaultTarget = "listenbrainz"
  public static let tokenVariable = "TUNES_LISTENBRAINZ_TOKEN"
  /// The off switch: `off` (or 0/false/no) turns submission off, `on` (1/true/yes) on, whatever the
  /// config file's `enabled` says.
  public static let switchVariable = "TUNES_LISTENBRAINZ"

  public let file: ConfigFile
  public let environment: [String: String]
  /// Which server this account is on (`defaultTarget`, or a NAME of `[listenbrainz.NAME]`).
  public let target: String

  public init(paths: TunesPaths = TunesPaths(), target: String = Account.defaultTarget) {
    self.file = ConfigFile(paths: paths)
    self.environment = paths.environment
    self.target = target
  }

  public init(configFile: String, environment: [String: String], target: String = Account.defaultTarget) {
    self.file = ConfigFile(path: configFile)
    self.environment = environment
    self.target = target
  }

  /// The same config file and environment, another target.
  public func on(target name: String) -> Account {
    Account(configFile: file.path, environment: environment, target: name)
  }

  public var isDefaultTarget: Bool { target == Self.defaultTarget }

  /// This target's section of the config file.
  public var section: String { isDefaultTarget ? Self.section : "\(Self.section).\(target)" }

  /// The other targets the config file names (`[listenbrainz.NAME]` with a `url`), in file order.
  public func otherTargets() throws -> [String] {
    let prefix = Self.section + "."
    return try file.load().sections.map(\.name).filter { $0.hasPrefix(prefix) && $0.count > prefix.count }
      .map { String($0.dropFirst(prefix.count)) }
  }

  /// A target name as `--target` takes it: letters, digits, `-` and `_`.
  public static func validTarget(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
  }

  /// Where this target's API lives: TUNES_LISTENBRAINZ_URL or ListenBrainz for the default target,
  /// the section's `url` for the others.
  public func root() throws -> APIRoot {
    if isDefaultTarget { return try APIRoot.fromEnvironment(environment) }
    guard let url = try file.load()[section, "url"]?.stringValue else {
      throw ListenBrainzError.invalidRoot(
        url: "[\(section)]", reason: "no url; run `tunes lb login --target \(target) --url URL`")
    }
    return try APIRoot(url)
  }

  /// The token to use: the environment variable (default target only), else the config file (refused
  /// when others can read it).
  public func token() throws -> String? {
    try environmentToken ?? file.secret(section: section, key: "token")
  }

  /// TUNES_LISTENBRAINZ_TOKEN trimmed; nil when unset or blank, and for targets other than the default.
  private var environmentToken: String? {
    guard isDefaultTarget, let value = environment[Self.tokenVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
      !value.isEmpty
    else { return nil }
    return value
  }

  /// Why submission is off (nil: on): `TUNES_LISTENBRAINZ`, else `enabled = false` in [listenbrainz].
  /// Off means no listen is queued, none sent, no playing_now; plays are still counted.
  public func offReason() throws -> String? {
    if let raw = environment[Self.switchVariable]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
      switch raw.lowercased() {
      case "off", "0", "false", "no": return "\(Self.switchVariable)=\(raw)"
      case "on", "1", "true", "yes": return nil
      default: throw ListenBrainzError.invalidSwitch(setting: "\(Self.switchVariable)=\(raw)")
      }
    }
    guard let value = try file.load()[Self.section, "enabled"] else { return nil }
    guard let enabled = value.boolValue else {
      throw ListenBrainzError.invalidSwitch(setting: "enabled = \(value) in \(file.path)")
    }
    return enabled ? nil : "enabled = false in \(file.path)"
  }

  public func userName() throws -> String? { try file.load()[section, "user"]?.stringValue }

  /// True when TUNES_LISTENBRAINZ_TOKEN gives the token (it overrides the config file).
  public var tokenFromEnvironment: Bool { environmentToken != nil }

  /// The user whose listens are queued and sent now: the stored user name while a token is stored
  /// with it (`tunes lb login` stores both). nil when no user is known: logged out, or a token from
  /// TUNES_LISTENBRAINZ_TOKEN, whose user tunes does not store (it may not be the stored user's).
  public func listenUser() throws -> String? {
    guard !tokenFromEnvironment else { return nil }
    let config = try file.load()
    guard config[section, "token"] != nil else { return nil }
    return config[section, "user"]?.stringValue
  }

  /// A client for this account (token optional: playing_now and submission need it).
  public func client(transport: any HTTPTransport = CurlTransport()) throws -> ListenBrainzClient {
    ListenBrainzClient(root: try root(), token: try token(), transport: transport)
  }

  /// Checks `token` with the server and stores it with the user name. Returns the user name. `url`
  /// (other targets only) is the target's API root, stored with them; without it the stored one is used.
  public func login(token rawToken: String, url: String? = nil, transport: any HTTPTransport = CurlTransport()) async throws
    -> String
  {
    let token = rawToken.trimmingCharacters(in: .whitespacesAndNewlines)
    // Its own error: "not logged in; run `tunes lb login`" would send the user round in a circle.
    guard !token.isEmpty else { throw ListenBrainzError.emptyToken }
    let root: APIRoot
    if let url { root = try APIRoot(url) } else { root = try self.root() }
    let client = ListenBrainzClient(root: root, token: token, transport: transport)
    let check = try await client.validateToken()
    guard check.valid, let user = check.userName else { throw ListenBrainzError.tokenRejected }
    var config = try file.load()
    if !isDefaultTarget { config[section, "url"] = .string(root.url) }
    config[section, "token"] = .string(token)
    config[section, "user"] = .string(user)
    try file.save(config)
    return user
  }

  /// Forgets the token and user name. Returns false when nothing was stored.
  @discardableResult
  public func logout() throws -> Bool {
    var config = try file.load()
    guard config[section, "token"] != nil || config[section, "user"] != nil else { return false }
    config[section, "token"] = nil
    config[section, "user"] = nil
    try file.save(config)
    return true
  }
}

/// Pending listens of one account.
public struct AccountCount: Sendable, Codable, Equatable {
  public var account: String
  public var pending: Int
  public init(account: String, pending: Int) {
    self.account = account
    self.pending = pending
  }
}

/// What `tunes lb status` shows.
public struct SubmissionStatus: Sendable, Codable, Equatable {
  public var user: String?
  public var loggedIn: Bool
  /// All pending listens (those held until their song ends included), including those of `otherAccounts`.
  public var pending: Int
  /// Pending listens queued under another account than the one listens are sent for now (by
  /// account name): they wait until that account logs in again.
  public var otherAccounts: [AccountCount]
  public var rejected: Int
  public var lastSubmissionAt: Int?
  public var lastSubmissionCount: Int?
  public var lastError: String?
  public var lastErrorAt: Int?
  /// True after a 401, until the next login.
  public var tokenRejected: Bool
  /// Why the stored token cannot be used (e.g. the config file is readable by others).
  public var tokenProblem: String?
  /// Why submission is off (TUNES_LISTENBRAINZ=off, `enabled = false`); nil when on.
  public var off: String? = nil
  /// The other targets (`[listenbrainz.NAME]`), each with its own queue and state.
  public var targets: [TargetStatus] = []
  /// Writes (love/hate, pins, follows, recommendations, reviews, feed actions) waiting in the outbox.
  public var writes: [WaitingWrite] = []

  public static func read(queue: ListenQueue, account: Account) throws -> SubmissionStatus {
    var token: String? = nil
    var problem: String? = nil
    do { token = try account.token() } catch let error as TunesError { problem = error.description }
    return SubmissionStatus(
      user: try account.userName(), loggedIn: token != nil,
      // Listens held until their song ends are waiting to be sent too.
      pending: try queue.count(.pending) + queue.count(.playing),
      otherAccounts: try queue.waitingForOtherAccounts(than: try? account.listenUser()),
      rejected: try queue.count(.rejected),
      lastSubmissionAt: try queue.fact(.lastSubmissionAt).flatMap { Int($0) },
      lastSubmissionCount: try queue.fact(.lastSubmissionCount).flatMap { Int($0) },
      lastError: try queue.fact(.lastError), lastErrorAt: try queue.fact(.lastErrorAt).flatMap { Int($0) },
      tokenRejected: try queue.fact(.tokenRejected) != nil, tokenProblem: problem, off: Self.off(account),
      targets: try account.otherTargets().map { try TargetStatus.read(library: queue.library, account: account.on(target: $0)) },
      writes: (try? SocialQueue(library: queue.library).all())?.map(WaitingWrite.init) ?? [])
  }

  private static func off(_ account: Account) -> String? {
    do { return try account.offReason() } catch { return "\(error)" }
  }
}

/// A usable token and whose it is: what the submitter sends with, and which queued listens it may send.
public struct Login: Sendable {
  public let client: ListenBrainzClient
  /// The token's user (`Account.listenUser`); nil when tunes does not know it. The submitter sends the
  /// listens queued under this user and those queued under none; with nil, only the latter.
  public let user: String?

  public init(client: ListenBrainzClient, user: String?) {
    self.client = client
    self.user = user
  }
}

/// The account as a long-running player sees it: the client for the token stored *now* and the user
/// listens are queued under now. The config file is read again only when it changed (inode, size,
/// mode, change and modification times: one `stat` per call otherwise), so `tunes lb logout` stops a
/// running submitter before its next request and `tunes lb login` (as the same or another user) is
/// used by the next request and recorded with the next listen.
public final class LiveAccount: @unchecked Sendable {
  public let account: Account
  private let transport: any HTTPTransport
  private let log: @Sendable (String) -> Void
  private let lock = NSLock()
  /// The file as last read; `.none` before the first read.
  private var seen: FileStamp?? = .none
  private var cached: ListenBrainzClient?
  private var cachedUser: String?
  private var cachedOff: String?

  public init(
    account: Account, transport: any HTTPTransport = CurlTransport(), log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.account = account
    self.transport = transport
    self.log = log
  }

  /// The client for the current token, or nil when logged out or the token cannot be used (the reason
  /// is logged once per change of the file).
  public func client() -> ListenBrainzClient? { login()?.client }

  /// The user listens are queued under now (`Account.listenUser`), nil when none is known.
  public func user() -> String? { current().user }

  /// Why submission is off now (`Account.offReason`), nil when on. A setting tunes cannot read counts
  /// as off (logged once per change of the file): sending against the user's wish is the worse mistake.
  public func offReason() -> String? {
    _ = current()
    return lock.withLock { cachedOff }
  }

  /// The client and its user, read together (from one reading of the file); nil when logged out.
  public func login() -> Login? {
    let (client, user) = current()
    return client.map { Login(client: $0, user: user) }
  }

  /// The client and the user listens are queued under, from one reading of the file.
  public func current() -> (client: ListenBrainzClient?, user: String?) {
    let now = FileStamp(path: account.file.path)
    return lock.withLock {
      if case .some(let last) = seen, last == now { return (cached, cachedUser) }
      seen = .some(now)
      do {
        let client = try account.client(transport: transport)
        cached = client.hasToken ? client : nil
      } catch {
        cached = nil
        log("ListenBrainz disabled: \(error)")
      }
      // A file others can read still names the user the listens are played under.
      cachedUser = try? account.listenUser()
      do {
        cachedOff = try account.offReason()
      } catch {
        cachedOff = "\(error)"
        log("ListenBrainz submission off: \(error)")
      }
      return (cached, cachedUser)
    }
  }
}

/// What `stat` says about a file, to notice that it changed without reading it.
struct FileStamp: Equatable {
  var inode: UInt64
  var size: Int64
  var mode: UInt32
  var modified: [Int]
  var changed: [Int]

  /// nil when the file does not exist.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    mode = UInt32(info.st_mode)
    modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    changed = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
  }
}
