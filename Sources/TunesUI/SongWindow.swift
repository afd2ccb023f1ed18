// Views 2 (every song) and 5 (search results): a query's song ids in the library's order, read read-only
// from the database, and the songs themselves read only for the rows on screen (a page either side is
// kept), so scrolling 100k songs never holds 100k songs. Search re-runs its query on each key.
import TunesCore
import TunesLibrary

struct SongWindow {
  var ids: [Int64]? = nil
  var rows: [Int64: Song] = [:]
  var cursor = ListCursor()
  var query = ""
  var problem: String? = nil

  /// The largest result a listing takes (the query language's `limit:` orders the ids when given one).
  static let everything = 100_000_000

  mutating func reset() {
    ids = nil
    rows = [:]
  }

  /// Runs `text` (the query language; empty: every song) when the ids are not loaded.
  mutating func load(_ library: Library?, text: String) {
    guard ids == nil, let library else { return }
    query = text
    rows = [:]
    do {
      var parsed = try LibraryQuery.parse(text)
      if parsed.limit == nil { parsed.limit = Self.everything }
      ids = try library.songIDs(matching: parsed)
      problem = nil
    } catch {
      ids = []
      problem = "\(error)"
    }
    cursor.clamp(count: ids?.count ?? 0, height: 1)
  }

  /// Makes sure the songs of `range` are read; drops those far from it.
  mutating func fetch(_ library: Library?, range: Range<Int>) {
    guard let library, let ids, !range.isEmpty else { return }
    let missing = ids[range].filter { rows[$0] == nil }
    guard !missing.isEmpty else { return }
    let around = max(0, range.lowerBound - range.count)..<min(ids.count, range.upperBound + range.count)
    if rows.count > 4 * max(50, range.count) {
      let keep = Set(ids[around])
      rows = rows.filter { keep.contains($0.key) }
    }
    let wanted = ids[around].filter { rows[$0] == nil }
    if let songs = try? library.readSongs({ try $0.songs(ids: Array(wanted)) }) {
      for song in songs { if let id = song.id { rows[id] = song } }
    }
  }

  var count: Int { ids?.count ?? 0 }

  var selectedSong: Song? {
    guard let ids, cursor.selected < ids.count else { return nil }
    return rows[ids[cursor.selected]]
  }

  /// Draws a header and the visible rows: artist, title, album, length.
  mutating func draw(into screen: inout Screen, top: Int, rows height: Int, library: Library?, theme: Theme, title: String) {
    let layout = ColumnLayout.split(width: screen.width, shares: [3, 4, 3], fixed: 6)
    let starts = layout.starts
    let names = ["Artist", "Title", "Album", " Time"]
    for (index, name) in names.enumerated() where layout.widths[index] > 0 {
      screen.write(index == 0 ? title : name, row: top, column: starts[index], limit: layout.widths[index], style: theme.header)
    }
    cursor.clamp(count: count, height: height - 1)
    let visible = cursor.visible(count: count, height: height - 1)
    fetch(library, range: visible)
    guard let ids else { return }
    for (offset, index) in visible.enumerated() {
      let row = top + 1 + offset
      guard let song = rows[ids[index]] else { continue }
      let length = song.durationMs.map { DurationText.clock(ms: $0) } ?? ""
      let cells = [song.artist, song.title, song.album, DisplayPad.right(length, 5)]
      for (column, text) in cells.enumerated() where layout.widths[column] > 0 {
        screen.write(text, row: row, column: starts[column], limit: layout.widths[column])
      }
      if index == cursor.selected { screen.restyle(row: row, style: theme.selected) }
    }
  }

  /// The next row after (or before) the selection whose text contains `needle`, for n and N.
  func match(_ needle: String, forward: Bool) -> Int? {
    guard let ids, !ids.isEmpty, !needle.isEmpty else { return nil }
    let order = forward ? Array((cursor.selected + 1)..<ids.count) : Array((0..<cursor.selected).reversed())
    for index in order {
      guard let song = rows[ids[index]] else { continue }
      if (song.artist + " " + song.title + " " + song.album).localizedCaseInsensitiveContains(needle) { return index }
    }
    return nil
  }
}

enum DisplayPad {
  static func right(_ text: String, _ cells: Int) -> String {
    String(repeating: " ", count: max(0, cells - text.count)) + text
  }
}
