// Turns a LibraryQuery into SQL over the song table: full-text terms become one FTS5 MATCH (bound as
// an argument, never pasted), other filters use the indexes on year, playCount and path.
import GRDB

/// A query as SQL over `song`: the full-text MATCH, the other conditions with their arguments, an ORDER BY
/// and a LIMIT. `whereSQL` and `arguments` wrap them for any SELECT over `song`.
public struct CompiledQuery: Sendable {
  /// The one MATCH of the positive text terms (nil: none).
  var fullText: String?
  /// The conditions besides the MATCH, and their arguments in order.
  var filters: [String]
  var filterArguments: StatementArguments
  public var orderSQL: String
  public var limit: Int?
  /// No `sort:` and no `limit:`, so the default order alone decides.
  var defaultOrderOnly: Bool

  /// Every condition, the MATCH as a subquery; never empty ("1" when nothing filters).
  public var whereSQL: String {
    let conditions = (fullText == nil ? [] : ["song.id IN (SELECT rowid FROM song_ft WHERE song_ft MATCH ?)"]) + filters
    return conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
  }
  /// The arguments of `whereSQL`.
  public var arguments: StatementArguments { fullText.map { [$0] + filterArguments } ?? filterArguments }
  /// The arguments of `whereSQL` followed by the limit's, for SELECTs wrapping `whereSQL`.
  public var whereArguments: StatementArguments { limit.map { arguments + [$0] } ?? arguments }

  /// Full-text hits in the default order are sorted after decoding (`Library.songs`), not by SQLite:
  /// its sorter copies every selected column into a record and back, and for a broad word at 100k songs
  /// cost as much as the match, the lookups and the decoding together. Without full-text terms SQLite
  /// walks the default-order index.
  var sortsAfterDecoding: Bool { fullText != nil && defaultOrderOnly }

  /// `SELECT` of the matching songs' ids, in no particular order (a limit still picks the first songs of
  /// the order). The songs whose files are missing are taken out through their partial index
  /// (`song_missing`), where `Song.present` would read each song's row: a query of words reads the
  /// full-text index alone, and one whose conditions an index answers (an exact genre) reads no row
  /// either. Its arguments are `whereArguments`.
  var idsSQL: String {
    let missing = "SELECT id FROM song WHERE missingSince IS NOT NULL"
    if fullText != nil, limit == nil, filters == [Song.present] {
      return "SELECT rowid FROM song_ft WHERE song_ft MATCH ? AND rowid NOT IN (\(missing))"
    }
    guard limit == nil else { return "SELECT song.id FROM song WHERE \(whereSQL) ORDER BY \(orderSQL) LIMIT ?" }
    let conditions =
      (fullText == nil ? [] : ["song.id IN (SELECT rowid FROM song_ft WHERE song_ft MATCH ?)"])
      + filters.map { $0 == Song.present ? "song.id NOT IN (\(missing))" : $0 }
    return "SELECT song.id FROM song WHERE " + conditions.joined(separator: " AND ")
  }

  /// `SELECT <Song.selectedColumns> FROM … WHERE … ORDER BY … LIMIT …`, with no ORDER BY when
  /// `sortsAfterDecoding`: only `Library.songs` runs it, and sorts such rows itself. Its arguments are
  /// `whereArguments`: the MATCH comes first either way.
  /// Rows sorted after decoding also carry the two sort keys of the default order, after the song's
  /// columns (`DefaultOrder.fetch`).
  var songsSQL: String {
    let order = sortsAfterDecoding ? "" : " ORDER BY \(orderSQL)"
    let limitSQL = limit == nil ? "" : " LIMIT ?"
    let columns =
      Song.selectedColumns
      + (sortsAfterDecoding ? ", \(LibraryQuery.albumArtistSortKey), \(LibraryQuery.albumSortKey)" : "")
    guard fullText != nil else {
      return "SELECT \(columns) FROM song WHERE \(whereSQL)" + order + limitSQL
    }
    // The hits read first, each song looked up by rowid (no temporary index of them); CROSS JOIN keeps
    // the full-text index as the outer loop whatever the ORDER BY or LIMIT.
    let conditions = (["song_ft MATCH ?"] + filters).joined(separator: " AND ")
    return "SELECT \(columns) FROM song_ft CROSS JOIN song ON song.id = song_ft.rowid WHERE \(conditions)"
      + order + limitSQL
  }
}

