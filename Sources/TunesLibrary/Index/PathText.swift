// Path pieces and path-keyed tables for the index's hot loops, on the UTF-8 bytes: NSString's path
// methods and Swift's Unicode-aware String hashing cost more than the stat of a no-change rescan.

#if canImport(Glibc)
  import Glibc
#endif

/// The parts of an absolute path the indexer needs, computed on bytes ("/" is ASCII, so any split on
/// it falls on a character boundary).
public enum PathText {
  /// `folder` + "/" + `name` in a string of exactly that size: `+` leaves room to grow, twice the
  /// bytes of every path the walk keeps (20 MB of 100k paths).
  static func join(_ folder: String, _ name: String, suffix: StaticString = "") -> String {
    var name = name
    return name.withUTF8 { join(folder, bytes: $0, suffix: suffix) }
  }

  /// `folder` + "/" + a name given as bytes (valid UTF-8) + `suffix`, in one allocation.
  static func join(_ folder: String, bytes name: UnsafeBufferPointer<UInt8>, suffix: StaticString = "") -> String {
    var folder = folder
    let extra = suffix.utf8CodeUnitCount
    return folder.withUTF8 { head in
      String(unsafeUninitializedCapacity: head.count + 1 + name.count + extra) { buffer in
        let base = buffer.baseAddress!
        if let from = head.baseAddress { memcpy(base, from, head.count) }
        base[head.count] = UInt8(ascii: "/")
        if let from = name.baseAddress { memcpy(base + head.count + 1, from, name.count) }
        if extra > 0 { memcpy(base + head.count + 1 + name.count, suffix.utf8Start, extra) }
        return head.count + 1 + name.count + extra
      }
    }
  }

  /// Everything before the last "/" ("" for "/x", the path itself when it has none).
  static func folder(of path: String) -> String {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[..<slash])
  }

  /// Whether `path` lies strictly under `folder`, byte for byte (String's `hasPrefix` compares
  /// canonically equivalent characters as equal, which two different folders on disk can be).
  static func isInside(_ path: String, folder: String) -> Bool {
    let bytes = path.utf8, prefix = folder.utf8
    guard bytes.count > prefix.count else { return false }
    let slash = UInt8(ascii: "/")
    // One memcmp over native strings' bytes: the generic `starts(with:)` went byte by byte, a tenth of a
    // rescan that asks this of every file.
    let compared = bytes.withContiguousStorageIfAvailable { path in
      prefix.withContiguousStorageIfAvailable { folder in
        (folder.isEmpty || memcmp(path.baseAddress!, folder.baseAddress!, folder.count) == 0)
          && (folder.last == slash || path[folder.count] == slash)
      }
    }
    if let inside = compared ?? nil { return inside }
    guard bytes.starts(with: prefix) else { return false }
    return prefix.last == slash || bytes[bytes.index(bytes.startIndex, offsetBy: prefix.count)] == slash
  }

  /// Whether the two paths are the same bytes (String's `==` takes canonically equivalent text as equal):
  /// the test of every place that follows a file, the indexer's and the queue's.
  public static func same(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
  }

  /// The bytes as text, each byte that is not part of valid UTF-8 written as \xNN: a name that cannot be
  /// stored still reads unambiguously in an error.
  static func escapingInvalidUTF8(_ bytes: [UInt8]) -> String {
    var text = ""
    var rest = bytes[...]
    while !rest.isEmpty {
      // The longest valid prefix is kept as it is; the first byte after it is escaped.
      var valid = rest.count
      while valid > 0, String(validating: rest.prefix(valid), as: UTF8.self) == nil { valid -= 1 }
      text += String(decoding: rest.prefix(valid), as: UTF8.self)
      rest = rest.dropFirst(valid)
      if let byte = rest.first {
        text += (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
        rest = rest.dropFirst()
      }
    }
    return text
  }

  /// The name after the last "/".
  static func name(of path: String) -> Substring {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
    return path[bytes.index(after: slash)...]
  }

  /// The name without its extension (a leading dot is part of the name, as in NSString).
  static func stem(of path: String) -> String {
    let name = name(of: path)
    let bytes = name.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return String(name) }
    return String(name[..<dot])
  }

  /// Whether the name after the last "/" has an extension ("x.mp3" yes, ".hidden" and "x." no).
  static func hasExtension(_ path: String) -> Bool {
    let bytes = name(of: path).utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
    return dot != bytes.startIndex && bytes.index(after: dot) != bytes.endIndex
  }

  /// Case-insensitive ASCII suffix test, e.g. ".mp3".
  static func hasSuffix(_ name: some StringProtocol, asciiLowercase suffix: StaticString) -> Bool {
    hasSuffix(bytes: name.utf8, asciiLowercase: suffix)
  }

  /// The same on bytes (a file name that is not UTF-8).
  static func hasSuffix<Bytes: Collection<UInt8>>(bytes: Bytes, asciiLowercase suffix: StaticString) -> Bool {
    let count = suffix.utf8CodeUnitCount
    let length = bytes.count
    guard length >= count else { return false }
    var index = bytes.index(bytes.startIndex, offsetBy: length - count)
    for k in 0..<count {
      var byte = bytes[index]
      if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
      if byte != suffix.utf8Start[k] { return false }
      index = bytes.index(after: index)
    }
    return true
  }

  /// Byte order, the order of the index's unique path key (String's `<` compares Unicode scalars with
  /// normalisation, slower and not how SQLite sorts).
  static func byteOrder(_ a: String, _ b: String) -> Bool {
    // memcmp over the contiguous bytes: the generic element-by-element comparison of two UTF8Views was
    // 2% of a first index, sorting the work list.
    var a = a, b = b
    return a.withUTF8 { x in b.withUTF8 { y in compareBytes(x, y) < 0 } }
  }

  /// Byte order as a three-way comparison (negative, zero or positive): the bytes, then the shorter
  /// first. SQLite's BINARY collation, and its NOCASE on bytes already folded.
  static func compareBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(x.count, y.count)
    if common > 0, let a = x.baseAddress, let b = y.baseAddress {
      let order = memcmp(a, b, common)
      if order != 0 { return Int(order) }
    }
    return x.count - y.count
  }
}

