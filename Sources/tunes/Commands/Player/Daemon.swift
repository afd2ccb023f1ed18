// `tunes play --daemon`: starts this same program again in a new session (setsid), with no terminal,
// its output appended to a log file, and returns once the new player answers on its socket.
import Foundation
import TunesControl
import TunesCore
import TunesMPD

enum PlayServiceError: TunesError {
  /// The daemon ended before its socket answered; `log` holds its last lines.
  case daemonDied(status: Int32, log: String, tail: String)
  case daemonSilent(seconds: Int, log: String)
  case spawnFailed(errno: Int32)

  var exitStatus: ExitStatus {
    switch self {
    case .daemonDied, .daemonSilent: return .software
    case .spawnFailed: return .unavailable
    }
  }

  var description: String {
    switch self {
    case .daemonDied(let status, let log, let tail):
      return "the player daemon exited (status \(status)) before it answered; \(log): \(tail)"
    case .daemonSilent(let seconds, let log):
      return "the player daemon did not answer on its socket within \(seconds) s; see \(log)"
    case .spawnFailed(let code):
      return "cannot start the player daemon: \(String(cString: strerror(code)))"
    }
  }
}

enum Daemon {
  /// `$XDG_STATE_HOME/tunes/player.log` (default `~/.local/state`), else the runtime folder.
  static func logPath(_ paths: TunesPaths) -> String {
    let env = paths.environment
    let state =
      env["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (env["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    for folder in [state + "/tunes", paths.runtimeDirectory] {
      if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil {
        return folder + "/player.log"
      }
    }
    return "/dev/null"
  }

  /// The arguments of this run with `--daemon` turned into the hidden `--daemon-child`.
  static func childArguments() -> [String] {
    Array(CommandLine.arguments.dropFirst()).map { $0 == "--daemon" ? "--daemon-child" : $0 }
  }

  /// Spawns the daemon and waits (at most `timeout` s) until it answers on `socketPath`. Returns its pid.
  static func launch(
    socketPath: String, log: String, timeout: Int = 20, arguments: [String] = Daemon.childArguments()
  ) throws -> pid_t {
    // A bad TUNES_PLAYER_TIMEOUT is refused before a daemon is started, not once it runs.
    _ = try PlayerReplyWait.seconds(environment: ProcessInfo.processInfo.environment)
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else of this process goes along: an inherited pipe would keep whoever reads this
    // command's output waiting for as long as the daemon lives.
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
    for fd in open where fd > 2 && fcntl(fd, F_GETFD) != -1 { posix_spawn_file_actions_addclose(&actions, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID (glibc): the daemon leaves this terminal's session and survives its hangup.
    posix_spawnattr_setflags(&attributes, Int16(0x80))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard rc == 0 else { throw PlayServiceError.spawnFailed(errno: rc) }

    let deadline = Date().addingTimeInterval(Double(timeout))
    while Date() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        throw PlayServiceError.daemonDied(status: exit, log: log, tail: lastLine(of: log))
      }
      if try RemotePlay.connect(socketPath: socketPath) != nil { return pid }
      usleep(20_000)
    }
    throw PlayServiceError.daemonSilent(seconds: timeout, log: log)
  }

  static func lastLine(of path: String) -> String {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.map(String.init) ?? "(empty)"
  }
}
