// Test fixtures for the library, shared by the tests of the library alone (TunesLibraryTests) and of the
// library with every area of its database (TunesDatabaseTests): a temporary library per test, opened
// with the areas the test target gives, and a fake tag reader that reads "key=value" text files, so
// scanner tests control tags, audio hashes and failures exactly. Only the library's public face is used
// here (a support target is built without testing enabled); the tests reach further themselves.
import Foundation
import GRDB
import TunesLibrary
import TunesTags

/// A temporary folder with a library database and a music folder; removed when the test ends.
public final class TempLibrary {
  public let root: String
  public let music: String
  public let library: Library
  public let reads = ReadCounter()

  /// A new library opened with `areas` (each test target says which: its own `everyDatabaseArea`).
  public init(areas: [DatabaseArea]) throws {
    root = NSTemporaryDirectory() + "tunes-library-tests-" + UUID().uuidString
    music = root + "/music"
    try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
    library = try Library(path: root + "/library.db", areas: areas)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// Writes a fake MP3 under the music folder: lines of `key=value` (title, artist, album, albumartist,
  /// track, disc, year, genre, mbid, hash, duration, artistsort, albumartistsort, albumsort, artists as
  /// "A; B") read by `fakeReader`; `fail=REASON` makes it unreadable.
  @discardableResult
  public func write(_ relative: String, _ fields: [String: String]) throws -> String {
    let path = music + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let text = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @discardableResult
  public func writeText(_ relative: String, _ text: String) throws -> String {
    let path = music + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  public func options(dryRun: Bool = false, prune: Bool = false, batchSize: Int = 256) -> IndexingOptions {
    var options = IndexingOptions(dryRun: dryRun)
    options.prune = prune
    options.batchSize = batchSize
    options.largestBatch = batchSize  // the tests count on batches of one size
    let reads = self.reads
    options.readMetadata = { path in
      reads.add(path)
      return try fakeReader(path)
    }
    return options
  }

  public func index(_ paths: [String]? = nil, dryRun: Bool = false, prune: Bool = false, batchSize: Int = 256) throws
    -> IndexReport
  {
    try library.index(paths: paths ?? [music], options: options(dryRun: dryRun, prune: prune, batchSize: batchSize))
  }

  /// The number `sql` selects (-1 for none), read on a read-only connection of its own: the library's
  /// own pool is not public.
  public func count(_ sql: String) throws -> Int {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: root + "/library.db", configuration: configuration)
    return try queue.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
  }
}

/// The paths a fake reader was asked for, in order.
public final class ReadCounter: @unchecked Sendable {
  // @unchecked: `paths` is only touched under `lock`.
  private let lock = NSLock()
  private var paths: [String] = []
  public init() {}
  public func add(_ path: String) { lock.withLock { paths.append(path) } }
  public var all: [String] { lock.withLock { paths } }
  public func reset() { lock.withLock { paths = [] } }
}

/// Reads the fixture format written by `TempLibrary.write`.
@Sendable public func fakeReader(_ path: String) throws -> FileMetadata {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    throw TagError.unreadable(path: path, reason: "cannot open")
  }
  if text.isEmpty { throw TagError.empty(path: path) }
  var fields: [String: String] = [:]
  for line in text.split(separator: "\n") {
    guard let equals = line.firstIndex(of: "=") else { throw TagError.notMP3(path: path, reason: "no MPEG frame") }
    fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
  }
  if let reason = fields["fail"] { throw TagError.truncated(path: path, reason: reason) }
  var tags = TagSet()
  tags.title = fields["title"]
  tags.artist = fields["artist"]
  tags.album = fields["album"]
  tags.albumArtist = fields["albumartist"]
  tags.trackNumber = fields["track"].flatMap { Int($0) }
  tags.discNumber = fields["disc"].flatMap { Int($0) }
  tags.year = fields["year"].flatMap { Int($0) }
  tags.genres = fields["genre"].map { [$0] } ?? []
  tags.recordingMbid = fields["mbid"]
  tags.artistSort = fields["artistsort"]
  tags.albumArtistSort = fields["albumartistsort"]
  tags.albumSort = fields["albumsort"]
  tags.artists = fields["artists"].map { $0.components(separatedBy: "; ") } ?? []
  let audio = AudioProperties(
    durationMs: fields["duration"].flatMap { Int($0) } ?? 1000, sampleRate: 44100, channels: 2, bitrate: 128,
    lengthSource: "Info", audioOffset: 0, audioLength: text.utf8.count, audioHash: fields["hash"] ?? path)
  return FileMetadata(tags: tags, audio: audio)
}
