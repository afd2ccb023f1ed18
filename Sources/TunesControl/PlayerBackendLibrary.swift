// How the real backend shows the library to MPD clients: song URIs relative to the music folder (the
// common folder of every indexed path), absolute paths accepted too, folders walked from indexed paths.
import Foundation
import TunesLibrary
import TunesMPD
import TunesTags

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
    guard let (first, last) = try library.readSongs({ try $0.pathBounds() }) else { return MusicFolder(root: nil) }
    // Split at "/" bytes: a Character-wise split misses a "/" that a combining mark joins.
    func folders(_ path: String) -> [ArraySlice<UInt8>] { Array(path.utf8).split(separator: UInt8(ascii: "/")).dropLast() }
    let common = zip(folders(first), folders(last)).prefix { $0 == $1 }.map { String(decoding: $0.0, as: UTF8.self) }
    return MusicFolder(root: "/" + common.joined(separator: "/"))
  }

  /// The URI of a path read in place: a path and root of plain text (`PlainText`: a scalar is a
  /// Character there) are cut byte by byte, any other goes through String, by Characters.
  func uri(forPath bytes: UnsafeBufferPointer<UInt8>?) -> FilterText {
    guard let bytes else { return .string(uriOfCharacters("")) }
    guard let folder = plainRootFolder, PlainText.isPlain(bytes) else {
      return .string(uriOfCharacters(String(decoding: bytes, as: UTF8.self)))
    }
    // The root folder "/".
    if folder == [UInt8(ascii: "/"), UInt8(ascii: "/")] { return .bytes(UnsafeBufferPointer(rebasing: bytes.dropFirst())) }
    guard bytes.starts(with: folder) else { return .bytes(bytes) }
    return .bytes(UnsafeBufferPointer(rebasing: bytes[folder.count...]))
  }

  /// `uri(forPath:)` of a path read in place, as a String.
  func uriText(forPath bytes: UnsafeBufferPointer<UInt8>) -> String {
    switch uri(forPath: bytes) {
    case .string(let uri): return uri
    case .bytes(let uri): return String(decoding: uri, as: UTF8.self)
    }
  }

  public func uri(forPath path: String) -> String {
    var path = path
    return path.withUTF8 { uriText(forPath: $0) }
  }

  /// The URI by Characters: the path without the root folder and its "/", when it starts with them.
  private func uriOfCharacters(_ path: String) -> String {
    guard let root else { return path }
    if root == "/" { return String(path.dropFirst()) }
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// The absolute path a URI names ("" and "/" are the root itself); nil when relative and no root is
  /// known, or when the URI would climb above the root. The server resolved the client's URI already
  /// (MPDURIResolver, which refuses absolute paths to clients that are not local); it is resolved again
  /// here so that no caller joins a `..` to the root.
  public func path(forURI uri: String) -> String? {
    guard let location = try? MPDURIResolver(local: true).locate(uri) else { return nil }
    switch location {
    case .file(let path): return path
    case .inside(let relative):
      guard let root else { return nil }
      if relative.isEmpty { return root }
      return root == "/" ? "/" + relative : root + "/" + relative
    }
  }
}

/// Songs of the library as MPD sees them.
enum LibrarySongs {
  /// A song with the tags its file carries (`tags`, from `Library.tags(forSongs:)`), as MPD shows
  /// it: nothing tunes derived (a title from the file name, an album artist from the artist) is served
  /// as a tag. Without stored tags (a song the library no longer has) the row's names stand in.
  static func mpdSong(_ song: Song, tags: TagSet?, folder: MusicFolder) -> MPDSong {
    var shown = MPDSong(
      file: folder.uri(forPath: song.path), tags: tags.map { mpdTags($0) } ?? mpdTags(song),
      duration: song.durationMs.map { Double($0) / 1000 }, lastModified: song.fileModifiedAt)
    shown.spelledTags = tags.flatMap(spelledTags)
    return shown
  }

  /// `songs` as MPD shows them, their tags read in one batch.
  static func mpdSongs(_ songs: [Song], library: Library, folder: MusicFolder) throws -> [MPDSong] {
    let tags = try library.tags(forSongs: songs.compactMap(\.id))
    return songs.map { mpdSong($0, tags: $0.id.flatMap { tags[$0] }, folder: folder) }
  }

  /// The song at `path`, or every song under the folder `path` in path order; `[]` when none.
  static func under(_ path: String, library: Library) throws -> [Song] {
    try library.readSongs { songs in
      if let song = try songs.song(atPath: path) { return [song] }
      let (start, end) = range(under: path)
      return try songs.songs(pathsFrom: start, to: end)
    }
  }

