// Turns query text into a LibraryQuery. Errors name the offending token and its 1-based position.
import Foundation
import TunesCore
import TunesTags

extension LibraryQuery {
  /// Parses one query string, e.g. `cafe blu artist:"Daft Punk" year:2001.. -genre:live sort:-year limit:10`.
  public static func parse(_ text: String) throws(LibraryError) -> LibraryQuery {
    var parser = QueryParser(characters: Array(text))
    return try parser.parse()
  }

  /// Parses command-line arguments: the shell has already removed the quotes, so an argument holding
  /// spaces is one value (`artist:Daft Punk` as one argument means `artist:"Daft Punk"`).
  public static func parse(arguments: [String]) throws(LibraryError) -> LibraryQuery {
    // The first bare "--" ends the options, as everywhere on the command line (`ls songs -- -genre:x`);
    // the argument parser hands it over with the query.
    var arguments = arguments
    if let end = arguments.firstIndex(of: "--") { arguments.remove(at: end) }
    let quoted = arguments.map { argument -> String in
      guard argument.contains(where: \.isWhitespace), !argument.contains("\"") else { return argument }
      if let colon = argument.firstIndex(of: ":") {
        let field = argument[..<colon].drop(while: { $0 == "-" })
        if !field.isEmpty, field.allSatisfy(QueryParser.isFieldCharacter) {
          // The exact-match mark stays outside the quotes: `artist:=Daft Punk` is `artist:="Daft Punk"`.
          var valueStart = argument.index(after: colon)
          for mark in ["=~", "=", ":"] where argument[valueStart...].hasPrefix(mark) {
            valueStart = argument.index(valueStart, offsetBy: mark.count)
            break
          }
          return argument[..<valueStart] + "\"" + argument[valueStart...] + "\""
        }
      }
      return "\"" + argument + "\""
    }
    return try parse(quoted.joined(separator: " "))
  }
}

private struct QueryParser {
  let characters: [Character]
  var index = 0
  var query = LibraryQuery()
  /// Where the first free term without letters or digits began (it was dropped as a separator), for the
  /// error of a query made of nothing else.
  var firstWordless: Int?

  init(characters: [Character]) {
    self.characters = characters
  }

  mutating func parse() throws(LibraryError) -> LibraryQuery {
    while true {
      while index < characters.count, characters[index].isWhitespace { index += 1 }
      guard index < characters.count else { break }
      try parseToken()
    }
    // Punctuation typed between words separates them (`Rock & Roll`), but a query of nothing else would
    // match every song: `playlist remove NAME --query '&'` would empty the playlist.
    if let firstWordless, query.terms.isEmpty {
      throw fail(firstWordless, "the term has no letters or digits to search for")
    }
    return query
  }

  func fail(_ start: Int, _ reason: String) -> LibraryError {
    var end = start
    var inQuote = false
    while end < characters.count, inQuote || !characters[end].isWhitespace {
      if characters[end] == "\"" { inQuote.toggle() }
      end += 1
    }
    return .badQuery(token: String(characters[start..<end]), position: start + 1, reason: reason)
  }

  /// Reads a quoted string starting at the opening quote; returns its content.
  mutating func readQuoted(tokenStart: Int) throws(LibraryError) -> String {
    let open = index
    index += 1
    var value = ""
    while index < characters.count, characters[index] != "\"" {
      value.append(characters[index])
      index += 1
    }
    guard index < characters.count else {
      throw .badQuery(token: String(characters[tokenStart...]), position: open + 1, reason: "unterminated quote")
    }
    index += 1
    return value
  }

  mutating func readBare() -> String {
    var value = ""
    while index < characters.count, !characters[index].isWhitespace {
      value.append(characters[index])
      index += 1
    }
    return value
  }

