// A library.json catalogue read into entries with absolute paths (format: Docs/CatalogueFormat.md).
// Reading is all-or-nothing: a syntax or shape error throws with file, line and column; entries that
// escape the folder or name missing files are reported as problems and left out.
import Foundation

/// One song named by a catalogue, with what the catalogue says about it.
///
/// Laid out small: an index of 100k files holds 100k entries at once, so numbers are kept in 32 bits
/// (`SmallNumber`) and the fingerprint as its hash.
public struct CatalogueEntry: Sendable, Equatable {
  /// Absolute path of the audio file (extension added when the catalogue left it out).
  public var path: String
  public var title: String?
  public var artist: String
  public var album: String
  public var albumArtist: String
  /// Absolute path of the album image, when the file exists.
  public var coverPath: String?
  public var genre: String?
  public var recordingMbid: String?
  private var storedTrack, storedDisc, storedYear, storedDuration: SmallNumber
  /// Where the entry is written in its catalogue, for messages.
  private var storedLine, storedColumn: Int32
  /// Changes whenever anything the index takes from the entry changes; set once the path is known.
  var fingerprint: UInt64 = 0

  public var trackNumber: Int? {
    get { storedTrack.value }
    set { storedTrack = SmallNumber(newValue) }
  }
  public var discNumber: Int? {
    get { storedDisc.value }
    set { storedDisc = SmallNumber(newValue) }
  }
  public var year: Int? {
    get { storedYear.value }
    set { storedYear = SmallNumber(newValue) }
  }
  public var durationMs: Int? {
    get { storedDuration.value }
    set { storedDuration = SmallNumber(newValue) }
  }
  public var line: Int { Int(storedLine) }
  public var column: Int { Int(storedColumn) }

  init(
    path: String, title: String?, artist: String, album: String, albumArtist: String, coverPath: String?,
    trackNumber: Int?, discNumber: Int?, year: Int?, genre: String?, durationMs: Int?, recordingMbid: String?,
    line: Int, column: Int
  ) {
    self.path = path
    self.title = title
    self.artist = artist
    self.album = album
    self.albumArtist = albumArtist
    self.coverPath = coverPath
    self.genre = genre
    self.recordingMbid = recordingMbid
    storedTrack = SmallNumber(trackNumber)
    storedDisc = SmallNumber(discNumber)
    storedYear = SmallNumber(year)
    storedDuration = SmallNumber(durationMs)
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }

  func computeFingerprint() -> UInt64 {
    var hash = Fingerprint()
    for field in [path, title ?? "\u{0}", artist, album, albumArtist, coverPath ?? "\u{0}"] { hash.add(field) }
    for number in [trackNumber, discNumber, year] { hash.add(number.map(String.init) ?? "") }
    hash.add(genre ?? "\u{0}")
    hash.add(durationMs.map(String.init) ?? "")
    hash.add(recordingMbid ?? "\u{0}")
    return hash.value
  }
}

/// A whole number or nothing, in 4 bytes: nil is `Int32.min`, and the catalogue reader refuses numbers
/// outside `range`.
struct SmallNumber: Sendable, Equatable {
  static let range = -Int(Int32.max)...Int(Int32.max)
  private var stored: Int32
  init(_ number: Int?) { stored = number.map { Int32(clamping: $0) } ?? .min }
  var value: Int? { stored == .min ? nil : Int(stored) }
}

/// Something wrong with one file or entry that did not stop the run.
public struct IndexProblem: Sendable, Hashable, Codable {
  public var path: String
  public var reason: String
  /// Where in the file the problem is (1-based), for a file that was read but not understood.
  public var line: Int?
  public var column: Int?
  public init(path: String, reason: String, line: Int? = nil, column: Int? = nil) {
    self.path = path
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// The path, with `:LINE:COLUMN` when the problem has a place in the file (as compilers name one).
  public var place: String {
    guard let line else { return path }
    return "\(path):\(line):\(column ?? 1)"
  }
}

public struct Catalogue: Sendable {
  public var path: String
  public var entries: [CatalogueEntry]
  /// Entries refused (path escaping the folder) or naming files that do not exist.
  public var problems: [IndexProblem]

  /// Reads and checks the catalogue at `path` (absolute). Throws `LibraryError.malformedCatalogue`.
  /// `fileExists` answers for the files the entries name (the indexer knows most from its walk).
  public static func load(
    path: String, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws(LibraryError) -> Catalogue {
    try parse(path: path).resolved(fileExists: fileExists)
  }

  /// The first half of `load`, which needs no other file: the indexer parses while it walks the folders.
  static func parse(path: String) throws(LibraryError) -> ParsedCatalogue {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .malformedCatalogue(path: path, line: 1, column: 1, reason: "cannot read the file")
    }
    let root: JSONNode
    do {
      root = try TolerantJSONParser.parse([UInt8](data))
    } catch {
      throw .malformedCatalogue(path: path, line: error.line, column: error.column, reason: error.reason)
    }
    var reader = CatalogueReader(path: path, folder: PathText.folder(of: path))
    try reader.read(root)
    return ParsedCatalogue(path: path, items: reader.items, imageFolders: reader.imageFolders)
  }
}

/// A catalogue read and checked, its file names joined to its folder but not yet looked for.
struct ParsedCatalogue: Sendable {
  enum Item: Sendable {
    case problem(IndexProblem)
    /// The entry with its likelier file already chosen (the name + ".mp3" when it has no extension, else
    /// the name), keyed and fingerprinted on the parsing thread; `addedExtension` says which it was, so
    /// the other candidate (with or without ".mp3") is only made when the likelier file is missing.
    case entry(CatalogueEntry, key: PathKey, addedExtension: Bool)
  }
  let path: String
  let items: [Item]
  /// The folders the album images were looked for in: which names they hold decides the entries' images.
  var imageFolders: Set<String> = []