/// A path as a dictionary key, hashed and compared byte for byte. Linux file names are bytes: "é" as
/// one code point and as "e" plus an accent are two different files, which String's canonical
/// equivalence would merge; and hashing bytes skips String's normalisation check.
struct PathKey: Hashable, Sendable {
  let path: String
  /// Hashed once, where the key is made (catalogue keys on the parsing thread): a key is looked up in
  /// several tables (walk, catalogue entries, index rows).
  let bytesHash: Int

  init(_ path: String) {
    var path = path
    path.makeContiguousUTF8()
    self.path = path
    var hash = 0
    if path.utf8.withContiguousStorageIfAvailable({ hash = Self.hash(of: $0) }) == nil {
      var hasher = Hasher()
      for byte in path.utf8 { hasher.combine(byte) }
      hash = hasher.finalize()
    }
    bytesHash = hash
  }

  /// The hash of a path's UTF-8 bytes, as its key has it: bytes from elsewhere (SQLite's) can be looked
  /// up without a String made of them (WalkedFiles).
  static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }

  /// Whether the path's bytes are `bytes`.
  func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let own = path.utf8
    guard own.count == bytes.count else { return false }
    if bytes.isEmpty { return true }
    let same = own.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    return same ?? own.elementsEqual(bytes)
  }

  static func == (a: PathKey, b: PathKey) -> Bool {
    guard a.bytesHash == b.bytesHash else { return false }
    let (x, y) = (a.path.utf8, b.path.utf8)
    guard x.count == y.count else { return false }
    if x.isEmpty { return true }
    let same = x.withContiguousStorageIfAvailable { px in
      y.withContiguousStorageIfAvailable { py in memcmp(px.baseAddress!, py.baseAddress!, px.count) == 0 }
    }
    return (same ?? nil) ?? x.elementsEqual(y)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(bytesHash)
  }
}
