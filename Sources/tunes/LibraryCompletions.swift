// Shell completions that know the library: playlist names, artists and albums, offered by the shells'
// completion scripts (`tunes --generate-completion-script`) calling back into `tunes ---completion`.
// The call happens on every TAB, so it opens the database read-only (nothing is created or migrated,
// a missing or foreign file gives no candidates), asks one SELECT and prints only the candidates.
import ArgumentParser
import Foundation
import GRDB
import TunesCore

enum LibraryCompletions {
  /// Names of the stored playlists.
  static let playlists = CompletionKind.custom { words, _, _ in
    values(words, sql: "SELECT name FROM playlist ORDER BY name COLLATE NOCASE")
  }

  /// Artists and album artists: the credits and the separate names (what `--artist` takes).
  static let artists = CompletionKind.custom { words, _, _ in
    values(
      words,
      sql: """
        SELECT artist FROM song WHERE artist <> '' UNION SELECT albumArtist FROM song WHERE albumArtist <> ''
        UNION SELECT value FROM songTag WHERE name = 'artist' AND value <> ''
        ORDER BY 1 COLLATE NOCASE
        """)
  }

  /// Album titles; only the given artist's when the line already has `--artist NAME`.
  static let albums = CompletionKind.custom { words, _, _ in
    if let artist = optionValue("--artist", in: words), !artist.isEmpty {
      return values(
        words,
        sql: """
          SELECT DISTINCT album FROM song WHERE album <> '' AND (artist = ?1 OR albumArtist = ?1
            OR id IN (SELECT songId FROM songTag WHERE name = 'artist' AND value = ?1))
          ORDER BY 1 COLLATE NOCASE
          """,
        arguments: [artist])
    }
    return values(words, sql: "SELECT DISTINCT album FROM song WHERE album <> '' ORDER BY 1 COLLATE NOCASE")
  }

  /// The first column of `sql` over the library the command line names (its `--db`, else the
  /// default); no candidates when there is no readable library.
  static func values(_ words: [String], sql: String, arguments: StatementArguments = []) -> [String] {
    let path = TunesPaths().database(override: optionValue("--db", in: words).map(expandingTilde))
    guard LibraryFile.kind(at: path) == .database else { return [] }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(0.2)
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      return try queue.read { db in try String.fetchAll(db, sql: sql, arguments: arguments) }
    } catch {
      return []
    }
  }

  /// The value of `--name VALUE` or `--name=VALUE` on the line, the last one given, without the
  /// shell's quotes (the words arrive as typed).
  static func optionValue(_ name: String, in words: [String]) -> String? {
    var found: String?
    for (i, word) in words.enumerated() {
      if word == name, i + 1 < words.count {
        found = words[i + 1]
      } else if word.hasPrefix(name + "=") {
        found = String(word.dropFirst(name.count + 1))
      }
    }
    return found.map(unquoted)
  }

  /// A shell word as the shell would pass it: quotes removed, backslash escapes resolved.
  static func unquoted(_ word: String) -> String {
    var result = ""
    var quote: Character?
    var escaped = false
    for character in word {
      if escaped {
        result.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          result.append(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `~/x` as the shell would expand it (it does not, in a word still being typed).
  private static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return (ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
  }
}