  /// Picks each entry's file among its candidates; an entry with none is a problem, in its place.
  func resolved(fileExists: (String) -> Bool) -> Catalogue {
    var entries: [CatalogueEntry] = []
    let problems = resolve(exists: { fileExists($0.path) }) { _, entry in entries.append(entry) }
    return Catalogue(path: path, entries: entries, problems: problems)
  }

  /// Hands each entry whose file exists to `found` with its key; returns the problems in order.
  func resolve(exists: (PathKey) -> Bool, found: (PathKey, CatalogueEntry) -> Void) -> [IndexProblem] {
    var problems: [IndexProblem] = []
    for item in items {
      switch item {
      case .problem(let problem):
        problems.append(problem)
      case .entry(var entry, let key, let addedExtension):
        if exists(key) {
          found(key, entry)
          continue
        }
        // A name without an extension may be the file itself, or one whose extension is in capitals.
        let bare = addedExtension ? String(entry.path.utf8.dropLast(4))! : entry.path
        let candidates = addedExtension ? [bare, bare + ".MP3"] : [bare + ".mp3"]
        guard let other = candidates.first(where: { exists(PathKey($0)) }) else {
          let place = "\(PathText.name(of: path)):\(entry.line):\(entry.column)"
          problems.append(IndexProblem(path: entry.path, reason: "listed in \(place) but the file is missing"))
          continue
        }
        entry.path = other
        entry.fingerprint = entry.computeFingerprint()
        found(PathKey(other), entry)
      }
    }
    return problems
  }
}

/// Walks the parsed JSON; shape errors name the node's position.
private struct CatalogueReader {
  let path: String
  let folder: String
  var items: [ParsedCatalogue.Item] = []
  var imageFolders: Set<String> = []

  func fail(_ node: JSONNode, _ reason: String) -> LibraryError {
    .malformedCatalogue(path: path, line: node.line, column: node.column, reason: reason)
  }

  func array(_ node: JSONNode, _ what: String) throws(LibraryError) -> [JSONNode] {
    guard case .array(let elements) = node.value else { throw fail(node, "\(what) must be an array, not \(node.kindName)") }
    return elements
  }

  func requiredString(_ node: JSONNode, _ key: String, in what: String) throws(LibraryError) -> String {
    guard case .object = node.value else { throw fail(node, "\(what) must be an object, not \(node.kindName)") }
    guard let value = node[key] else { throw fail(node, "\(what) has no \"\(key)\"") }
    guard case .string(let text) = value.value else { throw fail(value, "\"\(key)\" must be a string, not \(value.kindName)") }
    return text
  }

  func optionalString(_ node: JSONNode, _ key: String) throws(LibraryError) -> String? {
    guard let value = node[key] else { return nil }
    switch value.value {
    case .null: return nil
    case .string(let text): return text.isEmpty ? nil : text
    default: throw fail(value, "\"\(key)\" must be a string, not \(value.kindName)")
    }
  }

  /// Integers may be written as numbers or as numeric strings ("3").
  func optionalInt(_ node: JSONNode, _ key: String) throws(LibraryError) -> Int? {
    guard let value = node[key] else { return nil }
    switch value.value {
    case .null: return nil
    case .number(let number) where number == number.rounded() && abs(number) < 1e15:
      return try inRange(Int(number), value, key)
    case .string(let text):
      if let number = Int(text.trimmingCharacters(in: .whitespaces)) { return try inRange(number, value, key) }
    default: break
    }
    throw fail(value, "\"\(key)\" must be a whole number, not \(value.kindName)")
  }

  private func inRange(_ number: Int, _ node: JSONNode, _ key: String) throws(LibraryError) -> Int {
    guard SmallNumber.range.contains(number) else {
      throw fail(node, "\"\(key)\" is \(number), out of range (at most \(SmallNumber.range.upperBound) either way)")
    }
    return number
  }

