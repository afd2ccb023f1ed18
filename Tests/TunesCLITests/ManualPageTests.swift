// tunes(1) as Scripts/make-manuals makes it from Packaging/man/tunes.md: the sections a reader looks for,
// every command of the program named in COMMANDS, every exit status the program uses explained, and a
// SEE ALSO that names only pages the install makes (tunes-query(7), and one page per command, which
// generate-manual names after the command's path: tunes.play(1), tunes.playlist.create(1)).
import Foundation
import Testing
import TunesTestSupport

@Suite(
  .enabled(if: builtTunes != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
struct ManualPageTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The page, as roff.
  private func page() throws -> String {
    let made = try ChildProcess.run(
      "/usr/bin/python3",
      [
        Self.repository + "/Scripts/markdown-man", Self.repository + "/Packaging/man/tunes.md", "tunes", "1",
        "a music-library player",
      ], timeout: 60)
    try #require(made.status == 0, "\(made.errors)")
    return made.output
  }

  /// The lines of one `.SH` section.
  private func section(_ name: String, of page: String) -> [Substring] {
    let lines = page.split(separator: "\n")
    guard let start = lines.firstIndex(of: Substring(".SH \(name)")) else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") })
  }

  /// The program's command tree, from its own definitions.
  private func commandTree() throws -> [String: Any] {
    let dump = try ChildProcess.run(try #require(builtTunes), ["--experimental-dump-help"], timeout: 60)
    try #require(dump.status == 0, "\(dump.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any]
    return try #require(json?["command"] as? [String: Any])
  }

  /// The pages generate-manual makes: one per command, named by its path joined with dots.
  private func pageNames(_ command: [String: Any], prefix: String = "") -> [String] {
    let name =
      prefix.isEmpty ? (command["commandName"] as? String ?? "") : prefix + "." + (command["commandName"] as? String ?? "")
    let children = (command["subcommands"] as? [[String: Any]]) ?? []
    return [name] + children.flatMap { pageNames($0, prefix: name) }
  }

  @Test func pageHasTheSectionsReadersLookFor() throws {
    let page = try page()
    for name in [
      "NAME", "DESCRIPTION", "SYNOPSIS", "COMMANDS", "QUERY LANGUAGE", "USER INTERFACE", "CONFIGURATION", "ENVIRONMENT",
      "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO",
    ] {
      #expect(!section(name, of: page).isEmpty, "no \(name) section")
    }
    #expect(section("QUERY LANGUAGE", of: page).joined().contains("\\fBtunes-query\\fR(7)"))
  }

  @Test func everyCommandIsInCommands() throws {
    let commands = section("COMMANDS", of: try page()).joined(separator: "\n")
    let tree = try commandTree()
    for child in (tree["subcommands"] as? [[String: Any]]) ?? [] {
      let name = try #require(child["commandName"] as? String)
      guard name != "help" else { continue }
      #expect(commands.contains("\\fBtunes \(name)") || commands.contains("\\fB\(name)\\fR"), "COMMANDS does not name \(name)")
    }
  }

  /// Every status of ExitStatus (TunesCore), the one place the program maps errors to exit codes.
  @Test func everyExitStatusIsExplained() throws {
    let source = try String(contentsOfFile: Self.repository + "/Sources/TunesCore/TunesError.swift", encoding: .utf8)
    let codes = source.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("case "), let equals = line.range(of: " = ") else { return nil }
      return String(line[equals.upperBound...].prefix { $0.isNumber })
    }
    #expect(codes.count >= 10)
    let explained = Set(section("EXIT STATUS", of: try page()).filter { !$0.hasPrefix(".") }.map(String.init))
    for code in codes { #expect(explained.contains(code), "EXIT STATUS does not explain \(code)") }
  }

  @Test func seeAlsoNamesOnlyInstalledPages() throws {
    let installed = Set(pageNames(try commandTree()).map { $0 + "(1)" } + ["tunes-query(7)"])
    let seeAlso = section("SEE ALSO", of: try page()).joined(separator: " ")
    let references = seeAlso.components(separatedBy: "\\fB").dropFirst().map { $0.replacingOccurrences(of: "\\fR", with: "") }
      .map { String($0.prefix { $0 != "," && $0 != " " }) }
    #expect(!references.isEmpty)
    for reference in references { #expect(installed.contains(reference), "SEE ALSO names \(reference), which is not installed") }
  }
}
