// The words of a query argument, checked for mistyped options. Query arguments take every word the
// parser does not know (`parsing: .allUnrecognized`), so that `-genre:live` reaches the query as a
// negation; unchecked, a mistyped `--shufle` or an option the command lacks (`ls songs --limit 5`)
// would silently become a query word. Here a `--word` is an unknown option unless it follows `--`.
import ArgumentParser
import Foundation
import TunesCore

enum QueryWords {
  /// `words` without the `--` that ends the options; a `--word` before it is a ValidationError (exit
  /// 64) naming the nearest option `command` knows.
  static func checked(_ words: [String], of command: ParsableArguments.Type) throws -> [String] {
    let terminator = words.firstIndex(of: "--")
    let options = terminator.map { words[..<$0] } ?? words[...]
    if let unknown = options.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
      let name = String(unknown.dropFirst(2).prefix { $0 != "=" })
      var message = "unknown option --\(name)"
      if let near = NearestName.to(name, among: longOptionNames(of: command)) { message += "; did you mean --\(near)?" }
      throw ValidationError(message)
    }
    guard let terminator else { return words }
    return Array(words[..<terminator] + words[(terminator + 1)...])
  }

  /// The long options `command` shows in its help (hidden ones are never suggested), read from the
  /// parser's own description of the command rather than listed again here.
  static func longOptionNames(of command: ParsableArguments.Type) -> [String] {
    guard let tool = try? JSONDecoder().decode(Tool.self, from: Data(command._dumpHelp().utf8)) else { return [] }
    return (tool.command.arguments ?? []).filter(\.shouldDisplay).flatMap { argument in
      (argument.names ?? []).filter { $0.kind == "long" }.map(\.name)
    }
  }

  /// The few fields of the parser's JSON description (`--experimental-dump-help`) used here.
  private struct Tool: Decodable {
    struct Command: Decodable { var arguments: [Argument]? }
    struct Argument: Decodable {
      struct Name: Decodable {
        var kind: String
        var name: String
      }
      var names: [Name]?
      var shouldDisplay: Bool
    }
    var command: Command
  }
}
