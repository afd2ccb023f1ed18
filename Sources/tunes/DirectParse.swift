// A command named first on the line, with no commands under it (`tunes play ...`, `tunes next`), is
// parsed on its own, without the tree above it. Building the root's parser walks the arguments of the
// whole tree by reflection and looks through all of it for a completion-script request: about 1.2 ms of
// the 13 ms a short `tunes play --pace max` costs, measured (Benchmarks/History.md). Only a line the
// command accepts takes this way. Whatever it refuses (a mistake, `--help`) is parsed again from the
// root, so every message, usage text and exit status stays the one the tree gives.
import ArgumentParser

enum DirectParse {
  /// The command `arguments` run when its first word names a command without subcommands and the rest
  /// parses for that command alone; nil means: parse from the root.
  static func command(for arguments: [String], root: ParsableCommand.Type) -> sending ParsableCommand? {
    guard let name = arguments.first, !name.hasPrefix("-") else { return nil }
    // Requests the root answers for the whole tree (shell completion, the help dump).
    guard !arguments.contains(where: { $0.hasPrefix("--generate-") || $0.hasPrefix("--experimental-") }) else {
      return nil
    }
    guard
      let command = root.configuration.subcommands.first(where: { CommandNameCheck.names(of: $0).contains(name) }),
      command.configuration.subcommands.isEmpty
    else { return nil }
    // `--help` parses too, as the parser's own help command, which would show the command as the root.
    guard let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())), type(of: parsed) == command else {
      return nil
    }
    return parsed
  }
}
