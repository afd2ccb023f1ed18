// Shell completions that know the library: playlist names, artists and albums, offered by the shells'
// completion scripts (`tunes --generate-completion-script`) calling back into `tunes ---completion`.
// The call happens on every TAB, so the library is only glanced at (LibraryGlance: read-only, nothing
// created or migrated, a missing or foreign file gives no candidates) and only the candidates printed.
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary
import TunesPlaylists

enum LibraryCompletions {
  /// Names of the stored playlists.
  static let playlists = CompletionKind.custom { words, _, _ in
    glance(words)?.playlistNames() ?? []
  }

  /// Artists and album artists: the credits and the separate names (what `--artist` takes).
  static let artists = CompletionKind.custom { words, _, _ in
    glance(words)?.artistNames() ?? []
  }

  /// Album titles; only the given artist's when the line already has `--artist NAME`.
  static let albums = CompletionKind.custom { words, _, _ in
    let artist = optionValue("--artist", in: words).flatMap { $0.isEmpty ? nil : $0 }
    return glance(words)?.albumTitles(artist: artist) ?? []
  }

  /// The library the command line names (its `--db`, else the default), opened read-only for one
  /// look; nil when there is no readable library.
  static func glance(_ words: [String]) -> LibraryGlance? {
    LibraryGlance(path: TunesPaths().database(override: optionValue("--db", in: words).map(expandingTilde)))
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
