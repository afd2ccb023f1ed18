// Database filters: the old `find TAG VALUE …` pairs and the MPD 0.21 expression syntax
// (`(Artist == "x")`, `(Album contains "y")`, `(Title =~ "^D")`, `(!( … ))`, `((…) AND (…))`), parsed into clauses a
// backend evaluates with a `Matcher` (MPDFilterMatcher.swift).

public struct MPDFilter: Sendable, Hashable {
  public enum Field: Sendable, Hashable {
    case tag(MPDTag)
    /// Any tag or the file name.
    case any
    /// The URI (`file`).
    case file
    /// Songs under a folder (`base`).
    case base
    /// Songs whose file was modified at or after a time (`modified-since`); the clause's value is the
    /// time as sent, read by `MPDTime.seconds`.
    case modifiedSince
    /// The song's audio format (`AudioFormat == "44100:16:2"`, `AudioFormat =~ "44100:*:2"`); the
    /// clause's value is the format as sent, read by `MPDAudioFormat.parseMask`.
    case audioFormat
  }

  public enum Operator: Sendable, Hashable {
    case equal, notEqual, contains, startsWith
    /// `=~`: the value matches the regular expression somewhere (`!~` is the clause negated).
    case regex
  }

  public struct Clause: Sendable, Hashable {
    public var field: Field
    public var op: Operator
    public var value: String
    /// `search` folds case; `find` compares exactly.
    public var ignoreCase: Bool
    public var negated: Bool

    public init(field: Field, op: Operator, value: String, ignoreCase: Bool, negated: Bool = false) {
      self.field = field
      self.op = op
      self.value = value
      self.ignoreCase = ignoreCase
      self.negated = negated
    }
  }

  /// All clauses must hold (an empty filter matches every song).
  public var clauses: [Clause]

  public init(_ clauses: [Clause] = []) { self.clauses = clauses }

  /// Whether one song passes every clause; a filter tested on many songs compiles one `Matcher` for all.
  public func matches(_ song: MPDSong) -> Bool { Matcher(self).matches(song) }