  /// The paths under the folder `path`: "folder/" <= path < "folder0" ('0' follows '/'), a range of the
  /// path index.
  static func range(under path: String) -> (start: String, end: String) {
    let folder = path == "/" ? "/" : path + "/"
    return (folder, String(folder.dropLast()) + "0")
  }

  static func all(_ library: Library) throws -> [Song] {
    try library.readSongs { songs in try songs.songsInPathOrder() }
  }

  /// The songs passing `filter`, in path order. A filter on the file, the modification time, the title,
  /// album, track or disc reads each row's columns in place and only the songs it keeps are decoded:
  /// decoding all 100k songs of a library to test them took 0.8–1.4 s per `search`, where MPD answers
  /// from memory. A filter on any other tag (several artists or genres, a composer, a full date) needs
  /// the stored tags: the songs a clause on a tag stored value by value can pass are found through the
  /// values' index (`candidates`), and only those are read with their tags and matched as MPD matches
  /// several values; a filter with no such clause reads every song.
  static func matching(_ filter: MPDFilter, library: Library, folder: MusicFolder) throws -> [MPDSong] {
    let filter = withStoredIDs(filter)
    guard readsRowsOnly(filter) else {
      let matcher = MPDFilter.Matcher(filter)
      let all = try candidates(filter, library: library) ?? all(library)
      var songs = try mpdSongs(all, library: library, folder: folder)
      if filter.clauses.contains(where: { $0.field == .audioFormat }) {
        let audio = try library.audio(forSongs: all.compactMap(\.id))
        for index in songs.indices {
          songs[index].audioFormat = all[index].id.flatMap { audio[$0] }.flatMap(filterFormat)
        }
      }
      return songs.filter { matcher.matches($0) }
    }
    var songs: [Song] = []
    try scan(filter, library: library, folder: folder, keeping: { _ in true }) { songs.append($0) }
    return try mpdSongs(songs, library: library, folder: folder)
  }

  /// The `songTag` name of each MPD tag the library stores one value at a time (Library.tags(forSongs:)).
  static let listedTagNames: [MPDTag: String] = [
    .artist: "artist", .albumArtist: "albumartist", .genre: "genre", .composer: "composer", .performer: "performer",
    .conductor: "conductor", .label: "label", .musicBrainzArtistID: "mb_artistid",
    .musicBrainzAlbumArtistID: "mb_albumartistid", .musicBrainzWorkID: "mb_workid",
  ]

  /// The songs that can pass `filter`, in path order, or nil when every song must be tested. A clause
  /// that only a song with some value of its tag can pass (not negated, not `!=`, a value that is not
  /// empty) on a tag stored value by value, whose fallbacks are too, narrows the songs to those with a
  /// value, of the tag or of a fallback, that the clause accepts (`songIDs(passing:)`); the clauses'
  /// songs are intersected. Songs whose tags are not stored one by one are always among them: their
  /// values are their row's names. The matcher then decides on each song as before, with all its values.
  static func candidates(_ filter: MPDFilter, library: Library) throws -> [Song]? {
    let narrowing = filter.clauses.compactMap(storedNames)
    guard !narrowing.isEmpty else { return nil }
    return try library.readSongs { reader in
      var ids: Set<Int64>?
      for (clause, names) in narrowing where ids?.isEmpty != true {
        let found = try songIDs(passing: clause, names: names, reader)
        ids = ids.map { $0.intersection(found) } ?? found
      }
      let unstored = try reader.songIDsWithoutStoredTags()
      return try reader.songs(ids: Array((ids ?? []).union(unstored)))
    }
  }

  /// The `songTag` names a clause narrows through (its tag's, then its fallbacks'), or nil when it cannot.
  private static func storedNames(_ clause: MPDFilter.Clause) -> (MPDFilter.Clause, [String])? {
    guard case .tag(let tag) = clause.field, !clause.value.isEmpty, !clause.negated, clause.op != .notEqual else { return nil }
    let names = ([tag] + tag.fallbacks).compactMap { listedTagNames[$0] }
    return names.count == tag.fallbacks.count + 1 ? (clause, names) : nil
  }

