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

  /// `root`'s bytes with a "/" after them when the root is plain text (`PlainText`); nil otherwise.
  let plainRootFolder: [UInt8]?

  public init(root: String?) {
    self.root = root.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    let bytes = Array(self.root?.utf8 ?? "".utf8)
    plainRootFolder = self.root != nil && bytes.withUnsafeBufferPointer(PlainText.isPlain) ? bytes + [UInt8(ascii: "/")] : nil
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

  /// `uri(forPath:)` of a path read in place: a path and root of plain text (`PlainText`: a scalar is a
  /// Character there) are cut byte by byte, any other goes through String.
  func uri(forPath bytes: UnsafeBufferPointer<UInt8>?) -> FilterText {
    guard let bytes else { return .string(uri(forPath: "")) }
    guard let folder = plainRootFolder, PlainText.isPlain(bytes) else {
      return .string(uri(forPath: String(decoding: bytes, as: UTF8.self)))
    }
    if folder == [UInt8(ascii: "/"), UInt8(ascii: "/")] { return .bytes(UnsafeBufferPointer(rebasing: bytes.dropFirst())) }  // root "/"
    guard bytes.starts(with: folder) else { return .bytes(bytes) }
    return .bytes(UnsafeBufferPointer(rebasing: bytes[folder.count...]))
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

  /// The songs passing `filter`, in path order. The filter reads each row's columns in place and only
  /// the songs it keeps are decoded: decoding all 100k songs of a library to test them took 0.8–1.4 s
  /// per `search`, where MPD answers from memory.
  static func matching(_ filter: MPDFilter, library: Library, folder: MusicFolder) throws -> [MPDSong] {
    let matcher = MPDFilter.Matcher(filter)
    var songs: [MPDSong] = []
    try library.pool.read { db in
      try Song.forEachSelected(
        db, sql: "SELECT \(Song.selectedColumns) FROM song ORDER BY path", arguments: [],
        keeping: { row in matcher.matches(file: { folder.uri(forPath: row.bytes(.path)) }, tag: { tag(row, $0) }) },
        { songs.append(mpdSong($0, folder: folder)) })
    }
    return songs
  }

  /// A tag of a row as `mpdSong` shows it: nil where the song has none (NULL or empty).
  private static func tag(_ row: SongRowView, _ tag: MPDTag) -> FilterText? {
    func text(_ column: SongRowView.TextColumn) -> FilterText? {
      guard let bytes = row.bytes(column), !bytes.isEmpty else { return nil }
      return .bytes(bytes)
    }
    func number(_ column: SongRowView.NumberColumn) -> FilterText? { row.number(column).map { .string(String($0)) } }
    switch tag {
    case .title: return text(.title)
    case .artist: return text(.artist)
    case .album: return text(.album)
    case .albumArtist: return text(.albumArtist)
    case .genre: return text(.genre)
    case .track: return number(.trackNumber)
    case .disc: return number(.discNumber)
    case .date: return number(.year)
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
