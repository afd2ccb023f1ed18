// How a playlist's entries are ordered by sort keys: the song's values when known, the stored ones when
// missing; unknown values last in both directions, ties kept in their order.
import Foundation
import TunesLibrary

enum PlaylistSorting {
  /// What the keys need besides the entries: their songs, when each song was added, and one random
  /// number per entry (drawn once, so that `random` orders consistently within one sort).
  struct Context {
    var songs: [Int64: Song]
    var addedAt: [Int64: Date]
    var random: [UInt64]
  }

  static func sorted(_ items: [ItemValues], by keys: [PlaylistSortKey], songs: [Int64: Song], addedAt: [Int64: Date])
    -> [ItemValues]
  {
    let context = Context(songs: songs, addedAt: addedAt, random: items.map { _ in UInt64.random(in: .min ... .max) })
    return items.enumerated().sorted { a, b in
      for key in keys {
        let order = compare(a, b, key: key, context)
        if order != .orderedSame { return order == .orderedAscending }
      }
      return a.offset < b.offset
    }.map(\.element)
  }

  static func compare(
    _ ea: (offset: Int, element: ItemValues), _ eb: (offset: Int, element: ItemValues), key: PlaylistSortKey,
    _ context: Context
  ) -> ComparisonResult {
    let (a, b) = (ea.element, eb.element)
    let sa = a.songID.flatMap { context.songs[$0] }
    let sb = b.songID.flatMap { context.songs[$0] }
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
    case .playcount: order = number(sa?.playCount, sb?.playCount)
    case .lastplayed: order = date(sa?.lastPlayedAt, sb?.lastPlayedAt)
    case .added: order = date(a.songID.flatMap { context.addedAt[$0] }, b.songID.flatMap { context.addedAt[$0] })
    case .random:
      let (ra, rb) = (context.random[ea.offset], context.random[eb.offset])
      order = ra < rb ? .orderedAscending : ra > rb ? .orderedDescending : .orderedSame
    }
    guard key.descending else { return order }
    // Reversed, but unknown values stay last.
    if (order == .orderedAscending || order == .orderedDescending) && bothKnown(a, b, key, sa, sb, context) {
      return order == .orderedAscending ? .orderedDescending : .orderedAscending
    }
    return order
  }

  private static func bothKnown(
    _ a: ItemValues, _ b: ItemValues, _ key: PlaylistSortKey, _ sa: Song?, _ sb: Song?, _ context: Context
  ) -> Bool {
    switch key.field {
    case .year: return sa?.year != nil && sb?.year != nil
    case .track: return sa != nil && sb != nil
    case .playcount: return sa != nil && sb != nil
    case .lastplayed: return sa?.lastPlayedAt != nil && sb?.lastPlayedAt != nil
    case .added: return a.songID.flatMap { context.addedAt[$0] } != nil && b.songID.flatMap { context.addedAt[$0] } != nil
    case .random: return true
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

  private static func date(_ a: Date?, _ b: Date?) -> ComparisonResult {
    number(a.map { Int(($0.timeIntervalSince1970 * 1000).rounded()) }, b.map { Int(($0.timeIntervalSince1970 * 1000).rounded()) })
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
