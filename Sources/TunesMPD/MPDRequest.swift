// The request parser: one protocol line (bytes, without the newline) into a command word and its
// arguments, following MPD's tokenizer (bare words, double-quoted strings with backslash escapes).
// Pure and allocation-light; Fuzz/run.sh feeds it random bytes.

/// One parsed request line: `command` is the first word, `arguments` the rest, unquoted and unescaped.
public struct MPDRequest: Sendable, Hashable {
  public var command: String
  public var arguments: [String]

  public init(command: String, arguments: [String] = []) {
    self.command = command
    self.arguments = arguments
  }
}

public enum MPDRequestParser {
  /// MPD closes a client whose line outgrows its 8 KiB input buffer; tunes answers ACK first, then closes.
  public static let maximumLineLength = 8192

  /// Parses one line. Errors carry MPD's messages; like MPD they are reported with an empty `{}` command.
  public static func parse<Bytes: Collection>(_ line: Bytes) throws(MPDError) -> MPDRequest
  where Bytes.Element == UInt8, Bytes.Index == Int {
    var index = line.startIndex
    let end = line.endIndex
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    func skipSpaces() { while index < end, isSpace(line[index]) { index += 1 } }

    skipSpaces()
    guard index < end else { throw MPDError(.unknown, "No command given") }
    // The command word: a letter, then letters, digits and underscores.
    let first = line[index]
    guard isLetter(first) else { throw MPDError(.unknown, "Letter expected") }
    let wordStart = index
    while index < end, isWordByte(line[index]) { index += 1 }
    if index < end, !isSpace(line[index]) { throw MPDError(.unknown, "Invalid word character") }
    let command = String(decoding: line[wordStart..<index], as: UTF8.self)

    var arguments: [String] = []
    while true {
      skipSpaces()
      guard index < end else { break }
      if line[index] == 0x22 {  // "
        index += 1
        var bytes: [UInt8] = []
        var closed = false
        while index < end {
          let byte = line[index]
          if byte == 0x22 { closed = true; index += 1; break }
          if byte == 0x5C {  // backslash: the next byte is taken literally
            index += 1
            guard index < end else { break }
          }
          bytes.append(line[index])
          index += 1
        }
        guard closed else { throw MPDError(.unknown, "Missing closing '\"'") }
        if index < end, !isSpace(line[index]) { throw MPDError(.unknown, "Space expected after closing '\"'") }
        arguments.append(String(decoding: bytes, as: UTF8.self))
      } else {
        let start = index
        while index < end, !isSpace(line[index]) {
          let byte = line[index]
          if byte == 0x22 || byte == 0x27 || byte < 0x20 { throw MPDError(.unknown, "Invalid unquoted character") }
          index += 1
        }
        arguments.append(String(decoding: line[start..<index], as: UTF8.self))
      }
    }
    return MPDRequest(command: command, arguments: arguments)
  }

  /// Parses a `String` line (tests and the client side).
  public static func parse(_ line: String) throws(MPDError) -> MPDRequest {
    try parse(Array(line.utf8))
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
  private static func isWordByte(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) || b == 0x5F }

  /// Quotes an argument so `parse` gives it back unchanged (what a client sends).
  public static func quote(_ argument: String) -> String {
    // Scalars, not Characters: a backslash or quote followed by a combining mark is one Character
    // but still two bytes the parser sees separately.
    var out = String.UnicodeScalarView()
    out.append("\"")
    for scalar in argument.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { out.append("\\") }
      out.append(scalar)
    }
    out.append("\"")
    return String(out)
  }
}

/// A position range as MPD writes it: `N` (one item), `START:END` (END excluded) or `START:` (to the end).
public struct MPDRange: Sendable, Hashable, CustomStringConvertible {
  public var start: Int
  /// nil: up to the end of the list.
  public var end: Int?

  public init(start: Int, end: Int?) {
    self.start = start
    self.end = end
  }

  public var description: String { end.map { "\(start):\($0)" } ?? "\(start):" }

  /// The concrete range inside a list of `count` items, or nil when it reaches outside it.
  public func clamped(count: Int) -> Range<Int>? {
    let upper = end ?? count
    guard start >= 0, start <= upper, upper <= count else { return nil }
    return start..<upper
  }

  /// The whole list: what `-1` stands for, as in MPD versions before ranges.
  public static let all = MPDRange(start: 0, end: nil)