  /// Parses the arguments of find/search/count/list… . `search` semantics (`substring`) turn the old
  /// pair syntax into case-insensitive `contains`; `find` into exact equality.
  public static func parse(_ arguments: [String], substring: Bool) throws(MPDError) -> MPDFilter {
    var clauses: [Clause] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word.hasPrefix("(") {
        clauses += try parseExpression(word, ignoreCase: substring)
        index += 1
        continue
      }
      // `group` pairs end the arguments of `list` and `count`, which take them off first.
      if word.lowercased() == "group" { index += 2; continue }
      guard index + 1 < arguments.count else { throw MPDError.argument("Incorrect number of filter arguments") }
      let field = try fieldNamed(word)
      let value = arguments[index + 1]
      if field == .modifiedSince {
        _ = try MPDTime.seconds(value)
        clauses.append(Clause(field: field, op: .equal, value: value, ignoreCase: false))
        index += 2
        continue
      }
      if field == .audioFormat {
        // MPD reads the pair as a tag no song has: it matches nothing (tunes keeps no such tag either).
        clauses.append(Clause(field: field, op: .notEqual, value: value, ignoreCase: false))
        index += 2
        continue
      }
      let op: Operator = substring ? .contains : .equal
      clauses.append(Clause(field: field, op: field == .base ? .startsWith : op, value: value, ignoreCase: substring))
      index += 2
    }
    return MPDFilter(clauses)
  }

  static func fieldNamed(_ name: String) throws(MPDError) -> Field {
    switch name.lowercased() {
    case "any": return .any
    case "file", "filename": return .file
    case "base": return .base
    case "modified-since": return .modifiedSince
    case "audioformat": return .audioFormat
    default:
      guard let tag = MPDTag(protocolName: name) else { throw MPDError.argument("Unknown filter type") }
      return .tag(tag)
    }
  }

  /// A minimal recursive-descent reader of MPD filter expressions.
  static func parseExpression(_ text: String, ignoreCase: Bool) throws(MPDError) -> [Clause] {
    var reader = ExpressionReader(chars: Array(text))
    let clauses = try reader.expression(ignoreCase: ignoreCase, negated: false)
    reader.skipSpaces()
    guard reader.atEnd else { throw MPDError.argument("Unparsed garbage after expression") }
    return clauses
  }

  struct ExpressionReader {
    var chars: [Character]
    var index = 0
    var atEnd: Bool { index >= chars.count }

    mutating func skipSpaces() { while index < chars.count, chars[index] == " " { index += 1 } }

    mutating func expect(_ c: Character) throws(MPDError) {
      skipSpaces()
      guard index < chars.count, chars[index] == c else { throw MPDError.argument("'\(c)' expected") }
      index += 1
    }

    mutating func word() -> String {
      skipSpaces()
      let start = index
      while index < chars.count, chars[index].isLetter || chars[index].isNumber || "_-=!~".contains(chars[index]) {
        index += 1
      }
      return String(chars[start..<index])
    }

    mutating func quoted() throws(MPDError) -> String {
      skipSpaces()
      guard index < chars.count, chars[index] == "\"" || chars[index] == "'" else {
        throw MPDError.argument("Quoted string expected")
      }
      let quote = chars[index]
      index += 1
      var out = ""
      while index < chars.count, chars[index] != quote {
        if chars[index] == "\\", index + 1 < chars.count { index += 1 }
        out.append(chars[index])
        index += 1
      }
      guard index < chars.count else { throw MPDError.argument("Closing quote not found") }
      index += 1
      return out
    }

    mutating func expression(ignoreCase: Bool, negated: Bool) throws(MPDError) -> [Clause] {
      try expect("(")
      skipSpaces()
      guard index < chars.count else { throw MPDError.argument("Expression expected") }
      if chars[index] == "!" {
        index += 1
        let inner = try expression(ignoreCase: ignoreCase, negated: !negated)
        guard inner.count == 1 else { throw MPDError.argument("Negated AND is not supported") }
        try expect(")")
        return inner
      }
      if chars[index] == "(" {
        var clauses = try expression(ignoreCase: ignoreCase, negated: negated)
        while true {
          skipSpaces()
          if index < chars.count, chars[index] == ")" { index += 1; break }
          let conjunction = word()
          guard conjunction == "AND" else { throw MPDError.argument("'AND' expected") }
          clauses += try expression(ignoreCase: ignoreCase, negated: negated)
        }
        if negated, clauses.count > 1 { throw MPDError.argument("Negated AND is not supported") }
        return clauses
      }
      let name = word()
      let field = try MPDFilter.fieldNamed(name)
      if field == .base {
        let value = try quoted()
        try expect(")")
        return [Clause(field: .base, op: .startsWith, value: value, ignoreCase: false, negated: negated)]
      }
      if field == .modifiedSince {
        let value = try quoted()
        _ = try MPDTime.seconds(value)
        try expect(")")
        return [Clause(field: .modifiedSince, op: .equal, value: value, ignoreCase: false, negated: negated)]
      }
      let opWord = word()
      if field == .audioFormat {
        // MPD takes a whole format after `==` and a mask (`*` for any part) after `=~`, nothing else.
        guard opWord == "==" || opWord == "=~" else { throw MPDError.argument("'==' or '=~' expected") }
        let value = try quoted()
        _ = try MPDAudioFormat.parseMask(value, mask: opWord == "=~")
        try expect(")")
        return [
          Clause(field: .audioFormat, op: opWord == "==" ? .equal : .regex, value: value, ignoreCase: false, negated: negated)
        ]
      }
      let op: Operator
      var fold = ignoreCase
      var negate = negated
      switch opWord {
      case "=~": op = .regex
      case "!~": op = .regex; negate.toggle()
      case "==": op = .equal
      case "!=": op = .notEqual
      case "contains": op = .contains
      case "starts_with": op = .startsWith
      case "eq_cs": op = .equal; fold = false
      case "eq_ci": op = .equal; fold = true
      case "contains_ci": op = .contains; fold = true
      default: throw MPDError.argument("Unknown filter operator: \(opWord)")
      }
      let value = try quoted()
      if op == .regex { _ = try MPDPattern(value, ignoreCase: fold) }
      try expect(")")
      return [Clause(field: field, op: op, value: value, ignoreCase: fold, negated: negate)]
    }
  }
}
