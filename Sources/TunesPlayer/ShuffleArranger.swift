// The spreading: builds permutations and picks insertion slots so that two songs of the same artist
// (then of the same album) are never neighbours when another arrangement exists.
//
// Each step of an arrangement takes, at random, one of the songs that make the fewest neighbour pairs of
// one artist, then of one album: the pair the choice makes with the song before it, plus the fewest the
// songs left can still be arranged with. Which songs those are follows from a few counts (how many songs
// of each artist, album and artist-with-album are left, and whether one name holds more than half of
// them), so a step never ranks every song left: it counts the candidates and draws songs left at random
// until one of them comes (about half of the songs are candidates or more, but in odd cases; when few
// are, they are listed). A whole arrangement is linear in the number of songs; ranking every song at
// each step made 64k songs, or 20k of one artist, take seconds.
import TunesCore

enum ShuffleArranger {
  /// How many random picks `slot` tries before scanning every candidate.
  static let quickTries = 16

  /// A random arrangement of `keys`. `first` is placed first when given; `after` is the song heard just
  /// before (the end of the previous pass): it is never chosen first (queue of two or more) and the first
  /// song is spread from it.
  static func arrange(_ keys: [ShuffleKey], first: ShuffleKey?, after: ShuffleKey?, rng: inout SeededRandom)
    -> [ShuffleKey]
  {
    var result: [ShuffleKey] = []
    result.reserveCapacity(keys.count + 1)
    if let first { result.append(first) }
    for index in positions(keys, first: first, after: after, rng: &rng) { result.append(keys[index]) }
    return result
  }

  /// `arrange` as the indexes in `keys` of the songs after `first`, in their new order: the queue's own
  /// shuffle moves its entries by position, with no lookup by id.
  static func positions(_ keys: [ShuffleKey], first: ShuffleKey?, after: ShuffleKey?, rng: inout SeededRandom)
    -> [Int]
  {
    var names = SpreadNames()
    let songs = keys.map { names.number($0) }
    let firstSong = first.map { names.number($0) }
    let afterSong = after.map { names.number($0) }
    var left = SpreadPools(songs, names: names)
    var result: [Int] = []
    result.reserveCapacity(keys.count)
    var previous = firstSong ?? afterSong
    let total = keys.count + (first == nil ? 0 : 1)
    if first == nil, let afterSong, total >= 2, !songs.isEmpty {
      // The one hard rule: a new pass never starts with the song that ended the previous one. Once per
      // arrangement, so every song is ranked here.
      let index = left.pickRanking(excludingID: afterSong.id, after: afterSong, rng: &rng)
      result.append(index)
      previous = songs[index]
      left.take(index)
    }
    while !left.isEmpty {
      let index = left.pick(after: previous, rng: &rng)
      result.append(index)
      previous = songs[index]
      left.take(index)
    }
    return result
  }

  /// A random insertion index in `order[from...]` (inclusive of the end) whose neighbours differ from
  /// `key` in artist and album, else in artist, else in album, else any.
  static func slot(for key: ShuffleKey, in order: [ShuffleKey], from: Int, rng: inout SeededRandom) -> Int {
    let lower = min(max(from, 0), order.count)
    let slots = order.count - lower + 1
    func rank(_ slot: Int) -> Int {
      var sameArtist = false
      var sameAlbum = false
      if slot > 0 {
        sameArtist = order[slot - 1].artist == key.artist
        sameAlbum = order[slot - 1].album == key.album
      }
      if slot < order.count {
        sameArtist = sameArtist || order[slot].artist == key.artist
        sameAlbum = sameAlbum || order[slot].album == key.album
      }
      if !sameArtist && !sameAlbum { return 0 }
      if !sameArtist { return 1 }
      return sameAlbum ? 3 : 2
    }
    for _ in 0..<min(quickTries, slots) {
      let slot = lower + rng.below(slots)
      if rank(slot) == 0 { return slot }
    }
    var best = Int.max
    var candidates: [Int] = []
    for slot in lower...order.count {
      let r = rank(slot)
      if r < best {
        best = r
        candidates.removeAll(keepingCapacity: true)
        candidates.append(slot)
      } else if r == best {
        candidates.append(slot)
      }
    }
    return candidates[rng.below(candidates.count)]
  }
}