  mutating func parseToken() throws(LibraryError) {
    let start = index
    var negated = false
    if characters[index] == "-", index + 1 < characters.count, !characters[index + 1].isWhitespace {
      negated = true
      index += 1
    }
    if characters[index] == "\"" {
      let phrase = try readQuoted(tokenStart: start)
      try addText(.any, phrase, quoted: true, negated: negated, start: start)
      return
    }
    // A field name is letters (and underscores, as in mb_trackid) followed by ':'.
    var probe = index
    while probe < characters.count, Self.isFieldCharacter(characters[probe]) { probe += 1 }
    guard probe < characters.count, characters[probe] == ":", probe > index else {
      try addText(.any, readBare(), quoted: false, negated: negated, start: start)
      return
    }
    let field = String(characters[index..<probe]).lowercased()
    index = probe + 1
    // `field:=value` is an exact match, `field:=~value` one that ignores case (beets' syntax).
    var exactIgnoringCase: Bool?
    var regex = false
    if index < characters.count, characters[index] == ":" {
      // `field::pattern` is a regular expression (beets' syntax).
      regex = true
      index += 1
    } else if index < characters.count, characters[index] == "=" {
      index += 1
      exactIgnoringCase = index < characters.count && characters[index] == "~"
      if exactIgnoringCase == true { index += 1 }
    }
    let quoted = index < characters.count && characters[index] == "\""
    let value = quoted ? try readQuoted(tokenStart: start) : readBare()
    if value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw fail(start, "\(field): needs a value")
    }
    let textField = LibraryQuery.TextField(rawValue: field).flatMap { $0 == .any ? nil : $0 }
    if textField == nil, let tagField = TagField.named(field) {
      try addTag(tagField, value, exact: exactIgnoringCase, regex: regex, negated: negated, start: start)
    } else if regex {
      guard let textField else { throw fail(start, "\(field): has no regular expression match (a text field has)") }
      try checkRegex(value, start: start)
      query.terms.append(.regex(textField, value, negated: negated))
    } else if let exactIgnoringCase {
      guard let textField else {
        throw fail(start, "\(field): has no exact match (a text field has: artist, album, albumartist, title, genre, …)")
      }
      query.terms.append(.exact(textField, value, ignoringCase: exactIgnoringCase, negated: negated))
    } else if let textField = LibraryQuery.TextField(rawValue: field), textField != .any {
      try addText(textField, value, quoted: quoted, negated: negated, start: start)
    } else if let numberField = LibraryQuery.NumberField(rawValue: field) {
      guard let range = Self.range(value) else {
        throw fail(start, "bad range \"\(value)\" for \(field) (use N, A..B, A.., ..B, >N, >=N, <N or <=N)")
      }
      query.terms.append(.number(numberField, range, negated: negated))
    } else if field == "path" {
      query.terms.append(.path(value, negated: negated))
    } else if field == "sort" {
      if negated { throw fail(start, "sort: cannot be negated (use sort:-KEY for descending)") }
      for part in value.split(separator: ",") {
        let descending = part.hasPrefix("-")
        guard let key = LibraryQuery.SortKey(rawValue: part.drop(while: { $0 == "-" || $0 == "+" }).lowercased()) else {
          let keys = LibraryQuery.SortKey.allCases.map(\.rawValue).joined(separator: ", ")
          throw fail(start, "unknown sort key \"\(part)\" (one of \(keys))")
        }
        query.sort.append(LibraryQuery.Sort(key, descending: descending, position: start + 1))
      }
    } else if field == "missing" {
      guard !negated, let missing = LibraryQuery.MissingSongs(rawValue: value.lowercased()) else {
        throw fail(start, "missing: takes yes (only songs whose files are missing), any or no (the default)")
      }
      query.missing = missing
    } else if field == "limit" {
      guard !negated, let limit = Int(value), limit >= 0 else { throw fail(start, "limit: needs a whole number ≥ 0") }
      query.limit = limit
    } else {
      let fields =
        ["artist", "album", "albumartist", "title", "genre", "year", "path", "playcount", "missing", "sort", "limit"]
        + TagField.names.filter { !["artist", "albumartist", "genre"].contains($0) }
      // The nearest of every name a field answers to, aliases included (`musicbrainz_trakid`).
      let known = fields + TagField.byName.keys.sorted()
      let guess = NearestName.to(field, among: known).map { "; did you mean \($0)?" } ?? ""
      throw fail(start, "unknown field \"\(field)\"\(guess) (one of \(fields.joined(separator: ", ")))")
    }
  }

  static func isFieldCharacter(_ character: Character) -> Bool { character.isLetter || character == "_" }

  /// A term on a stored tag: `field:text`, `field:=text`, `field:=~text`, `field::regex`, or a range for
  /// numbers and dates.
  mutating func addTag(_ field: TagField, _ value: String, exact: Bool?, regex: Bool, negated: Bool, start: Int)
    throws(LibraryError)
  {
    var value = value
    // MusicBrainz ids are stored in one spelling (lowercase, hyphenated: MBID.normalized); a user copying
    // one from a file may have it in capitals, in braces or without hyphens.
    if field.isMusicBrainzID, !regex, let id = MBID.normalized(value) { value = id }
    let match: LibraryQuery.TagMatch
    switch field.storage {
    case .text, .list:
      if regex {
        try checkRegex(value, start: start)
        match = .regex(value)
      } else if let exact {
        match = .exact(value, ignoringCase: exact)
      } else {
        match = .contains(value)
      }
    case .number:
      guard !regex, let range = Self.range(value) else {
        throw fail(start, "bad range \"\(value)\" for \(field.name) (use N, A..B, A.., ..B, >N, >=N, <N or <=N)")
      }
      match = .numbers(range)
    case .date:
      if regex {
        try checkRegex(value, start: start)
        match = .regex(value)
      } else if let exact {
        match = .exact(value, ignoringCase: exact)
      } else {
        guard let (lower, upper) = Self.dateRange(value) else {
          throw fail(
            start, "bad date \"\(value)\" for \(field.name) (use YYYY, YYYY-MM or YYYY-MM-DD, or A..B, A.. or ..B of them)")
        }
        match = .dates(lower: lower, upper: upper)
      }
    case .flag:
      // beets' boolean fields take these spellings; anything else is more likely a typo than "false".
      let isSet: Bool
      switch value.lowercased() {
      case "true", "yes", "1": isSet = true
      case "false", "no", "0": isSet = false
      default: throw fail(start, "\(field.name): takes true or false")
      }
      guard !regex, exact == nil else { throw fail(start, "\(field.name): takes true or false") }
      match = .flag(isSet)
    }
    query.terms.append(.tag(field, match, negated: negated))
  }

  func checkRegex(_ pattern: String, start: Int) throws(LibraryError) {
    if let problem = RegexFunction.problem(pattern) { throw fail(start, "bad regular expression: \(problem)") }
  }

  /// `2001`, `2000-11..2001-02`, `2001-05..`, `..1999-12-31`; nil when a bound is no date.
  static func dateRange(_ value: String) -> (String?, String?)? {
    func isDate(_ text: Substring) -> Bool {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard (1...3).contains(parts.count), parts[0].count == 4 else { return false }
      return parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        && parts.dropFirst().allSatisfy { $0.count == 2 }
    }
    guard let dots = value.range(of: "..") else { return isDate(value[...]) ? (value, value) : nil }
    let lower = value[..<dots.lowerBound]
    let upper = value[dots.upperBound...]
    if lower.isEmpty && upper.isEmpty { return nil }
    if (!lower.isEmpty && !isDate(lower)) || (!upper.isEmpty && !isDate(upper)) { return nil }
    return (lower.isEmpty ? nil : String(lower), upper.isEmpty ? nil : String(upper))
  }

  mutating func addText(_ field: LibraryQuery.TextField, _ value: String, quoted: Bool, negated: Bool, start: Int)
    throws(LibraryError)
  {
    let words = QueryWords.split(value)
    // Punctuation, symbols or emoji alone ("&", "🔥") name nothing the index holds. Among free words they
    // separate them, as punctuation inside a word does (`Rock & Roll Heart` is the words rock roll heart);
    // a field's value of nothing else is an error, since dropped it would match every song.
    guard !words.isEmpty else {
      guard field == .any else { throw fail(start, "the term has no letters or digits to search for") }
      if firstWordless == nil { firstWordless = start }
      return
    }
    query.terms.append(.text(field, words: words, phrase: quoted && words.count > 1, negated: negated))
  }

  /// `2001`, `2001..2005`, `2001..`, `..2005`, `>5`, `>=5`, `<5`, `<=5`.
  static func range(_ value: String) -> LibraryQuery.NumberRange? {
    func number(_ text: Substring) -> Int? { text.isEmpty ? nil : Int(text) }
    if let dots = value.range(of: "..") {
      let lowerText = value[..<dots.lowerBound]
      let upperText = value[dots.upperBound...]
      if lowerText.isEmpty && upperText.isEmpty { return nil }
      let lower = number(lowerText)
      let upper = number(upperText)
      if (!lowerText.isEmpty && lower == nil) || (!upperText.isEmpty && upper == nil) { return nil }
      if let lower, let upper, lower > upper { return nil }
      return LibraryQuery.NumberRange(lower: lower, upper: upper)
    }
    for (prefix, make) in [
      (">=", { (n: Int) in LibraryQuery.NumberRange(lower: n, upper: nil) }),
      ("<=", { (n: Int) in LibraryQuery.NumberRange(lower: nil, upper: n) }),
      (">", { (n: Int) in LibraryQuery.NumberRange(lower: n + 1, upper: nil) }),
      ("<", { (n: Int) in LibraryQuery.NumberRange(lower: nil, upper: n - 1) }),
    ] where value.hasPrefix(prefix) {
      guard let n = Int(value.dropFirst(prefix.count)) else { return nil }
      return make(n)
    }
    guard let n = Int(value) else { return nil }
    return LibraryQuery.NumberRange(lower: n, upper: n)
  }
}

/// Splits text into the words the full-text index would see (letters and digits; apostrophes are left
/// out, as the index leaves them out: FullTextFolding; the rest separates).
enum QueryWords {
  static func split(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for scalar in text.unicodeScalars {
      if FullTextFolding.isIgnored(scalar) { continue }
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || scalar.properties.generalCategory == .nonspacingMark
      {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
