// The order MPD lists its database in (find, search, lsinfo, listall), as the differential test shows a
// real mpd 0.23 giving it: folder by folder, a folder's songs first, by the bytes of their names, then its
// sub-folders, each followed by what it holds, ordered by collation (ICU's root order: case and accents
// count only where the letters are otherwise equal, so "alpha" < "Ansel" < "Élan" < "Zoë"). Tag values
// (`list`) are ordered by bytes instead, which `tagValues` does.
import Foundation

public struct MPDDatabaseOrder {
  /// One listed item: the components of its URI, and whether it names a folder (else a song).
  struct Item {
    var components: [Substring]
    var isFolder: Bool

    init(uri: String, isFolder: Bool) {
      components = uri.split(separator: "/", omittingEmptySubsequences: true)
      self.isFolder = isFolder
    }
  }

  /// Each folder name's place in collation order: names are collated once, items then compare ranks.
  private let folderRanks: [Substring: Int]

  init(_ items: [Item]) {
    var names = Set<Substring>()
    for item in items { names.formUnion(item.isFolder ? item.components[...] : item.components.dropLast()) }
    let ordered = names.sorted(by: Self.collates)
    folderRanks = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, $0.offset) })
  }

  /// ICU's root collation (what Foundation compares with for a locale), bytes between names it finds equal.
  static func collates(_ a: Substring, _ b: Substring) -> Bool {
    switch String(a).compare(String(b), locale: Locale(identifier: "")) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
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
    if aIsSong { return a.components[index].utf8.lexicographicallyPrecedes(b.components[index].utf8) }
    return folderRanks[a.components[index], default: 0] < folderRanks[b.components[index], default: 0]
  }

  /// The positions of the song URIs `uris` in MPD's database order (backends that add a folder's songs
  /// add them in this order, as MPD does).
  public static func order(ofSongURIs uris: [String]) -> [Int] {
    let items = uris.map { Item(uri: $0, isFolder: false) }
    let order = MPDDatabaseOrder(items)
    return items.indices.sorted { order.precedes(items[$0], items[$1]) }
  }

  /// The songs in MPD's database order.
  static func sorted(_ songs: [MPDSong]) -> [MPDSong] {
    let items = songs.map { Item(uri: $0.file, isFolder: false) }
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
      case .song(let song): listed.append((Item(uri: song.file, isFolder: false), entry))
      case .playlist: playlists.append(entry)
      }
    }
    let order = MPDDatabaseOrder(listed.map(\.0))
    return listed.sorted { order.precedes($0.0, $1.0) }.map(\.1) + playlists
  }
}