/// A song as the arrangement sees it: its id and its artist, album and artist-with-album as small numbers.
struct SpreadSong {
  var id: Int
  var artist: Int
  var album: Int
  var pair: Int
}

/// A song not yet placed: its index in the arrangement's songs and its artist and album numbers (they
/// count songs, so they fit in 32 bits).
struct LeftSong {
  var index: Int32
  var artist: Int32
  var album: Int32
}

/// Numbers for the names of one arrangement, so that steps compare and count integers, not strings. The
/// queue's own numbers (0 and up, dense) are looked up in arrays; any other (an unknown name's, below 0)
/// in a dictionary: at 64k songs, hashing every name and pair three times was a fifth of the arrangement.
struct SpreadNames {
  private var artists = NameNumbers()
  private var albums = NameNumbers()
  /// Each album's first pair (its artist and the pair's number), by album number: most albums have one
  /// artist, so most pairs are found here.
  private var firstPairOfAlbum: [(artist: Int, pair: Int)] = []
  /// The other pairs, by artist and album in one Int.
  private var otherPairs: [Int: Int] = [:]
  private(set) var pairCount = 0

  var artistCount: Int { artists.count }
  var albumCount: Int { albums.count }

  mutating func number(_ key: ShuffleKey) -> SpreadSong {
    let artist = artists.number(key.artist)
    let album = albums.number(key.album)
    if album == firstPairOfAlbum.count {
      firstPairOfAlbum.append((artist, pairCount))
      pairCount += 1
      return SpreadSong(id: key.id, artist: artist, album: album, pair: pairCount - 1)
    }
    if let pair = pair(artist: artist, album: album) {
      return SpreadSong(id: key.id, artist: artist, album: album, pair: pair)
    }
    // Artist and album numbers stay below 2^31 (they count songs), so one Int names the pair.
    otherPairs[artist << 32 | album] = pairCount
    pairCount += 1
    return SpreadSong(id: key.id, artist: artist, album: album, pair: pairCount - 1)
  }

  /// The pair number of an artist and an album, nil when no song has both.
  func pair(artist: Int, album: Int) -> Int? {
    let first = firstPairOfAlbum[album]
    if first.artist == artist { return first.pair }
    return otherPairs.isEmpty ? nil : otherPairs[artist << 32 | album]
  }
}

/// Numbers from 0 for the names of one kind (artist or album) in the order they come.
struct NameNumbers {
  /// By the queue's number of the name; -1 for one not seen yet.
  private var dense: [Int] = []
  private var other: [Int: Int] = [:]
  private(set) var count = 0

  /// Past this a name's number goes to the dictionary: the array stays about as long as the queue.
  static let denseLimit = 1 << 20

  mutating func number(_ name: Int) -> Int {
    if name >= 0 && name < Self.denseLimit {
      if name >= dense.count { dense.append(contentsOf: repeatElement(-1, count: max(name + 1 - dense.count, dense.count))) }
      if dense[name] >= 0 { return dense[name] }
      dense[name] = count
    } else {
      if let known = other[name] { return known }
      other[name] = count
    }
    count += 1
    return count - 1
  }
}

/// Which songs of an arrangement's step qualify, by artist or by album.
private enum NameFilter: Equatable {
  case any
  case only(Int)
  case except(Int)
  /// Neither of two names (the second may be nil: then just the first is left out).
  case exceptBoth(Int, Int?)

  func admits(_ name: Int) -> Bool {
    switch self {
    case .any: return true
    case .only(let wanted): return name == wanted
    case .except(let unwanted): return name != unwanted
    case .exceptBoth(let a, let b): return name != a && name != b
    }
  }
}

/// The songs not yet placed, each removable in O(1), with the counts of each artist, album and
/// artist-with-album among them that the ranking needs.
struct SpreadPools {
  private let songs: [SpreadSong]
  private let names: SpreadNames
  /// The songs left (their indexes in `songs`, with the names a draw tests, side by side: a draw reads
  /// one place picked at random, not two); a removed one's place is taken by the last.
  private var left: [LeftSong]
  private var place: [Int]
  private var artists: SpreadCounter
  private var albums: SpreadCounter
  private var pairCounts: [Int]