  /// Reads a range as mpd 0.23 does: a negative number is "Number is negative", one past 32 bits
  /// "Number too large" (so `END` and `N + 1` always fit), anything else not a number or range
  /// "Integer or range expected".
  public static func parse(_ text: String) throws(MPDError) -> MPDRange {
    if text == "-1" { return all }
    let colon = text.firstIndex(of: ":")
    func bound(_ part: Substring) throws(MPDError) -> Int {
      guard let value = MPDNumber.integer(part) else { throw MPDError.argument("Integer or range expected: \(text)") }
      guard value >= 0 else { throw MPDError.argument("Number is negative: \(text)") }
      guard value <= MPDNumber.signed32.upperBound else { throw MPDError.argument("Number too large: \(text)") }
      return value
    }
    let start = try bound(text[..<(colon ?? text.endIndex)])
    guard let colon else { return MPDRange(start: start, end: start + 1) }
    let tail = text[text.index(after: colon)...]
    if tail.isEmpty { return MPDRange(start: start, end: nil) }
    let end = try bound(tail)
    guard end >= start else { throw MPDError.argument("Malformed range: \(text)") }
    return MPDRange(start: start, end: end)
  }
}

/// Typed access to the arguments of a request, with MPD's error messages.
public struct MPDArguments: Sendable {
  public let command: String
  public let values: [String]

  public init(_ request: MPDRequest) {
    command = request.command
    values = request.arguments
  }

  public var count: Int { values.count }
  public subscript(index: Int) -> String { values[index] }

  /// Checks the number of arguments with MPD's messages: "wrong number of arguments" for a command that
  /// takes an exact number, otherwise "too few" or "too many arguments".
  public func expect(_ range: ClosedRange<Int>) throws(MPDError) {
    guard !range.contains(values.count) else { return }
    let problem =
      range.lowerBound == range.upperBound ? "wrong number of" : values.count < range.lowerBound ? "too few" : "too many"
    throw MPDError.argument("\(problem) arguments for \"\(command)\"")
  }

  /// A whole number as mpd's `ParseCommandArgInt` reads one: by default in 32 bits, else in `range`;
  /// outside it is "Number too large", as mpd words it for either end.
  public func integer(_ index: Int, in range: ClosedRange<Int> = MPDNumber.signed32) throws(MPDError) -> Int {
    guard let value = MPDNumber.integer(values[index]) else { throw MPDError.argument("Integer expected: \(values[index])") }
    guard range.contains(value) else { throw MPDError.argument("Number too large: \(values[index])") }
    return value
  }

  /// A number that may not be negative (an id, an offset), at most `largest` (by default mpd's 32-bit
  /// `unsigned`).
  public func unsigned(_ index: Int, largest: Int = MPDNumber.largestUnsigned) throws(MPDError) -> Int {
    guard let value = MPDNumber.integer(values[index]) else { throw MPDError.argument("Integer expected: \(values[index])") }
    guard value >= 0 else { throw MPDError.argument("Number is negative: \(values[index])") }
    guard value <= largest else { throw MPDError.argument("Number too large: \(values[index])") }
    return value
  }

  /// A queue version (`plchanges`), wrapped into 32 bits as mpd reads it rather than refused.
  public func version(_ index: Int) throws(MPDError) -> Int {
    guard let value = MPDNumber.version(values[index]) else { throw MPDError.argument("Integer expected: \(values[index])") }
    return value
  }

  public func bool(_ index: Int) throws(MPDError) -> Bool {
    switch values[index] {
    case "0": return false
    case "1": return true
    default: throw MPDError.argument("Boolean (0/1) expected: \(values[index])")
    }
  }

  /// A time in a song (`seek`, `seekid`, an unsigned `seekcur`): not negative ("Negative value not
  /// allowed", as mpd); one past the longest time mpd holds, `inf` too, is that time (past any song's
  /// end, as mpd accepts it); `nan` is no time.
  public func seconds(_ index: Int) throws(MPDError) -> Double {
    guard let value = Double(values[index]), !value.isNaN else { throw MPDError.argument("Float expected: \(values[index])") }
    guard value >= 0 else { throw MPDError.argument("Negative value not allowed: \(values[index])") }
    return min(value, MPDNumber.longestTime)
  }

  /// A signed time (`seekcur +T`/`-T`), kept within the furthest move mpd holds.
  public func signedSeconds(_ index: Int) throws(MPDError) -> Double {
    guard let value = Double(values[index]), !value.isNaN else { throw MPDError.argument("Float expected: \(values[index])") }
    return min(max(value, -MPDNumber.longestSignedTime), MPDNumber.longestSignedTime)
  }

  /// A number as mpd's `ParseCommandArgFloat` reads one: any a C `strtof` reads whole, `nan` and `inf` too.
  public func float(_ index: Int) throws(MPDError) -> Float {
    guard let value = Float(values[index]) else { throw MPDError.argument("Float expected: \(values[index])") }
    return value
  }

  public func range(_ index: Int) throws(MPDError) -> MPDRange { try MPDRange.parse(values[index]) }
}
