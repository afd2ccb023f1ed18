// The library's default song order (album artist, album, disc, track, path; each name by its sort name
// when tagged) done in Swift, exactly as SQLite's `ORDER BY` of QuerySQL does it, so full-text results
// can be sorted after decoding.
import GRDB
import GRDBSQLite

extension Song {
  /// The songs in the default order: album artist and album compared as SQLite's NOCASE collation does
  /// (ASCII letters folded, other bytes as they are, a prefix before what extends it), disc and track
  /// with a missing number first, then the path byte by byte. Paths are unique, so the order is total.
  /// Sorted in place: each cycle of the sorted permutation is rotated by moving the songs' memory, so
  /// none is copied (a copy retains each of a Song's strings, and `swapAt` copies).
  static func sortInDefaultOrder(_ songs: inout [Song], sortNames: [SortNames]) {
    let order = DefaultOrder(songs, sortNames: sortNames).sortedIndices()  // order[i]: where the song for position i is now
    var placed = [Bool](repeating: false, count: songs.count)
    songs.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for start in buffer.indices where !placed[start] && order[start] != start {
        let first = (base + start).move()
        var position = start
        while true {
          placed[position] = true
          let source = order[position]
          if source == start { break }
          (base + position).moveInitialize(from: base + source, count: 1)
          position = source
        }
        (base + position).initialize(to: first)
      }
    }
  }

  /// The names a song is listed under (QuerySQL's sort keys): its album artist's and album's sort
  /// names, else the names themselves.
  struct SortNames {
    var albumArtist: String
    var album: String
  }

  /// The songs of `sql` (a `songsSQL` that sorts after decoding: `selectedColumns`, then the two sort
  /// keys) in the default order.
  static func fetchInDefaultOrder(
    _ db: Database, sql: String, arguments: StatementArguments, reserving capacity: Int
  ) throws -> [Song] {
    var songs: [Song] = []
    var names: [SortNames] = []
    songs.reserveCapacity(capacity)
    names.reserveCapacity(capacity)
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(arguments)
    defer { sqlite3_reset(statement.sqliteStatement) }
    let columns = SelectedColumns(statement: statement.sqliteStatement)
    try forEachRow(of: statement, db) {
      let song = try Song(columns)
      names.append(SortNames(albumArtist: columns.text(20) ?? song.albumArtist, album: columns.text(21) ?? song.album))
      songs.append(song)
    }
    sortInDefaultOrder(&songs, sortNames: names)
    return songs
  }
}

/// Each song's sort fields copied once into one byte buffer (names already folded) with their numbers
/// beside them, then plain indices sorted: comparing `Song` values directly and moving them around cost
/// six times as much for 5 430 songs (100 M instructions against 17 M; refcounting on every swap and
/// string access).
struct DefaultOrder {
  private struct Key {
    /// The folded album artist's first 8 bytes, big-endian, zero-padded: keys whose prefixes differ are
    /// ordered by them alone (a shorter name pads with 0, below any byte that extends it), which
    /// decides most comparisons without reading `bytes`.
    var prefix: UInt64
    var start: Int  // albumArtist, then album, then path, one after the other in `bytes`
    var albumArtistCount: Int32
    var albumCount: Int32
    var pathCount: Int32
    var disc: Int?
    var track: Int?
  }

  private var bytes: [UInt8] = []
  private var keys: [Key] = []

  init(_ songs: [Song], sortNames: [Song.SortNames]) {
    keys.reserveCapacity(songs.count)
    bytes.reserveCapacity(
      sortNames.reduce(0) { $0 + $1.albumArtist.utf8.count + $1.album.utf8.count }
        + songs.reduce(0) { $0 + $1.path.utf8.count })
    // Read through a buffer pointer: `for song in songs` copies each Song, retaining and releasing
    // every one of its strings.
    songs.withUnsafeBufferPointer { songs in
      for index in songs.indices {
        let start = bytes.count
        let albumArtistCount = append(sortNames[index].albumArtist, folded: true)
        let albumCount = append(sortNames[index].album, folded: true)
        let pathCount = append(songs[index].path, folded: false)
        keys.append(
          Key(
            prefix: prefix(start, count: Int(albumArtistCount)), start: start, albumArtistCount: albumArtistCount,
            albumCount: albumCount, pathCount: pathCount,
            disc: songs[index].discNumber, track: songs[index].trackNumber))
      }
    }
  }

  /// SQLite's NOCASE folds only the ASCII capitals.
  static func fold(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

  private mutating func append(_ text: String, folded: Bool) -> Int32 {
    let before = bytes.count
    bytes.append(contentsOf: text.utf8)  // a copy of the string's bytes; a lazily folded view appends byte by byte
    if folded {
      bytes.withUnsafeMutableBufferPointer { buffer in
        for index in before..<buffer.count { buffer[index] = Self.fold(buffer[index]) }
      }
    }
    return Int32(bytes.count - before)
  }

  private func prefix(_ start: Int, count: Int) -> UInt64 {
    var prefix: UInt64 = 0
    for index in 0..<8 { prefix = prefix << 8 | (index < count ? UInt64(bytes[start + index]) : 0) }
    return prefix
  }

  func sortedIndices() -> [Int] {
    var order = Array(keys.indices)
    bytes.withUnsafeBufferPointer { buffer in
      keys.withUnsafeBufferPointer { keys in
        order.sort { Self.compare(keys[$0], keys[$1], buffer) < 0 }
      }
    }
    return order
  }

  private static func compare(_ a: Key, _ b: Key, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    if a.prefix != b.prefix { return a.prefix < b.prefix ? -1 : 1 }
    var order = compareBytes(bytes, a.start, Int(a.albumArtistCount), b.start, Int(b.albumArtistCount))
    if order != 0 { return order }
    let aAlbum = a.start + Int(a.albumArtistCount), bAlbum = b.start + Int(b.albumArtistCount)
    order = compareBytes(bytes, aAlbum, Int(a.albumCount), bAlbum, Int(b.albumCount))
    if order != 0 { return order }
    order = compareNumbers(a.disc, b.disc)
    if order != 0 { return order }
    order = compareNumbers(a.track, b.track)
    if order != 0 { return order }
    return compareBytes(bytes, aAlbum + Int(a.albumCount), Int(a.pathCount), bAlbum + Int(b.albumCount), Int(b.pathCount))
  }

  /// `PathText.compareBytes` over two runs of `bytes`.
  private static func compareBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ aCount: Int, _ b: Int, _ bCount: Int) -> Int {
    PathText.compareBytes(
      UnsafeBufferPointer(rebasing: bytes[a..<a + aCount]), UnsafeBufferPointer(rebasing: bytes[b..<b + bCount]))
  }

  /// SQLite sorts NULL before every number.
  private static func compareNumbers(_ a: Int?, _ b: Int?) -> Int {
    switch (a, b) {
    case (nil, nil): return 0
    case (nil, _): return -1
    case (_, nil): return 1
    case (let a?, let b?): return a < b ? -1 : (a == b ? 0 : 1)
    }
  }
}
