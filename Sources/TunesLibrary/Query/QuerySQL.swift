// Turns a LibraryQuery into SQL over the song table: full-text terms become one FTS5 MATCH (bound as
// an argument, never pasted), other filters use the indexes on year, playCount and path.
import GRDB

/// A WHERE clause, its arguments, an ORDER BY and a LIMIT, ready to wrap in any SELECT over `song`.
public struct CompiledQuery: Sendable {
  /// Never empty ("1" when nothing filters).
  public var whereSQL: String
  public var arguments: StatementArguments
  public var orderSQL: String
  public var limit: Int?

  /// `SELECT <Song.selectedColumns> FROM song WHERE … ORDER BY … LIMIT …`
  public var songsSQL: String {
    "SELECT \(Song.selectedColumns) FROM song WHERE \(whereSQL) ORDER BY \(orderSQL)" + (limit == nil ? "" : " LIMIT ?")
  }
  public var songsArguments: StatementArguments {
    limit.map { arguments + [$0] } ?? arguments
  }
}

extension LibraryQuery {
  static let defaultOrder = "song.albumArtist COLLATE NOCASE, song.album COLLATE NOCASE, song.discNumber, song.trackNumber, song.path"

  public func compiled() -> CompiledQuery {
    var conditions: [String] = []
    var arguments = StatementArguments()
    var matches: [String] = []
    for term in terms {
      switch term {
      case .text(let field, let words, let phrase, let negated):
        let expression = Self.ftsExpression(field, words: words, phrase: phrase)
        if negated {
          conditions.append("song.id NOT IN (SELECT rowid FROM song_ft WHERE song_ft MATCH ?)")
          arguments += [expression]
        } else {
          matches.append(expression)
        }
      case .path(let value, let negated):
        let condition: String
        if value.hasPrefix("/") {
          condition = "(song.path >= ? AND song.path < ?)"
          arguments += [value, value + "\u{10FFFF}"]
        } else {
          condition = "instr(song.path, ?) > 0"
          arguments += [value]
        }
        conditions.append(negated ? "NOT \(condition)" : condition)
      case .number(let field, let range, let negated):
        let column = field == .year ? "song.year" : "song.playCount"
        var parts: [String] = []
        if let lower = range.lower {
          parts.append("\(column) >= ?")
          arguments += [lower]
        }
        if let upper = range.upper {
          parts.append("\(column) <= ?")
          arguments += [upper]
        }
        let condition = "(" + parts.joined(separator: " AND ") + ")"
        // A song without a year is not "in 2001", so it is kept by -year:2001.
        conditions.append(negated ? "NOT coalesce(\(condition), 0)" : condition)
      }
    }
    if !matches.isEmpty {
      // One MATCH for all positive text terms: FTS5 intersects them itself, much faster than one subquery each.
      conditions.insert("song.id IN (SELECT rowid FROM song_ft WHERE song_ft MATCH ?)", at: 0)
      arguments = [matches.joined(separator: " AND ")] + arguments
    }
    var order: [String] = sort.map { item in
      let direction = item.descending ? " DESC" : ""
      switch item.key {
      case .title: return "song.title COLLATE NOCASE" + direction
      case .artist: return "song.artist COLLATE NOCASE" + direction
      case .album: return "song.album COLLATE NOCASE" + direction
      case .year: return "song.year" + direction
      case .duration: return "song.durationMs" + direction
      case .playCount: return "song.playCount" + direction
      case .lastPlayed: return "song.lastPlayedAt" + direction
      case .added: return "song.addedAt\(direction), song.id" + direction
      case .random: return "random()"
      }
    }
    order.append(Self.defaultOrder)
    return CompiledQuery(
      whereSQL: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments: arguments,
      orderSQL: order.joined(separator: ", "), limit: limit)
  }

  /// FTS5 syntax for one term: every word quoted (so no word is read as an operator) and prefix-matched,
  /// restricted to the term's columns.
  static func ftsExpression(_ field: TextField, words: [String], phrase: Bool) -> String {
    let columns: String
    switch field {
    case .any: columns = "{title artist album albumArtist}"
    case .artist: columns = "{artist}"
    case .album: columns = "{album}"
    case .albumArtist: columns = "{albumArtist}"
    case .title: columns = "{title}"
    case .genre: columns = "{genre}"
    }
    func quote(_ word: String) -> String { "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    if phrase {
      return "\(columns) : \(quote(words.joined(separator: " "))) *"
    }
    return words.map { "\(columns) : \(quote($0)) *" }.joined(separator: " AND ")
  }
}