  /// The ids of the songs with a value of `names` that `clause` accepts. `==` with ASCII text is an index
  /// search (`SongReader.songIDs(tagged:equalToASCII:)`, which finds every value that equals it however
  /// case and canonical equivalence are read); anything else tests each distinct value once with the
  /// clause's own matcher, the values read in place in index order.
  private static func songIDs(passing clause: MPDFilter.Clause, names: [String], _ reader: SongReader) throws -> Set<Int64> {
    var ids = Set<Int64>()
    let matcher = MPDFilter.Matcher(MPDFilter([clause]))
    // A credit apart from its names ("A feat. B") is the tag's value to MPD, and not in the values' index.
    for name in names {
      for (id, credit) in try reader.creditsApart(fromTag: name)
      where matcher.matches(file: { .string("") }, tag: { _ in .string(credit) }) {
        ids.insert(id)
      }
    }
    if clause.op == .equal && clause.value.utf8.allSatisfy({ $0 < 0x80 }) {
      for name in names { ids.formUnion(try reader.songIDs(tagged: name, equalToASCII: clause.value)) }
      return ids
    }
    for name in names {
      var last: [UInt8]?
      var accepted = false
      try reader.forEachTagValue(named: name) { value, id in
        if last.map({ !value.elementsEqual($0) }) ?? true {
          last = Array(value)
          // An empty value is no value to the matcher: the song is kept for the matcher to decide.
          accepted = value.isEmpty || matcher.matches(file: { .string("") }, tag: { _ in .bytes(value) })
        }
        if accepted { ids.insert(id) }
      }
    }
    return ids
  }

  /// A song's format as an `AudioFormat` filter reads it: the stored rate and channels, and the stored
  /// sample size of a lossless file. A lossy file has none of its own, so it is matched on the sample
  /// format MPD's decoder for that codec produces, for a filter to select the songs MPD selects: 24-bit
  /// for MP3 (libmad; tunes itself plays MP3 at 16), 16-bit for Opus, floating point for Vorbis, AAC and
  /// AC-3 (FFmpeg's decoders give floats).
  /// Nil (no song matches) without a stored rate or channel count.
  static func filterFormat(_ audio: SongAudio) -> MPDAudioFormat? {
    guard let rate = audio.sampleRate, rate > 0, let channels = audio.channels, channels > 0 else { return nil }
    let sample: MPDAudioFormat.Sample
    if let bits = audio.bitsPerSample {
      sample = .bits(bits)
    } else {
      switch audio.codec {
      case "mp3": sample = .bits(24)
      case "opus": sample = .bits(16)
      case "vorbis", "aac", "ac-3", "ec-3": sample = .float
      default: return nil
      }
    }
    return MPDAudioFormat(sampleRate: rate, sample: sample, channels: channels)
  }

  /// The tags whose stored values are the row's own columns, one value each.
  private static let rowTags: Set<MPDTag> = [.title, .album, .track, .disc]

  /// True when every clause of `filter` can be decided from a row's columns.
  static func readsRowsOnly(_ filter: MPDFilter) -> Bool {
    filter.clauses.allSatisfy { clause in
      switch clause.field {
      case .file, .base, .modifiedSince: return true
      case .tag(let tag): return rowTags.contains(tag)
      default: return false
      }
    }
  }

  /// Every row passing `filter`, in path order, read in place; the rows `keep` also accepts are decoded
  /// and handed to `body`.
  private static func scan(
    _ filter: MPDFilter, library: Library, folder: MusicFolder, keeping keep: (SongRowView) -> Bool, _ body: (Song) -> Void
  ) throws {
    let matcher = MPDFilter.Matcher(filter)
    try library.readSongs { songs in
      try songs.forEachSong(
        keeping: { row in
          matcher.matches(file: { folder.uri(forPath: row.bytes(.path)) }, tag: { tag(row, $0) }, modified: { row.fileModified })
            && keep(row)
        },
        body)
    }
  }

  /// The distinct values of `tag` among the songs passing `filter` (its fallback's for a song without it,
  /// else ""), sorted as Strings sort: the rows are read in place and no song is decoded (`list artist` over a whole library).
  static func tagValues(_ tag: MPDTag, matching filter: MPDFilter, library: Library, folder: MusicFolder) throws -> [String] {
    let filter = withStoredIDs(filter)
    if filter.clauses.isEmpty, let name = listedTagNames[tag] { return try storedValues(tag, name: name, library: library) }
    guard rowTags.contains(tag) && readsRowsOnly(filter) else {
      var values = Set<String>()
      for song in try matching(filter, library: library, folder: folder) {
        let own = song.tags[all: tag]
        let fallback = own.isEmpty ? tag.fallbacks.lazy.map { song.tags[all: $0] }.first { !$0.isEmpty } : nil
        let shown = fallback ?? own
        if shown.isEmpty { values.insert("") } else { values.formUnion(shown) }
      }
      return values.sorted()
    }
    var values = Set<String>()
    var previous: [UInt8] = []  // neighbouring rows (path order) mostly share their artist and album
    try scan(
      filter, library: library, folder: folder,
      keeping: { row in
        switch Self.tag(row, tag) ?? tag.fallbacks.lazy.compactMap({ Self.tag(row, $0) }).first {
        case .bytes(let bytes)?:
          if !bytes.elementsEqual(previous) {
            previous = Array(bytes)
            values.insert(String(decoding: bytes, as: UTF8.self))
          }
        case .string(let value)?: values.insert(value)
        case nil: values.insert("")  // MPD lists a song without the tag (or a fallback) under the empty value
        }
        return false
      }
    ) { _ in }
    return values.sorted()
  }

