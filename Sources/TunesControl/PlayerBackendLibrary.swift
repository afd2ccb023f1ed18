// How the real backend shows the library to MPD clients: song URIs relative to the music folder (the
// common folder of every indexed path), absolute paths accepted too, folders walked from indexed paths.
import Foundation
import GRDB
import TunesLibrary

/// The music folder and the URI ⇄ path mapping. A URI that starts with "/" is an absolute path; any
/// other URI is relative to `root`. Songs outside `root` are shown by their absolute path.
public struct MusicFolder: Sendable, Equatable {
  /// Absolute, without a trailing slash; nil while the library is empty.
  public var root: String?

  public init(root: String?) {
    self.root = root.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
  }

  /// The deepest folder holding every indexed song: the common folder of the smallest and largest
  /// path, which is the common folder of all of them since paths sort by their characters.
  public static func of(_ library: Library) throws -> MusicFolder {
    let bounds = try library.pool.read { db in
      try Row.fetchOne(db, sql: "SELECT min(path), max(path) FROM song")
    }
    guard let first: String = bounds?[0], let last: String = bounds?[1] else { return MusicFolder(root: nil) }
    let a = (first as NSString).deletingLastPathComponent.split(separator: "/")
    let b = (last as NSString).deletingLastPathComponent.split(separator: "/")
    let common = zip(a, b).prefix { $0 == $1 }.map { String($0.0) }
    return MusicFolder(root: "/" + common.joined(separator: "/"))
  }

  public func uri(forPath path: String) -> String {
    guard let root else { return path }
    if root == "/" { return String(path.dropFirst()) }
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// The absolute path a URI names ("" is the root itself); nil when relative and no root is known.
  public func path(forURI uri: String) -> String? {
    var uri = uri
    if uri.hasPrefix("file://") { uri = String(uri.dropFirst(7)) }
    while uri.count > 1, uri.hasSuffix("/") { uri.removeLast() }
    if uri.hasPrefix("/") { return uri }
    guard let root else { return nil }
    if uri.isEmpty { return root }
    return root == "/" ? "/" + uri : root + "/" + uri
  }
}

/// Songs of the library as MPD sees them.
enum LibrarySongs {
  static func mpdSong(_ song: Song, folder: MusicFolder) -> MPDSong {
    var tags: [MPDTag: String] = [:]
    if !song.title.isEmpty { tags[.title] = song.title }
    if !song.artist.isEmpty { tags[.artist] = song.artist }
    if !song.album.isEmpty { tags[.album] = song.album }
    if !song.albumArtist.isEmpty { tags[.albumArtist] = song.albumArtist }
    if let track = song.trackNumber { tags[.track] = String(track) }
    if let disc = song.discNumber { tags[.disc] = String(disc) }
    if let year = song.year { tags[.date] = String(year) }
    if let genre = song.genre, !genre.isEmpty { tags[.genre] = genre }
    return MPDSong(
      file: folder.uri(forPath: song.path), tags: tags, duration: song.durationMs.map { Double($0) / 1000 })
  }

  /// The song at `path`, or every song under the folder `path` in path order; `[]` when none.
  static func under(_ path: String, library: Library) throws -> [Song] {
    try library.pool.read { db in
      if let song = try Song.fetchOne(db, sql: "SELECT * FROM song WHERE path = ?", arguments: [path]) { return [song] }
      let folder = path == "/" ? "/" : path + "/"
      // "folder/" <= path < "folder0" ('0' follows '/'): the paths under it, through the path index.
      let end = String(folder.dropLast()) + "0"
      return try Song.fetchSelected(
        db, sql: "SELECT \(Song.selectedColumns) FROM song WHERE path >= ? AND path < ? ORDER BY path", arguments: [folder, end])
    }
  }

  static func all(_ library: Library) throws -> [Song] {
    try library.pool.read { db in
      try Song.fetchSelected(db, sql: "SELECT \(Song.selectedColumns) FROM song ORDER BY path", arguments: [])
    }
  }

  /// The direct children of the folder `path`: sub-folders (from the indexed paths) then songs.
  static func children(of path: String, library: Library, folder: MusicFolder) throws -> [MPDEntry] {
    let prefix = path == "/" ? "/" : path + "/"
    var folders: [String] = []
    var seen = Set<String>()
    var songs: [MPDEntry] = []
    for song in try under(path, library: library) where song.path.hasPrefix(prefix) {
      let rest = song.path.dropFirst(prefix.count)
      if let slash = rest.firstIndex(of: "/") {
        let child = prefix + rest[..<slash]
        if seen.insert(child).inserted { folders.append(child) }
      } else {
        songs.append(.song(mpdSong(song, folder: folder)))
      }
    }
    return folders.map { MPDEntry.directory(path: folder.uri(forPath: $0), lastModified: nil) } + songs
  }
}
