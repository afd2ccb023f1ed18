// `tunes status [--json]`: the running player's state as one line, or as JSON for scripts.
import ArgumentParser
import Glibc
import TunesControl
import TunesCore
import TunesMPD
import TunesTerminal

struct Status: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show what the running player is doing.",
    discussion: """
      JSON keys: state (play|pause|stop), song (file, title, artist, album, durationMs, position, id; null when none), \
      elapsedMs, durationMs, position (0-based), queueLength, shuffle, repeat (off|all|one), volume.
      """)

  @OptionGroup var global: GlobalOptions
  @Flag(name: .long, help: "Print one JSON object.") var json = false
  @Option(
    name: [.customShort("f"), .long],
    help: "One line from a template: the song's fields and $state $elapsed $volume $repeat $shuffle $queuelength.")
  var format: String?

  mutating func validate() throws {
    if json && format != nil { throw ValidationError("--json and --format: choose one") }
    _ = try RemoteTemplate.parse(format, withStatus: true)
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      if let template = try RemoteTemplate.parse(format, withStatus: true) {
        let status = MPDClient.dictionary(try client.run("status"))
        let song = MPDClient.dictionary(try client.run("currentsong"))
        let current = song["file"] == nil ? nil : song
        print(TerminalText.safe(template.render { RemoteTemplate.value($0, song: current, status: status) }))
        return
      }
      let report = try PlayerReport.read(from: client)
      print(json ? report.json : TerminalText.safe(report.line))
    }
  }

  /// `tunes status` with nothing after it, or `tunes` alone: the command a status bar or key binding
  /// runs many times a minute. `Tunes.main` runs it before the argument parser is built and before any
  /// worker thread is started (the parser's reflection over the command tree was a quarter of the
  /// process's own time, the threads the first hop to the global executor starts another tenth); what
  /// it prints, and how it fails, are those of `run()` without options. The `tunes` front prints the
  /// same line from the player's `tunes_status` and comes here whenever it cannot (FrontProgramTests
  /// holds the two equal). Returns the exit status.
  static func runWithoutOptions() -> Int32 {
    do {
      // The library's player wherever its socket is, as every remote command finds it (GlobalOptions).
      let paths = TunesPaths()
      let socket = PlayerLock.running(database: paths.database(override: nil))?.socket ?? paths.mpdSocket
      let client = try PlayerRemote.connect(socketPath: socket)
      writeOut(TerminalText.safe(try PlayerReport.read(from: client).line) + "\n")
      return 0
    } catch let error as TunesError {
      // As reportingErrors reports it.
      StandardError.print("tunes: \(error.description)")
      return error.exitStatus.rawValue
    } catch {
      StandardError.print("Error: \(error)")
      return ExitCode.failure.rawValue
    }
  }

  /// Writes `text` to standard output whole. Not print: its first call looks up its argument's
  /// conformances over every record in the binary, a scan the parser's path pays anyway.
  private static func writeOut(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}