  /// Every distinct value of a tag stored value by value (`list artist` of a whole library), read in place
  /// from the values' index, with what the songs without a value show (a fallback's values, else ""),
  /// read as `matching` reads them: no song is decoded but those.
  private static func storedValues(_ tag: MPDTag, name: String, library: Library) throws -> [String] {
    var values = Set<String>()
    var previous: [UInt8]?
    let lacking = try library.readSongs { reader in
      // A song whose credit is apart from its names shows the credit, not the names.
      let apart = try reader.creditsApart(fromTag: name)
      values.formUnion(apart.values)
      try reader.forEachTagValue(named: name) { value, id in
        // An empty value is none (MPDTags drops it): such a song is among those lacking the tag.
        if !value.isEmpty, apart[id] == nil, previous.map({ !value.elementsEqual($0) }) ?? true {
          previous = Array(value)
          values.insert(String(decoding: value, as: UTF8.self))
        }
      }
      return try reader.songs(ids: reader.songIDs(lackingTag: name))
    }
    let tags = try library.tags(forSongs: lacking.compactMap(\.id))
    for song in lacking {
      let shown = song.id.flatMap { tags[$0] }.map { mpdTags($0) } ?? mpdTags(song)
      let own = shown[all: tag]
      let fallback = own.isEmpty ? tag.fallbacks.lazy.map { shown[all: $0] }.first { !$0.isEmpty } : nil
      let listed = fallback ?? own
      if listed.isEmpty { values.insert("") } else { values.formUnion(listed) }
    }
    return values.sorted()
  }

  /// Every folder and song under `path` in `listall` order (`MPDBackend.listRecursively`'s), from one
  /// pass over the paths in byte order, where each folder's paths are contiguous: a folder opens at its
  /// first path and closes, its songs after its sub-folders, at the first path outside it. Walking folder
  /// by folder read every song under each folder again (0.46 s for `listall` of 10k songs). Without
  /// `details` the songs carry their URI only and none is decoded.
  static func listing(under path: String, details: Bool, library: Library, folder: MusicFolder) throws -> [MPDEntry] {
    let (start, end) = range(under: path)
    var entries: [MPDEntry] = []
    // The open folders, outermost first (the listed folder itself at 0): where each one's path and its
    // "/" end in `current`, and its songs until it closes.
    var open: [(end: Int, songs: [MPDEntry])] = [(start.utf8.count, [])]
    var current = Array(start.utf8)
    var idOfFile: [String: Int64] = [:]
    func close(downTo depth: Int) {
      while open.count > depth { entries += open.removeLast().songs }
      current.removeSubrange(open.last.map(\.end).map { $0..<current.count } ?? 0..<0)
    }
    /// Closes the folders the path is not in, opens those it is first in; the song goes to the last.
    func enter(_ bytes: UnsafeBufferPointer<UInt8>) {
      var depth = open.count
      while depth > 1, !bytes.starts(with: current[..<open[depth - 1].end]) { depth -= 1 }
      close(downTo: depth)
      var from = current.count
      while let slash = bytes[from...].firstIndex(of: UInt8(ascii: "/")) {
        current += bytes[from...slash]
        entries.append(
          .directory(path: folder.uri(forPath: String(decoding: current.dropLast(), as: UTF8.self)), lastModified: nil))
        open.append((current.count, []))
        from = slash + 1
      }
    }
    try library.readSongs { songs in
      guard details else {
        // Only the path, and the album, disc and track that order a folder's songs (MPDDatabaseOrder).
        try songs.forEachSong(
          pathsFrom: start, to: end,
          keeping: { row in
            guard let bytes = row.bytes(.path) else { return false }
            enter(bytes)
            var tags = MPDTags()
            if let album = row.bytes(.album), !album.isEmpty { tags[.album] = String(decoding: album, as: UTF8.self) }
            if let disc = row.number(.discNumber) { tags[.disc] = String(disc) }
            if let track = row.number(.trackNumber) { tags[.track] = String(track) }
            open[open.count - 1].songs.append(.song(MPDSong(file: folder.uriText(forPath: bytes), tags: tags)))
            return false
          }, { _ in })
        return
      }
      try songs.forEachSong(
        pathsFrom: start, to: end,
        keeping: { row in
          if let bytes = row.bytes(.path) { enter(bytes) }
          return true
        },
        { song in
          let shown = mpdSong(song, tags: nil, folder: folder)
          if let id = song.id { idOfFile[shown.file] = id }
          open[open.count - 1].songs.append(.song(shown))
        })
    }
    close(downTo: 0)
    return details ? try withStoredTags(entries, ids: idOfFile, library: library) : entries
  }

