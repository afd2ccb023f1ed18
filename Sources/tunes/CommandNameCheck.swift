// Mistyped command names, caught before parsing. The argument parser reports `tunes plya` as an
// unexpected argument of `tunes`, which does not say what was meant; here a word where a group of
// commands (tunes, playlist, lb) expects one of its commands, and that is none of them, is a usage
// error naming the nearest command and the group's help. `--db` before the command's name, as other
// tools take their library or server first, is answered with where it goes.
import ArgumentParser
import TunesCore

/// A word that names none of a command group's commands; its text is the whole message.
struct UnknownCommandError: Error, CustomStringConvertible {
  var description: String
}

enum CommandNameCheck {
  /// Follows `arguments` down the command tree from `root` and throws UnknownCommandError at the first
  /// word that should name a subcommand and does not. Stops at the first option: what follows may be
  /// an option's value, not a command name.
  static func check(_ arguments: [String], root: ParsableCommand.Type) throws {
    var command = root
    var path = [root._commandName]
    for word in arguments {
      let subcommands = command.configuration.subcommands
      // `beet -l LIB ls`, `mpc -h HOST status`: the library option before the command, where the parser
      // only says "Unknown option '--db'".
      if !subcommands.isEmpty, word == "--db" || word.hasPrefix("--db=") {
        throw UnknownCommandError(
          description: "--db goes after the command's name: `\(path.joined(separator: " ")) COMMAND --db PATH …`"
            + "\n  See '\(path.joined(separator: " ")) --help' for its commands.")
      }
      guard !subcommands.isEmpty, !word.hasPrefix("-"), command.configuration.defaultSubcommand == nil else { return }
      // `tunes help COMMAND` is the parser's own.
      if path.count == 1 && word == "help" { return }
      if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
        command = next
        path.append(next._commandName)
        continue
      }
      var message = "unknown command '\(word)'"
      if let near = NearestName.to(word, among: subcommands.flatMap(names)) { message += "; did you mean '\(near)'?" }
      throw UnknownCommandError(description: message + "\n  See '\(path.joined(separator: " ")) --help' for its commands.")
    }
  }

  /// The names a command answers to: its own and its aliases.
  static func names(of command: ParsableCommand.Type) -> [String] {
    [command._commandName] + command.configuration.aliases
  }
}
