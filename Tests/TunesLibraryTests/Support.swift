// Test fixtures for the library: a temporary library per test, and a fake tag reader that reads
// "key=value" text files, so scanner tests control tags, audio hashes and failures exactly.
import Foundation
import GRDB
import TunesTags

@testable import TunesLibrary

/// A temporary folder with a library database and a music folder; removed when the test ends.
final class TempLibrary {
  let root: String
  let music: String
  let library: Library
  let reads = ReadCounter()

  init() throws {
    root = NSTemporaryDirectory() + "tunes-library-tests-" + UUID().uuidString
    music = root + "/music"
    try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
    library = try Library(path: root + "/library.db", areas: everyDatabaseArea)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// Writes a fake MP3 under the music folder: lines of `key=value` (title, artist, album, albumartist,
  /// track, disc, year, genre, mbid, hash, duration, artistsort, albumartistsort, albumsort, artists as
  /// "A; B") read by `fakeReader`; `fail=REASON` makes it unreadable.
  @discardableResult
  func write(_ relative: String, _ fields: [String: String]) throws -> String {
    let path = music + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let text = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @discardableResult
  func writeText(_ relative: String, _ text: String) throws -> String {
    let path = music + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func options(dryRun: Bool = false, prune: Bool = false, batchSize: Int = 256) -> IndexingOptions {
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

  func index(_ paths: [String]? = nil, dryRun: Bool = false, prune: Bool = false, batchSize: Int = 256) throws -> IndexReport {
    try library.index(paths: paths ?? [music], options: options(dryRun: dryRun, prune: prune, batchSize: batchSize))
  }

  func count(_ sql: String) throws -> Int {
    try library.pool.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
  }
}

final class ReadCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var paths: [String] = []
  func add(_ path: String) { lock.withLock { paths.append(path) } }
  var all: [String] { lock.withLock { paths } }
  func reset() { lock.withLock { paths = [] } }
}

/// Reads the fixture format written by `TempLibrary.write`.
@Sendable func fakeReader(_ path: String) throws -> FileMetadata {
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

struct InjectedFailure: Error {}