  /// A tag of a row as `mpdSong` shows it: nil where the song has none (NULL or empty).
  private static func tag(_ row: SongRowView, _ tag: MPDTag) -> FilterText? {
    func text(_ column: SongRowView.TextColumn) -> FilterText? {
      guard let bytes = row.bytes(column), !bytes.isEmpty else { return nil }
      return .bytes(bytes)
    }
    func number(_ column: SongRowView.NumberColumn) -> FilterText? { row.number(column).map { .string(String($0)) } }
    switch tag {
    // The file name standing in for a missing title is no Title tag: mpd's `find title ""` finds the song.
    case .title: return row.derivedNames.contains(.title) ? nil : text(.title)
    case .artist: return text(.artist)
    case .album: return text(.album)
    case .albumArtist: return text(.albumArtist)
    case .genre: return text(.genre)
    case .track: return number(.trackNumber)
    case .disc: return number(.discNumber)
    case .date: return number(.year)
    default: return nil  // a tag the library does not keep
    }
  }

  /// The direct children of the folder `path`: sub-folders (from the indexed paths) then songs.
  /// Paths are split at their "/" bytes, as the file system splits them (a Character-wise split would
  /// miss a "/" that a combining mark after it joins into one Character). The listing skips through
  /// the path index, one seek per sub-folder and per song of the folder itself, and decodes only those
  /// songs: reading every song under the folder took 40–90 ms for the root of 10k.
  static func children(of path: String, library: Library, folder: MusicFolder) throws -> [MPDEntry] {
    let (start, end) = range(under: path)
    let prefixCount = start.utf8.count
    var folders: [MPDEntry] = []
    var songs: [MPDEntry] = []
    var idOfFile: [String: Int64] = [:]
    try library.readSongs { reader in
      var direct: [String] = []
      var next = start, after = false
      var last: String?
      while let found = try reader.firstPath(from: next, after: after, to: end) {
        // A stored path that is not valid UTF-8 reads back repaired, so seeking past it could find it
        // again; the index only writes valid paths, but a loop must not hang on a damaged database.
        if found == last { break }
        last = found
        let bytes = Array(found.utf8)
        if let slash = bytes[prefixCount...].firstIndex(of: UInt8(ascii: "/")) {
          let child = String(decoding: bytes[..<slash], as: UTF8.self)
          folders.append(.directory(path: folder.uri(forPath: child), lastModified: nil))
          (next, after) = (child + "0", false)  // '0' follows '/': the first path past the sub-folder
        } else {
          direct.append(found)
          (next, after) = (found, true)
        }
      }
      guard !direct.isEmpty else { return }
      for song in try reader.songs(atPaths: direct) {
        let shown = mpdSong(song, tags: nil, folder: folder)
        if let id = song.id { idOfFile[shown.file] = id }
        songs.append(.song(shown))
      }
    }
    return try withStoredTags(folders + songs, ids: idOfFile, library: library)
  }

  /// The songs of `entries` with their stored tags in place of the row's names, read in one batch;
  /// `ids` gives each song's library id by its URI.
  private static func withStoredTags(_ entries: [MPDEntry], ids: [String: Int64], library: Library) throws -> [MPDEntry] {
    guard !ids.isEmpty else { return entries }
    let tags = try library.tags(forSongs: Array(ids.values))
    return entries.map { entry in
      guard case .song(var song) = entry, let id = ids[song.file], let stored = tags[id] else { return entry }
      song.tags = mpdTags(stored)
      song.spelledTags = spelledTags(stored)
      return .song(song)
    }
  }
}