  init(_ songs: [SpreadSong], names: SpreadNames) {
    self.songs = songs
    self.names = names
    left = songs.indices.map { LeftSong(index: Int32($0), artist: Int32(songs[$0].artist), album: Int32(songs[$0].album)) }
    place = Array(songs.indices)
    artists = SpreadCounter(songs.map(\.artist), names: names.artistCount)
    albums = SpreadCounter(songs.map(\.album), names: names.albumCount)
    pairCounts = Array(repeating: 0, count: names.pairCount)
    for song in songs { pairCounts[song.pair] += 1 }
  }

  var isEmpty: Bool { left.isEmpty }
  private var total: Int { left.count }

  mutating func take(_ index: Int) {
    let last = left.removeLast()
    if last.index != index {
      left[place[index]] = last
      place[Int(last.index)] = place[index]
    }
    let song = songs[index]
    artists.take(song.artist)
    albums.take(song.album)
    pairCounts[song.pair] -= 1
  }

  /// The fewest neighbour pairs of one artist (then album) that placing `song` next makes, now and
  /// in what is left (see SpreadCounter): the rank the other steps minimise without computing it.
  private func rank(_ song: SpreadSong, after previous: SpreadSong?) -> Int {
    let artistPairs = (previous?.artist == song.artist ? 1 : 0) + artists.pairsLeft(startingWith: song.artist)
    let albumPairs = (previous?.album == song.album ? 1 : 0) + albums.pairsLeft(startingWith: song.album)
    return artistPairs * 100_000 + min(albumPairs, 99_999)
  }

  /// Ranks every song left and draws one of the best, never the song `excludingID`.
  func pickRanking(excludingID: Int, after previous: SpreadSong?, rng: inout SeededRandom) -> Int {
    var best = Int.max
    var candidates: [Int] = []
    for entry in left {
      let index = Int(entry.index)
      let r = songs[index].id == excludingID ? Int.max - 1 : rank(songs[index], after: previous)
      if r < best {
        best = r
        candidates = [index]
      } else if r == best {
        candidates.append(index)
      }
    }
    return candidates[rng.below(candidates.count)]
  }

  /// Draws, uniformly, one of the songs left of the lowest rank after `previous`.
  func pick(after previous: SpreadSong?, rng: inout SeededRandom) -> Int {
    let artistFilter = bestArtists(after: previous)
    let albumFilter = bestAlbums(among: artistFilter, after: previous)
    return draw(artistFilter, albumFilter, rng: &rng)
  }

  /// The artists whose songs make the fewest artist pairs. When one artist holds more than half of the
  /// songs left, its songs cost one pair fewer than any other's, unless it is also the artist just
  /// placed (then every song costs the same); otherwise only the artist just placed costs a pair.
  private func bestArtists(after previous: SpreadSong?) -> NameFilter {
    if let dominant = artists.dominant {
      return dominant == previous?.artist ? .any : .only(dominant)
    }
    if let last = previous?.artist, artists.count(of: last) < total { return .except(last) }
    return .any
  }

  /// Among the songs `artistFilter` admits, the albums whose songs make the fewest album pairs, by the
  /// same reasoning as `bestArtists`, falling back level by level when a level holds none of them.
  private func bestAlbums(among artistFilter: NameFilter, after previous: SpreadSong?) -> NameFilter {
    let last = previous?.album
    if let dominant = albums.dominant {
      guard dominant != last else { return .any }
      if count(artistFilter, .only(dominant)) > 0 { return .only(dominant) }
      if count(artistFilter, .exceptBoth(dominant, last)) > 0 { return .exceptBoth(dominant, last) }
    } else if let last, count(artistFilter, .except(last)) > 0 {
      return .except(last)
    }
    return .any
  }

