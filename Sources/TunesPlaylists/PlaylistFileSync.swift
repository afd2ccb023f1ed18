// Keeps playlists in step with the playlist files the indexer finds (.m3u .m3u8 .xspf .jspf), never
// overwriting one edited in tunes: the file's newer version is then imported beside it ("name (from file)").
import Foundation
import GRDB
import TunesCore
import TunesLibrary

#if canImport(Glibc)
  import Glibc
#endif

public struct PlaylistSyncReport: Sendable, Hashable, Codable {
  /// New playlists made from files seen for the first time.
  public var imported: [String] = []
  /// Playlists whose file changed and which were brought in step.
  public var updated: [String] = []
  /// Playlists edited in tunes whose file changed: the file was imported as `copy`, `edited` left alone.
  public var importedBeside: [Beside] = []
  public var unchanged = 0
  /// Files that could not be read or parsed, nothing imported from them: the indexer reports them
  /// with its other errors.
  public var failures: [IndexProblem] = []
  /// Entries that matched no song, per playlist name.
  public var unmatched: [String: Int] = [:]
  /// Missing entries (of any playlist) pointed at their song again.
  public var relinked = 0

  public struct Beside: Sendable, Hashable, Codable {
    public var edited: String
    public var copy: String
  }

  /// One line per event, for the indexer's summary.
  public var lines: [String] {
    var out: [String] = []
    for name in imported { out.append("playlist '\(name)' imported") }
    for name in updated { out.append("playlist '\(name)' updated from its file") }
    for pair in importedBeside {
      out.append("playlist '\(pair.edited)' was edited in tunes; its file changed too, imported beside it as '\(pair.copy)'")
    }
    for (name, count) in unmatched.sorted(by: { $0.key < $1.key }) {
      out.append("playlist '\(name)': \(count) entr\(count == 1 ? "y" : "ies") not in the library (kept as missing)")
    }
    if relinked > 0 { out.append("\(relinked) missing playlist entr\(relinked == 1 ? "y" : "ies") found again") }
    return out
  }
}

public enum PlaylistFileSync {
  /// The playlist name a file gives: its name without the extension.
  public static func playlistName(forFile path: String) -> String {
    ((path as NSString).lastPathComponent as NSString).deletingPathExtension
  }

  /// Brings playlists in step with `foundFiles` (absolute paths; files that are not playlists are
  /// ignored), then re-links missing entries whose song is back. One transaction per file: a file that
  /// fails is reported and changes nothing.
  public static func sync(library: Library, foundFiles: [String], now: Date = Date()) -> PlaylistSyncReport {
    var report = PlaylistSyncReport()
    for path in foundFiles where PlaylistFileName.matches(path) {
      do {
        try syncOne(library: library, path: path, now: now, report: &report)
      } catch {
        // Playlist errors name their file first; the problem carries it apart.
        let text = (error as? TunesError)?.description ?? "\(error)"
        report.failures.append(IndexProblem(path: path, reason: text.withoutLeadingPath(path)))
      }
    }
    report.relinked = (try? library.database(for: .playlists).write { db in try SongMatcher.relinkMissing(db) }) ?? 0
    return report
  }

  private static func syncOne(library: Library, path: String, now: Date, report: inout PlaylistSyncReport) throws {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let mtime = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    let tracked = try library.database(for: .playlists).read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM playlist WHERE sourcePath = ?", arguments: [path]).map(PlaylistRow.init)
    }
    if let tracked, tracked.sourceMtime == mtime {
      report.unchanged += 1
      return
    }
    // A new time on the same bytes (touched, copied again, restored) changes no entry: only the time is
    // noted, and an edited playlist gets no copy beside it.
    let hash = digest(path)
    if let tracked, let hash, tracked.sourceHash == hash {
      try library.database(for: .playlists).write { db in
        try db.execute(sql: "UPDATE playlist SET sourceMtime = ? WHERE id = ?", arguments: [mtime, tracked.id])
      }
      report.unchanged += 1
      return
    }
    let document = try PlaylistCodec.read(path: path)
    try library.database(for: .playlists).write { db in
      let name: String
      if let tracked, !tracked.editedSinceSync {
        try db.execute(
          sql: "UPDATE playlist SET sourceMtime = ?, sourceHash = ?, modifiedAt = ?, syncedAt = ? WHERE id = ?",
          arguments: [mtime, hash, DatabaseTimestamp.text(now), DatabaseTimestamp.text(now), tracked.id])
        name = tracked.name
        let unmatched = try PlaylistImport.fill(db, playlistID: tracked.id, from: document)
        if !unmatched.isEmpty { report.unmatched[name] = unmatched.count }
        report.updated.append(name)
        return
      }
      // New file, or a changed file whose playlist was edited here: the edited one lets go of the file
      // and a new playlist beside it takes over following it.
      if let tracked {
        try db.execute(
          sql: "UPDATE playlist SET sourcePath = NULL, sourceMtime = NULL, sourceHash = NULL WHERE id = ?",
          arguments: [tracked.id])
        name = try freeName(db, base: tracked.name + " (from file)")
      } else {
        let base = playlistName(forFile: path)
        name = try PlaylistTables.find(db, name: base) == nil ? base : try freeName(db, base: base + " (from file)")
      }
      let id = try PlaylistTables.insertPlaylist(db, name: name, sourcePath: path, sourceMtime: mtime, now: now)
      try db.execute(sql: "UPDATE playlist SET sourceHash = ? WHERE id = ?", arguments: [hash, id])
      let unmatched = try PlaylistImport.fill(db, playlistID: id, from: document)
      if !unmatched.isEmpty { report.unmatched[name] = unmatched.count }
      if let tracked {
        report.importedBeside.append(.init(edited: tracked.name, copy: name))
      } else {
        report.imported.append(name)
      }
    }
  }

  /// The file's size and FNV-1a digest of its bytes; nil when it cannot be read (the import says why).
  static func digest(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return "\(data.count) " + String(hash, radix: 16)
  }

  /// `base`, or `base 2`, `base 3`… whichever is free.
  private static func freeName(_ db: Database, base: String) throws -> String {
    if try PlaylistTables.find(db, name: base) == nil { return base }
    var n = 2
    while try PlaylistTables.find(db, name: "\(base) \(n)") != nil { n += 1 }
    return "\(base) \(n)"
  }
}