extension LibraryQuery {
  /// The album artist a song is listed under: its sort name (ALBUMARTISTSORT, TSO2, soaa), else the
  /// artist's sort name when the album artist is the artist standing in (TagSchema's bit 2), else the
  /// name, as beets and cmus order albums ("The Grey Weather" with its sort name "Grey Weather, The"
  /// under G). Written as the expression of `song_sortOrder` (SortOrderSchema), which SQLite walks.
  static let albumArtistSortKey =
    "coalesce(song.albumArtistSort, CASE WHEN song.derivedFields & 2 <> 0 THEN song.artistSort END, song.albumArtist)"
  /// The album a song is listed under: its sort name (ALBUMSORT, TSOA, soal), else the title.
  static let albumSortKey = "coalesce(song.albumSort, song.album)"

  static let defaultOrder =
    "\(albumArtistSortKey) COLLATE NOCASE, \(albumSortKey) COLLATE NOCASE, song.discNumber, song.trackNumber, song.path"

  public func compiled() -> CompiledQuery {
    var conditions: [String] = []
    var arguments = StatementArguments()
    var matches: [String] = []
    for term in terms {
      switch term {
      case .text(let field, let words, let phrase, let negated):
        let (indexed, anywhere) = Self.splitByScript(words, phrase: phrase)
        var parts: [String] = []
        var partArguments = StatementArguments()
        let columns = Self.columns(of: field)
        for word in anywhere {
          parts.append("(" + columns.map { "instr(lower(\($0)), lower(?)) > 0" }.joined(separator: " OR ") + ")")
          partArguments += StatementArguments(Array(repeating: word, count: columns.count))
        }
        if negated {
          var whole: [String] = []
          var wholeArguments = StatementArguments()
          if !indexed.isEmpty {
            whole.append("song.id IN (SELECT rowid FROM song_ft WHERE song_ft MATCH ?)")
            wholeArguments += [Self.ftsExpression(field, words: indexed, phrase: phrase)]
          }
          conditions.append("NOT (" + (whole + parts).joined(separator: " AND ") + ")")
          arguments += wholeArguments + partArguments
        } else {
          if !indexed.isEmpty { matches.append(Self.ftsExpression(field, words: indexed, phrase: phrase)) }
          conditions += parts
          arguments += partArguments
        }
      case .exact(let field, let value, let ignoringCase, let negated):
        // SQLite's `=` compares bytes; its lower() folds ASCII letters only (`=~zoë` finds "ZOë", not "ZOË").
        let column = Self.columns(of: field)[0]
        var condition: String
        if field == .genre && !value.isEmpty {
          // A value that is not empty never matches a NULL genre, and NOCASE folds the same ASCII letters
          // as lower(): written so, both sides of the OR below are index searches (song_genre, songTag_value)
          // and SQLite reads the matches alone; lower(coalesce(genre, '')) walked all 100k songs (SQL 56 → 18 ms).
          condition = ignoringCase ? "song.genre = ? COLLATE NOCASE" : "(song.genre = ? COLLATE NOCASE AND song.genre = ?)"
          arguments += ignoringCase ? [value] : [value, value]
        } else if field != .genre {
          // The same ASCII folding as lower(), written so the NOCASE index of the column (QuerySchema;
          // the album artist's is song_defaultOrder; a title's words, below) finds the songs: lower(artist)
          // walked all 100k.
          condition = ignoringCase ? "\(column) = ? COLLATE NOCASE" : "(\(column) = ? COLLATE NOCASE AND \(column) = ?)"
          arguments += ignoringCase ? [value] : [value, value]
        } else {
          condition = ignoringCase ? "lower(\(column)) = lower(?)" : "\(column) = ?"
          arguments += [value]
        }
        // Artist, album artist and genre also match any one of the values tagged ("Pop" of Pop; J-Pop).
        if let list = Self.listName(of: field) {
          let (valueCondition, valueArguments) = Self.tagCondition(list, .exact(value, ignoringCase: ignoringCase))
          condition = "(\(condition) OR \(valueCondition))"
          arguments += valueArguments
        }
        // The genre's comparison is NULL for a song without one, which is still "not Jazz".
        conditions.append(negated ? "NOT coalesce(\(condition), 0)" : condition)
        // A title or album has no index of its own (NOCASE indexes on all three names made indexing
        // 10k files a tenth slower): a name equal to the value holds its words in order, so the full-text
        // index finds the few songs to compare. Not for a value without such words; not for the artist,
        // whose values stored one by one may hold words its display name lacks.
        if field == .title || field == .album, !negated, let phrase = Self.exactPhrase(field, value) {
          matches.append(phrase)
        }
      case .regex(let field, let pattern, let negated):
        var condition = Self.columns(of: field).map { "\($0) REGEXP ?" }.joined(separator: " OR ")
        arguments += StatementArguments(Array(repeating: pattern, count: Self.columns(of: field).count))
        if let list = Self.listName(of: field) {
          let (valueCondition, valueArguments) = Self.tagCondition(list, .regex(pattern))
          condition += " OR " + valueCondition
          arguments += valueArguments
        }
        conditions.append(negated ? "NOT coalesce(\(condition), 0)" : "(\(condition))")
      case .tag(let field, let match, let negated):
        let (condition, conditionArguments) = Self.condition(field, match)
        arguments += conditionArguments
        // A song without the tag is not "by Bach", so it is kept by -composer:bach.
        conditions.append(negated ? "NOT coalesce(\(condition), 0)" : condition)
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
    var order: [String] = sort.map { item in
      let direction = item.descending ? " DESC" : ""
      switch item.key {
      case .title: return "song.title COLLATE NOCASE" + direction
      // Names by their sort names when tagged, as the default order and the listings take them.
      case .artist: return "coalesce(song.artistSort, song.artist) COLLATE NOCASE" + direction
      case .albumArtist: return "\(Self.albumArtistSortKey) COLLATE NOCASE" + direction
      case .album: return "\(Self.albumSortKey) COLLATE NOCASE" + direction
      case .year: return "song.year" + direction
      case .duration: return "song.durationMs" + direction
      case .playCount: return "song.playCount" + direction
      case .lastPlayed: return "song.lastPlayedAt" + direction
      case .added: return "song.addedAt\(direction), song.id" + direction
      case .random: return "random()"
      }
    }
    switch missing {
    case .hidden: conditions.append(Song.present)
    case .included: break
    case .only: conditions.append("song.missingSince IS NOT NULL")
    }
    order.append(Self.defaultOrder)
    // One MATCH for all positive text terms: FTS5 intersects them itself, much faster than one subquery each.
    return CompiledQuery(
      fullText: matches.isEmpty ? nil : matches.joined(separator: " AND "), filters: conditions,
      filterArguments: arguments, orderSQL: order.joined(separator: ", "), limit: limit,
      defaultOrderOnly: sort.isEmpty && limit == nil)
  }

  /// The words the full-text index can find, and those looked for anywhere in the text: Chinese and
  /// Japanese are written without spaces, so the index holds a whole title such as 東京タワー as one
  /// token, and a word inside it (タワー) is no prefix of any. Those words are found as substrings, as
  /// MPD's search finds everything; it reads every song row, so only they take that path.
  static func splitByScript(_ words: [String], phrase: Bool) -> (indexed: [String], anywhere: [String]) {
    if phrase { return words.contains(where: isUnspacedScript) ? ([], [words.joined(separator: " ")]) : (words, []) }
    return (words.filter { !isUnspacedScript($0) }, words.filter(isUnspacedScript))
  }

  /// Han, kana (full and half width) and their extensions.
  static func isUnspacedScript(_ word: String) -> Bool {
    word.unicodeScalars.contains {
      switch $0.value {
      case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
        0x20000...0x3FFFF:
        return true
      default: return false
      }
    }
  }

  /// The full-text phrase every `field` equal to `value` holds (ASCII case aside), or nil when the index
  /// cannot say: no words, or a word written without spaces (kept whole by the index), or a word with no
  /// letter or digit of its own (combining marks alone).
  static func exactPhrase(_ field: TextField, _ value: String) -> String? {
    let words = QueryWords.split(value)
    guard !words.isEmpty, splitByScript(words, phrase: true).anywhere.isEmpty,
      words.allSatisfy({ $0.unicodeScalars.contains { $0.properties.numericType != nil || isLetter($0) } })
    else { return nil }
    return ftsExpression(field, words: words, phrase: true)
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
    default: return false
    }
  }

  /// The `songTag` name of a full-text field whose values are also stored one by one.
  static func listName(of field: TextField) -> String? {
    switch field {
    case .artist: return "artist"
    case .albumArtist: return "albumartist"
    case .genre: return "genre"
    case .any, .album, .title: return nil
    }
  }

  /// The condition of one stored tag's term and its arguments.
  static func condition(_ field: TagField, _ match: TagMatch) -> (String, StatementArguments) {
    switch field.storage {
    case .list(let name):
      return tagCondition(name, match)
    case .text(let column), .date(let column), .number(let column), .flag(let column):
      return valueCondition(column, match)
    }
  }

  /// Songs with some `songTag` value of `name` that `match` accepts: through the index on (name, value).
  static func tagCondition(_ name: String, _ match: TagMatch) -> (String, StatementArguments) {
    let (condition, arguments) = valueCondition("value", match)
    return ("song.id IN (SELECT songId FROM songTag WHERE name = ? AND \(condition))", [name] + arguments)
  }

  /// `match` on one value expression.
  static func valueCondition(_ value: String, _ match: TagMatch) -> (String, StatementArguments) {
    switch match {
    case .contains(let text):
      return ("instr(lower(\(value)), lower(?)) > 0", [text])
    case .exact(let text, let ignoringCase):
      // The NOCASE comparison is what the index on songTag values is ordered by; the byte comparison
      // after it keeps the exact match exact.
      return ignoringCase
        ? ("\(value) = ? COLLATE NOCASE", [text]) : ("(\(value) = ? COLLATE NOCASE AND \(value) = ?)", [text, text])
    case .regex(let pattern):
      return ("\(value) REGEXP ?", [pattern])
    case .numbers(let range):
      var parts: [String] = []
      var arguments = StatementArguments()
      if let lower = range.lower {
        parts.append("\(value) >= ?")
        arguments += [lower]
      }
      if let upper = range.upper {
        parts.append("\(value) <= ?")
        arguments += [upper]
      }
      return ("(" + parts.joined(separator: " AND ") + ")", arguments)
    case .dates(let lower, let upper):
      // Dates are compared as text: "2000-11-05" >= "2000-11"; a bound stands for its whole period, so the
      // upper one is extended past every date in it ("~" sorts after the digits and "-").
      var parts: [String] = []
      var arguments = StatementArguments()
      if let lower {
        parts.append("\(value) >= ?")
        arguments += [lower]
      }
      if let upper {
        parts.append("\(value) < ?")
        arguments += [upper + "~"]
      }
      return ("(" + parts.joined(separator: " AND ") + ")", arguments)
    case .flag(let isSet):
      return ("\(value) = ?", [isSet ? 1 : 0])
    }
  }

  /// The song columns a text field searches.
  static func columns(of field: TextField) -> [String] {
    switch field {
    case .any: return ["song.title", "song.artist", "song.album", "song.albumArtist"]
    case .artist: return ["song.artist"]
    case .album: return ["song.album"]
    case .albumArtist: return ["song.albumArtist"]
    case .title: return ["song.title"]
    case .genre: return ["coalesce(song.genre, '')"]
    }
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