  /// How many songs left are of an artist `artistFilter` admits and an album `albumFilter` admits.
  private func count(_ artistFilter: NameFilter, _ albumFilter: NameFilter) -> Int {
    func pairCount(_ artist: Int, _ album: Int) -> Int { names.pair(artist: artist, album: album).map { pairCounts[$0] } ?? 0 }
    func inAlbum(_ album: Int) -> Int {
      switch artistFilter {
      case .only(let artist): return pairCount(artist, album)
      case .except(let artist): return albums.count(of: album) - pairCount(artist, album)
      default: return albums.count(of: album)
      }
    }
    let admitted: Int
    switch artistFilter {
    case .only(let artist): admitted = artists.count(of: artist)
    case .except(let artist): admitted = total - artists.count(of: artist)
    default: admitted = total
    }
    switch albumFilter {
    case .any: return admitted
    case .only(let album): return inAlbum(album)
    case .except(let album): return admitted - inAlbum(album)
    case .exceptBoth(let a, let b): return admitted - inAlbum(a) - (b.map(inAlbum) ?? 0)
    }
  }

  /// One song, uniformly at random, of those both filters admit (there is at least one): songs left are
  /// drawn until one qualifies, or, when few do, those that do are listed. The filters' own reasoning
  /// keeps the qualifying share large: a dominant artist or album holds more than half of the songs,
  /// and the artist and album just placed leave at least about half.
  private func draw(_ artistFilter: NameFilter, _ albumFilter: NameFilter, rng: inout SeededRandom) -> Int {
    func qualifies(_ song: LeftSong) -> Bool {
      artistFilter.admits(Int(song.artist)) && albumFilter.admits(Int(song.album))
    }
    if count(artistFilter, albumFilter) * 16 >= total {
      while true {
        let song = left[rng.below(total)]
        if qualifies(song) { return Int(song.index) }
      }
    }
    let candidates = left.filter(qualifies)
    return Int(candidates[rng.below(candidates.count)].index)
  }
}

/// Counts of one name (artist or album) among the songs not yet placed, and how few neighbour pairs of
/// one name they can still be arranged with.
struct SpreadCounter {
  /// Songs not yet placed, by name number.
  private var counts: [Int]
  /// Every name, in order of its count (smallest first): the largest count and its name in O(1), and a
  /// count lowered by one in O(1) by swapping the name to the front of its run of equal counts.
  private var byCount: [Int]
  /// Each name's index in `byCount`.
  private var place: [Int]
  /// Where the run of names of each count starts in `byCount`.
  private var runStart: [Int]
  private var largest = 0
  private var total = 0

  /// `names`: the name number of each song; numbers run from 0 to `count - 1`.
  init(_ names: [Int], names count: Int) {
    counts = Array(repeating: 0, count: count)
    for name in names { counts[name] += 1 }
    largest = counts.max() ?? 0
    // A counting sort of the names by their counts.
    var start = Array(repeating: 0, count: largest + 2)
    for c in counts { start[c + 1] += 1 }
    for c in 0..<(largest + 1) { start[c + 1] += start[c] }
    runStart = start
    byCount = Array(repeating: 0, count: count)
    place = Array(repeating: 0, count: count)
    for (name, c) in counts.enumerated() {
      place[name] = start[c]
      byCount[start[c]] = name
      start[c] += 1
    }
    total = names.count
  }

  /// How many songs not yet placed are named `name`.
  func count(of name: Int) -> Int { counts[name] }

  /// The name holding more than half of the songs not yet placed, if one does (there is at most one).
  var dominant: Int? { 2 * largest > total ? byCount.last : nil }

  /// The fewest pairs of neighbours sharing a name that the songs not yet placed can be arranged with
  /// when the first of them is named `name`. With L songs whose largest name has M of them: M − (L − M) − 1
  /// pairs are unavoidable when that surplus is positive; starting with any other name costs one more,
  /// because the largest name then has one separator fewer.
  func pairsLeft(startingWith name: Int) -> Int {
    counts[name] == largest ? max(0, 2 * largest - total - 1) : max(0, 2 * largest - total)
  }

  mutating func take(_ name: Int) {
    let count = counts[name]
    guard count > 0 else { return }
    // The name trades places with the first of its run, which then becomes the last of the run below.
    let first = runStart[count]
    let other = byCount[first]
    byCount[first] = name
    byCount[place[name]] = other
    place[other] = place[name]
    place[name] = first
    runStart[count] = first + 1
    counts[name] = count - 1
    total -= 1
    if count == largest && runStart[count] == byCount.count { largest = count - 1 }
  }
}
