// The order MPD lists its database in (find, search, lsinfo, listall, and adds a folder's songs to the
// queue in), as the differential test shows a real mpd 0.23 giving it: folder by folder, a folder's songs
// first, then its sub-folders, each followed by what it holds, ordered by collation (ICU's root order: case
// and accents count only where the letters are otherwise equal, so "alpha" < "Ansel" < "Élan" < "Zoë").
// A folder's songs are kept album by album: by album (collated, songs without one first), disc and track
// (as numbers, songs without one first), then file name (collated), so adding an album's folder queues it
// in track order whatever its files are called. Tag values (`list`) are ordered by bytes instead, which
// `tagValues` does.
import Foundation

public struct MPDDatabaseOrder {
  /// One listed item: the components of its URI, and whether it names a folder (else a song).
  struct Item {
    var components: [Substring]
    var isFolder: Bool
    var key: SongKey

    init(uri: String, isFolder: Bool, key: SongKey = SongKey()) {
      components = uri.split(separator: "/", omittingEmptySubsequences: true)
      self.isFolder = isFolder
      self.key = key
    }
  }

  /// What orders a song among its folder's songs, before its file name: its album, disc and track.
  public struct SongKey: Sendable {
    var album: String?
    var disc: Int
    var track: Int

    /// A disc or track of 0 or less, or none, counts as none, as in MPD.
    public init(album: String? = nil, disc: Int? = nil, track: Int? = nil) {
      self.album = album
      self.disc = max(disc ?? 0, 0)
      self.track = max(track ?? 0, 0)
    }

    /// The key of a song's tags: the first album, and disc and track read as MPD reads them (the number
    /// they start with, so "2/12" is 2).
    public init(tags: MPDTags) {
      self.init(album: tags[.album], disc: Self.leadingNumber(tags[.disc]), track: Self.leadingNumber(tags[.track]))
    }

    static func leadingNumber(_ text: String?) -> Int? {
      guard let text else { return nil }
      var rest = text.drop(while: { $0 == " " || $0 == "\t" })
      let negative = rest.first == "-"
      if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber }).prefix(18)
      guard let value = Int(digits) else { return nil }
      return negative ? -value : value
    }
  }

  /// Each folder name's place in collation order: names are collated once, items then compare ranks.
  private let folderRanks: [Substring: Int]
  /// Each album's place in collation order; albums the collation finds equal share a place.
  private let albumRanks: [String: Int]

  init(_ items: [Item]) {
    var names = Set<Substring>()
    var albums = Set<String>()
    for item in items {
      names.formUnion(item.isFolder ? item.components[...] : item.components.dropLast())
      if let album = item.key.album { albums.insert(album) }
    }
    let ordered = names.sorted(by: Self.collates)
    folderRanks = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, $0.offset) })
    var ranks: [String: Int] = [:]
    var previous: String?
    for album in albums.sorted(by: { Self.collation($0[...], $1[...]) == .orderedAscending }) {
      let rank = ranks.count
      ranks[album] = previous.map { Self.collation($0[...], album[...]) == .orderedSame } == true ? rank - 1 : rank
      previous = album
    }
    albumRanks = ranks
  }

  /// ICU's root collation (what Foundation compares with for a locale).
  static func collation(_ a: Substring, _ b: Substring) -> ComparisonResult {
    String(a).compare(String(b), locale: Locale(identifier: ""))
  }

  /// The collation, bytes between names it finds equal.
  static func collates(_ a: Substring, _ b: Substring) -> Bool {
    switch collation(a, b) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
  }

  /// Two songs of one folder: album, disc, track, then file name.
  private func songPrecedes(_ a: Item, _ b: Item, name: Int) -> Bool {
    let albumA = a.key.album.map { albumRanks[$0, default: 0] } ?? -1
    let albumB = b.key.album.map { albumRanks[$0, default: 0] } ?? -1
    if albumA != albumB { return albumA < albumB }
    if a.key.disc != b.key.disc { return a.key.disc < b.key.disc }
    if a.key.track != b.key.track { return a.key.track < b.key.track }
    return Self.collates(a.components[name], b.components[name])
  }

  func precedes(_ a: Item, _ b: Item) -> Bool {
    var index = 0
    while index < a.components.count, index < b.components.count, a.components[index] == b.components[index] {
      index += 1
    }
    // One is a folder holding the other: the folder comes first.
    if index == a.components.count { return index < b.components.count }
    if index == b.components.count { return false }
    let aIsSong = !a.isFolder && index == a.components.count - 1
    let bIsSong = !b.isFolder && index == b.components.count - 1
    if aIsSong != bIsSong { return aIsSong }
    if aIsSong { return songPrecedes(a, b, name: index) }
    return folderRanks[a.components[index], default: 0] < folderRanks[b.components[index], default: 0]
  }

  /// The positions of the songs (URI and key) in MPD's database order (backends that add a folder's
  /// songs add them in this order, as MPD does).
  public static func order(ofSongs songs: [(uri: String, key: SongKey)]) -> [Int] {
    let items = songs.map { Item(uri: $0.uri, isFolder: false, key: $0.key) }
    let order = MPDDatabaseOrder(items)
    return items.indices.sorted { order.precedes(items[$0], items[$1]) }
  }

  /// The songs in MPD's database order.
  static func sorted(_ songs: [MPDSong]) -> [MPDSong] {
    let items = songs.map { Item(uri: $0.file, isFolder: false, key: SongKey(tags: $0.tags)) }
    let order = MPDDatabaseOrder(items)
    return zip(items, songs).sorted { order.precedes($0.0, $1.0) }.map(\.1)
  }

  /// Listing entries (folders and songs; playlists stay after them) in MPD's database order.
  static func sorted(_ entries: [MPDEntry]) -> [MPDEntry] {
    var listed: [(Item, MPDEntry)] = []
    var playlists: [MPDEntry] = []
    for entry in entries {
      switch entry {
      case .directory(let path, _): listed.append((Item(uri: path, isFolder: true), entry))
      case .song(let song): listed.append((Item(uri: song.file, isFolder: false, key: SongKey(tags: song.tags)), entry))
      case .playlist: playlists.append(entry)
      }
    }
    let order = MPDDatabaseOrder(listed.map(\.0))
    return listed.sorted { order.precedes($0.0, $1.0) }.map(\.1) + playlists
  }
}
