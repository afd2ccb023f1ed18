// The order `ls songs`, `search`, `play` and `add` give songs when the query names no `sort:`: the
// library's default order (album artist, album, disc, track, path), except that untagged files and
// songs of unknown length come after the rest. In the library's order an untagged file has an empty
// album artist and album, so it sorted before every album; a listing then opened with file names.
// MPD listings are not affected: they follow mpd's order (TunesControl).
import TunesLibrary

enum DefaultSongOrder {
  /// 0 for a tagged song of known length, 1 for one of unknown length, 2 and 3 the same for untagged
  /// files (no title tag, the title being the file's name, and no artist).
  static func rank(_ song: Song) -> Int {
    (song.knownTitle == nil && song.knownArtist == nil ? 2 : 0) + (song.durationMs == nil ? 1 : 0)
  }

  /// The songs of `query` in this order (in the query's own order when it names `sort:` keys).
  static func songs(matching query: LibraryQuery, in library: Library) throws -> [Song] {
    guard query.sort.isEmpty else { return try library.songs(matching: query) }
    let songs = try library.songs(matching: query)
    guard let limit = query.limit, songs.count == limit, !songs.allSatisfy({ rank($0) == 0 }) else {
      // Without a limit, or short of it, every matching song is here; and when the first `limit` in the
      // library's order all rank first, they are the first `limit` in this one too.
      return arranged(songs)
    }
    var whole = query
    whole.limit = nil
    return Array(arranged(try library.songs(matching: whole)).prefix(limit))
  }

  /// The songs of `query`, packed for the play queue, in this order.
  static func batch(matching query: LibraryQuery, in library: Library) throws -> SongBatch {
    guard query.sort.isEmpty else { return try library.songBatch(matching: query) }
    if query.limit != nil { return SongBatch(try songs(matching: query, in: library)) }
    let batch = try library.songBatch(matching: query)
    // Read once to rank; packed again only when something has to move (a whole tagged library does not).
    var ranks: [UInt8] = []
    ranks.reserveCapacity(batch.count)
    for index in 0..<batch.count { ranks.append(UInt8(rank(batch[index]))) }
    guard zip(ranks, ranks.dropFirst()).contains(where: { $0 > $1 }) else { return batch }
    var arranged = SongBatch()
    for wanted in 0..<4 {
      for index in 0..<batch.count where ranks[index] == wanted { arranged.append(batch[index]) }
    }
    return arranged
  }

  /// A stable partition by rank: the library's order is kept within each rank.
  static func arranged(_ songs: [Song]) -> [Song] {
    let ranks = songs.map(rank)
    guard zip(ranks, ranks.dropFirst()).contains(where: { $0 > $1 }) else { return songs }
    var buckets = [[Song]](repeating: [], count: 4)
    for (song, rank) in zip(songs, ranks) { buckets[rank].append(song) }
    return buckets.flatMap { $0 }
  }
}
