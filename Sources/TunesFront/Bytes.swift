// Byte strings for the front program: paths, environment values and protocol lines are bytes to pass on
// unchanged, and Embedded Swift's String would bring in Unicode tables for comparing them.
import CFront

enum Bytes {
  /// A literal's bytes.
  static func of(_ literal: StaticString) -> [UInt8] {
    Array(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// A C string's bytes, without its NUL.
  static func of(_ text: UnsafePointer<CChar>) -> [UInt8] {
    let count = strlen(text)
    return text.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
  }

  /// An environment variable's value, nil when it is unset.
  static func environment(_ name: StaticString) -> [UInt8]? {
    name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount) { getenv($0) }.map { of($0) }
  }

  /// Runs `body` with `bytes` as a NUL-terminated C string.
  static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
    (bytes + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
    }
  }

  /// Writes all of `bytes`, again after an interruption; gives up silently on any other failure, as the
  /// full program's `tunes status` does (a closed or full standard output is not an error there).
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 && front_errno() == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Whether `bytes` are well-formed UTF-8. The full program reads the environment and the lock file as
  /// Swift Strings, which replace malformed bytes; the front passes such text on to it rather than read
  /// it otherwise.
  static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let lead = bytes[index]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard bytes.endIndex - index >= length else { return false }
      var offset = 1
      while offset < length {
        let byte = bytes[index + offset]
        // The second byte's range rules out overlong forms, surrogates and values past U+10FFFF.
        if offset == 1 ? !(low...high).contains(byte) : !(0x80...0xBF).contains(byte) { return false }
        offset += 1
      }
      index += length
    }
    return true
  }
}
