// `tunes index PATH…`: brings the library index up to date with folders, catalogues and files,
// with a progress line on a terminal and a summary (or one JSON object) at the end.
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
import TunesPlaylists
import TunesTerminal

struct Index: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract:
      "Index folders (recursively, with every library.json in them), catalogue files or audio files (MP3, FLAC, Ogg, Opus, M4A).",
    discussion: """
      Unchanged files are not read again; moved files keep their play counts and playlist entries. Songs whose \
      files are gone are kept as missing (not listed, not played) until the files come back or --prune deletes them.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: "Folders, library.json catalogues or audio files.")
  var paths: [String]

  @Flag(name: .long, help: "Show what would change; write nothing.")
  var dryRun = false

  @Flag(name: .long, help: "Delete the songs under the paths whose files are missing, instead of keeping them as missing.")
  var prune = false

  @Flag(name: .long, help: "Print the summary as one JSON object.")
  var json = false

  @Flag(name: .long, help: "List again the broken files earlier runs reported that have not changed since.")
  var verbose = false

  func validate() throws {
    if paths.isEmpty { throw ValidationError("Name at least one folder, catalogue or file to index.") }
  }

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary(.createIfMissing)
      var options = IndexingOptions(dryRun: dryRun)
      options.prune = prune
      let showProgress = TerminalInfo.isTerminal(STDERR_FILENO) && !json
      if showProgress { options.progress = IndexProgressLine(start: SystemClock().monotonic()).update }
      options.waitingForOtherRun = { StandardError.print("tunes: waiting for another index of this library to finish") }
      var report = try library.index(paths: paths, options: options)
      if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
      // Playlist files found in the scanned folders become playlists kept in step with their files;
      // one that cannot be read is an error of the run like any other file.
      let playlists: PlaylistSyncReport? =
        dryRun
        ? nil : PlaylistFileSync.sync(library: library, foundFiles: report.playlistFiles)
      report.errors = (report.errors + (playlists?.failures ?? [])).sorted { $0.path < $1.path }
      // A file that failed the same way before and has not changed since was reported then: a scheduled
      // rescan fails only when something new went wrong. A dry run remembers nothing, so it shows all.
      var known: [IndexProblem] = []
      if !dryRun {
        let sorted = try library.sortProblems(report.errors, scope: paths)
        report.errors = sorted.new
        known = sorted.known
      }
      if json {
        var object = Self.json(report)
        object["knownErrors"] = known.map(Self.json)
        object["playlists"] = playlists?.lines ?? []
        JSONOutput.print(object)
      } else {
        printSummary(report)
        let knownFiles = Set(known.map(\.path)).count
        if knownFiles > 0 {
          print(
            "\(knownFiles) known broken file\(knownFiles == 1 ? "" : "s") unchanged since reported"
              + (verbose ? ":" : " (--verbose lists them)"))
        }
        for line in playlists?.lines ?? [] { print(line) }
        if verbose { Self.printProblems(known, suffix: " (unchanged since reported)") }
      }
      if !report.errors.isEmpty { throw ExitCode(ExitStatus.partial.rawValue) }
    }
  }

  func printSummary(_ report: IndexReport) {
    var out = ""
    // A file name may hold a line break or an escape sequence: shown safely, as tags are.
    let safe = TerminalText.safe
    if report.dryRun {
      for path in report.added { out += "would add     \(safe(path))\n" }
      for path in report.updated { out += "would update  \(safe(path))\n" }
      for move in report.moved { out += "would move    \(safe(move.from)) -> \(safe(move.to))\n" }
      for path in report.missing { out += "would mark missing  \(safe(path))\n" }
      for path in report.removed { out += "would remove  \(safe(path))\n" }
    }
    // "missing N" only when there are some: most runs find none, and the line stays as scripts know it.
    let missing = report.missing.isEmpty ? "" : "missing \(report.missing.count), "
    let counts =
      "added \(report.added.count), updated \(report.updated.count), moved \(report.moved.count), "
      + missing + "removed \(report.removed.count), unchanged \(report.unchanged), errors \(report.errors.count)"
    out += (report.dryRun ? "dry run, nothing written: " : "") + counts + "\n"
    FileHandle.standardOutput.write(Data(out.utf8))
    Self.printProblems(report.errors)
  }

  static func printProblems(_ problems: [IndexProblem], suffix: String = "") {
    // A file name may hold a line break or an escape sequence: shown safely, as tags are.
    let safe = TerminalText.safe
    for error in problems { StandardError.print("tunes: \(safe(error.place)): \(safe(error.reason))\(suffix)") }
  }

  static func json(_ problem: IndexProblem) -> [String: Any] {
    var object: [String: Any] = ["path": problem.path, "reason": problem.reason]
    if let line = problem.line { object["line"] = line }
    if let column = problem.column { object["column"] = column }
    return object
  }

  static func json(_ report: IndexReport) -> [String: Any] {
    var object: [String: Any] = [
      "dryRun": report.dryRun, "added": report.added.count, "updated": report.updated.count,
      "moved": report.moved.count, "missing": report.missing.count, "removed": report.removed.count,
      "unchanged": report.unchanged,
      "errors": report.errors.map(json),
    ]
    if report.dryRun {
      object["changes"] = [
        "added": report.added, "updated": report.updated, "missing": report.missing, "removed": report.removed,
        "moved": report.moved.map { ["from": $0.from, "to": $0.to] },
      ]
    }
    return object
  }
}
