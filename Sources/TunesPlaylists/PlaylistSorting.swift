// How two entries compare under one sort key: the song's values when known, the stored ones when missing.
import Foundation
import TunesLibrary

enum PlaylistSorting {
  static func compare(_ a: ItemValues, _ b: ItemValues, key: PlaylistSortKey, songs: [Int64: Song]) -> ComparisonResult {
    let sa = a.songID.flatMap { songs[$0] }
    let sb = b.songID.flatMap { songs[$0] }
    let order: ComparisonResult
    switch key.field {
    case .title: order = text(sa?.title ?? a.title, sb?.title ?? b.title)
    case .artist: order = text(sa?.artist ?? a.artist, sb?.artist ?? b.artist)
    case .album: order = text(sa?.album ?? a.album, sb?.album ?? b.album)
    case .albumartist: order = text(sa?.albumArtist ?? a.artist, sb?.albumArtist ?? b.artist)
    case .year: order = number(sa?.year, sb?.year)
    case .track:
      let discs = number(sa?.discNumber ?? (sa == nil ? nil : 1), sb?.discNumber ?? (sb == nil ? nil : 1))
      order = discs != .orderedSame ? discs : number(sa?.trackNumber, sb?.trackNumber)
    case .duration: order = number(sa?.durationMs ?? a.durationMs, sb?.durationMs ?? b.durationMs)
    case .path: order = text(sa?.path ?? a.path, sb?.path ?? b.path)
    case .plays: order = number(sa?.playCount, sb?.playCount)
    }
    guard key.descending else { return order }
    // Reversed, but unknown values stay last.
    if (order == .orderedAscending || order == .orderedDescending) && bothKnown(a, b, key, sa, sb) {
      return order == .orderedAscending ? .orderedDescending : .orderedAscending
    }
    return order
  }

  private static func bothKnown(_ a: ItemValues, _ b: ItemValues, _ key: PlaylistSortKey, _ sa: Song?, _ sb: Song?) -> Bool {
    switch key.field {
    case .year: return sa?.year != nil && sb?.year != nil
    case .track: return sa != nil && sb != nil
    case .plays: return sa != nil && sb != nil
    case .duration: return (sa?.durationMs ?? a.durationMs) != nil && (sb?.durationMs ?? b.durationMs) != nil
    case .title: return (sa?.title ?? a.title) != nil && (sb?.title ?? b.title) != nil
    case .artist, .albumartist: return (sa?.artist ?? a.artist) != nil && (sb?.artist ?? b.artist) != nil
    case .album: return (sa?.album ?? a.album) != nil && (sb?.album ?? b.album) != nil
    case .path: return true
    }
  }

  private static func text(_ a: String?, _ b: String?) -> ComparisonResult {
    switch (a, b) {
    case (nil, nil): return .orderedSame
    case (nil, _): return .orderedDescending
    case (_, nil): return .orderedAscending
    case (let a?, let b?):
      return a.compare(b, options: [.caseInsensitive, .diacriticInsensitive, .numeric])
    }
  }

  private static func number(_ a: Int?, _ b: Int?) -> ComparisonResult {
    switch (a, b) {
    case (nil, nil): return .orderedSame
    case (nil, _): return .orderedDescending
    case (_, nil): return .orderedAscending
    case (let a?, let b?): return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }
  }
}
