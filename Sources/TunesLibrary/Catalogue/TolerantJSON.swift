// A JSON reader as forgiving as the one real catalogues were written for: trailing commas and
// `//` and `/* */` comments are accepted. Every value keeps its line and column so later checks
// (a song without a fileName) can point at the place too. Arrays and objects nest at most
// `maximumDepth` levels: the reader recurses once a level, and a file of 50 000 `[` overflowed the stack.

/// A parsed JSON value with the 1-based line and column where it starts.
struct JSONNode: Sendable {
  enum Value: Sendable {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
  }
  var value: Value
  var line: Int
  var column: Int

  subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.last(where: { $0.key == key })?.value
  }

  var kindName: String {
    switch value {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }
}

/// Why the text is not JSON, and where (1-based).
struct JSONSyntaxError: Error, Equatable {
  var line: Int
  var column: Int
  var reason: String
}

struct TolerantJSONParser {
  /// How deep arrays and objects may nest. A catalogue needs six levels (artists, an artist, its albums,
  /// an album, its songs, a song) and a few more for keys other programs keep; this leaves room for those
  /// while bounding the recursion to a small part of any thread's stack.
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  /// The arrays and objects open around the current value.
  private var depth = 0
  private var line = 1
  private var column = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
    // A UTF-8 byte order mark is not part of the text.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var parser = TolerantJSONParser(bytes: bytes)
    try parser.skipBlanks()
    let node = try parser.parseValue()
    try parser.skipBlanks()
    if parser.index < parser.bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
    }
    return node
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      // Columns count characters, not the continuation bytes of a UTF-8 sequence.
      column += 1
    }
  }

  private func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: column, reason: reason)
  }

  private func describeCurrent() -> String {
    guard let byte = current else { return "end of file" }
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func skipBlanks() throws(JSONSyntaxError) {
    while let byte = current {
      switch byte {
      // Indented catalogues are mostly blanks: each is counted here rather than looked at again by advance().
      case 0x20, 0x09, 0x0D:
        index += 1
        column += 1
      case 0x0A:
        index += 1
        line += 1
        column = 1
      case UInt8(ascii: "/"):
        let (startLine, startColumn) = (line, column)
        guard index + 1 < bytes.count else { throw error("unexpected '/'") }
        if bytes[index + 1] == UInt8(ascii: "/") {
          while let c = current, c != 0x0A { advance() }
        } else if bytes[index + 1] == UInt8(ascii: "*") {
          advance()
          advance()
          var closed = false
          while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
              advance()
              advance()
              closed = true
              break
            }
            advance()
          }
          if !closed {
            throw JSONSyntaxError(line: startLine, column: startColumn, reason: "unterminated /* comment")
          }
        } else {
          throw error("unexpected '/' (comments start with // or /*)")
        }
      default:
        return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    let (startLine, startColumn) = (line, column)
    func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
    guard let byte = current else { throw error("unexpected end of file, expected a value") }
    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
      guard depth < Self.maximumDepth else {
        throw error("arrays and objects nested deeper than \(Self.maximumDepth) levels")
      }
      depth += 1
      defer { depth -= 1 }
      return node(byte == UInt8(ascii: "{") ? try parseObject() : try parseArray())
    }
    switch byte {
    case UInt8(ascii: "\""): return node(.string(try parseString()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try parseNumber()))
    case UInt8(ascii: "t"): try expectWord("true"); return node(.bool(true))
    case UInt8(ascii: "f"): try expectWord("false"); return node(.bool(false))
    case UInt8(ascii: "n"): try expectWord("null"); return node(.null)
    default: throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
    let start = error("")
    for expected in word.utf8 {
      guard current == expected else {
        throw JSONSyntaxError(line: start.line, column: start.column, reason: "invalid literal, expected \(word)")
      }
      advance()
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
    advance()  // {
    var members: [(key: String, value: JSONNode)] = []
    while true {
      try skipBlanks()
      guard let byte = current else { throw error("unexpected end of file inside an object") }
      if byte == UInt8(ascii: "}") {
        advance()
        return .object(members)
      }
      guard byte == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeCurrent()), expected a quoted key or '}'")
      }
      let key = try parseString()
      try skipBlanks()
      guard current == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()), expected ':' after key \"\(key)\"")
      }
      advance()
      try skipBlanks()
      members.append((key, try parseValue()))
      try skipBlanks()
      switch current {
      case UInt8(ascii: ","): advance()  // a trailing comma before '}' is accepted by the loop
      case UInt8(ascii: "}"): advance(); return .object(members)
      case nil: throw error("unexpected end of file inside an object")
      default: throw error("unexpected \(describeCurrent()), expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
    advance()  // [
    var elements: [JSONNode] = []
    while true {
      try skipBlanks()
      guard let byte = current else { throw error("unexpected end of file inside an array") }
      if byte == UInt8(ascii: "]") {
        advance()
        return .array(elements)
      }
      elements.append(try parseValue())
      try skipBlanks()
      switch current {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "]"): advance(); return .array(elements)
      case nil: throw error("unexpected end of file inside an array")
      default: throw error("unexpected \(describeCurrent()), expected ',' or ']'")
      }
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = error("")
    advance()  // opening quote
    // Most strings have no escape: found by one scan and made from the bytes in place.
    var end = index
    var characters = 0
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x0A { break }
      if byte & 0xC0 != 0x80 { characters += 1 }
      end += 1
    }
    if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
      guard let text = String(validating: bytes[index..<end], as: UTF8.self) else {
        throw JSONSyntaxError(line: start.line, column: start.column, reason: "string is not valid UTF-8")
      }
      index = end + 1
      column += characters + 1
      return text
    }
    var out: [UInt8] = []
    while true {
      guard let byte = current else {
        throw JSONSyntaxError(line: start.line, column: start.column, reason: "unterminated string")
      }
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        guard let text = String(validating: out, as: UTF8.self) else {
          throw JSONSyntaxError(line: start.line, column: start.column, reason: "string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        advance()
        guard let escape = current else { continue }
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          advance()
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar), current == UInt8(ascii: "\\"), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "u")
          {
            advance()
            advance()
            let low = try parseHex4()
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
          }
          let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
          out.append(contentsOf: Array(String(character).utf8))
          continue
        default:
          throw error("invalid escape \\\(describeCurrent())")
        }
        advance()
      case 0x0A:
        throw JSONSyntaxError(line: start.line, column: start.column, reason: "unterminated string")
      default:
        out.append(byte)
        advance()
      }
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexValue(byte) else { throw error("invalid \\u escape") }
      value = value * 16 + digit
      advance()
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = error("")
    // Whole numbers of up to 15 digits (track numbers, years, lengths), the common case, are read in
    // place: exact as a Double, as Double(text) reads them.
    var end = index
    var whole = 0
    while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39, end - index < 15 {
      whole = whole * 10 + Int(bytes[end] - 0x30)
      end += 1
    }
    let after = end < bytes.count ? bytes[end] : 0x20
    if end > index && !(after >= 0x30 && after <= 0x39) && after != UInt8(ascii: ".") && after != UInt8(ascii: "e")
      && after != UInt8(ascii: "E") && after != UInt8(ascii: "-") && after != UInt8(ascii: "+")
    {
      column += end - index
      index = end
      return Double(whole)
    }
    var text = ""
    while let byte = current,
      byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    {
      text.append(Character(UnicodeScalar(byte)))
      advance()
    }
    guard let value = Double(text) else {
      throw JSONSyntaxError(line: start.line, column: start.column, reason: "invalid number \(text)")
    }
    return value
  }
}