  mutating func read(_ root: JSONNode) throws(LibraryError) {
    for artistNode in try array(root, "the catalogue") {
      let artistName = try requiredString(artistNode, "artistName", in: "an artist")
      guard let albumsNode = artistNode["albums"] else { throw fail(artistNode, "artist \"\(artistName)\" has no \"albums\"") }
      for albumNode in try array(albumsNode, "\"albums\"") {
        let albumTitle = try requiredString(albumNode, "title", in: "an album")
        let albumArtist = try optionalString(albumNode, "albumArtist") ?? artistName
        let albumYear = try optionalInt(albumNode, "year")
        let albumGenre = try optionalString(albumNode, "genre")
        var cover: String?
        if let image = try optionalString(albumNode, "image"), let imageNode = albumNode["image"] {
          switch resolve(image) {
          case .escapes:
            items.append(
              .problem(
                IndexProblem(
                  path: path, reason: "line \(imageNode.line): image \"\(image)\" is outside the catalogue's folder; ignored")))
          case .plain(let name):
            let base = PathText.join(folder, name)
            imageFolders.insert(PathText.folder(of: base))
            cover = Self.image(base)
          case .path(let base):
            imageFolders.insert(PathText.folder(of: base))
            cover = Self.image(base)
          }
        }
        guard let songsNode = albumNode["songs"] else { throw fail(albumNode, "album \"\(albumTitle)\" has no \"songs\"") }
        for songNode in try array(songsNode, "\"songs\"") {
          let fileName = try requiredString(songNode, "fileName", in: "a song")
          let entry = CatalogueEntry(
            path: "", title: try optionalString(songNode, "title"), artist: artistName, album: albumTitle,
            albumArtist: try optionalString(songNode, "albumArtist") ?? albumArtist, coverPath: cover,
            trackNumber: try optionalInt(songNode, "trackNumber"), discNumber: try optionalInt(songNode, "discNumber"),
            year: try optionalInt(songNode, "year") ?? albumYear, genre: try optionalString(songNode, "genre") ?? albumGenre,
            durationMs: try optionalInt(songNode, "durationMs"), recordingMbid: try optionalString(songNode, "recordingMbid"),
            line: songNode.line, column: songNode.column)
          add(entry, fileName: fileName)
        }
      }
    }
  }

  mutating func add(_ entry: CatalogueEntry, fileName: String) {
    switch resolve(fileName) {
    case .escapes:
      let place = "line \(entry.line), column \(entry.column)"
      items.append(
        .problem(IndexProblem(path: path, reason: "\(place): \"\(fileName)\" is outside the catalogue's folder; entry skipped")))
    case .path(let base):
      let addExtension = !PathText.hasExtension(base)
      append(entry, path: addExtension ? base + ".mp3" : base, addedExtension: addExtension)
    case .plain(let name):
      // The common case, in one string of the right size.
      let addExtension = !PathText.hasExtension(name)
      append(entry, path: PathText.join(folder, name, suffix: addExtension ? ".mp3" : ""), addedExtension: addExtension)
    }
  }

  /// The entry at its likelier path, keyed and fingerprinted here, on the parsing thread.
  private mutating func append(_ entry: CatalogueEntry, path: String, addedExtension: Bool) {
    var entry = entry
    entry.path = path
    entry.fingerprint = entry.computeFingerprint()
    items.append(.entry(entry, key: PathKey(path), addedExtension: addedExtension))
  }

  /// The album image at `base`, as named or with a usual extension added.
  static func image(_ base: String) -> String? {
    [base, base + ".jpg", base + ".jpeg", base + ".png"].first { FileManager.default.fileExists(atPath: $0) }
  }

  /// `plain`: the name joins the folder as it is; `path`: the joined path after "." and ".." parts.
  enum Resolved { case plain(String), path(String), escapes }

  /// No empty, "." or ".." part and no slash at either end: the name joins the folder as it is.
  static func isPlainRelative(_ name: String) -> Bool {
    var partLength = 0
    var dots = 0
    for byte in name.utf8 {
      if byte == UInt8(ascii: "/") {
        if partLength == 0 || partLength == dots && dots <= 2 { return false }
        partLength = 0
        dots = 0
      } else {
        partLength += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return partLength > 0 && !(partLength == dots && dots <= 2)
  }

  /// Joins a catalogue-relative name to the folder; absolute names and `..` climbing out are refused.
  func resolve(_ name: String) -> Resolved {
    if name.hasPrefix("/") || name.hasPrefix("~") { return .escapes }
    if Self.isPlainRelative(name) { return .plain(name) }
    var parts: [Substring] = []
    for part in name.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if parts.isEmpty { return .escapes }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    if parts.isEmpty { return .escapes }
    return .path(folder + "/" + parts.joined(separator: "/"))
  }
}

/// A short stable hash for change detection (not for security): FNV-1a over the fields' UTF-8 joined by
/// U+001F, fed field by field. The value is stored in the index, so it must never change.
struct Fingerprint {
  private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  private var fields = 0

  mutating func add(_ field: String) {
    if fields > 0 { hash = Self.step(hash, 0x1F) }
    fields += 1
    var field = field
    // Over the contiguous bytes in a local: iterating String.UTF8View was 6% of a rescan.
    field.withUTF8 { bytes in hash = bytes.reduce(hash, Self.step) }
  }

  private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  var value: UInt64 { hash }
  /// How the index stores a fingerprint.
  static func text(_ value: UInt64) -> String { String(value, radix: 16) }
  static func value(_ text: String) -> UInt64? { UInt64(text, radix: 16) }
}
