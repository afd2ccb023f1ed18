// Reading and writing an index run's files: each batch is read on several threads while the one before it
// is written, and written in one transaction (song rows, their full-text and tag rows, artists and albums).
import Foundation
import GRDB
import TunesTags

extension Indexer {
  // MARK: Reading

  func startReading(_ batch: ArraySlice<Work>) -> Background<[ReadOutcome]> {
    let reader = options.readMetadata
    let threads = options.readerThreads
    let paths = batch.map(\.path)
    return Background { Self.read(paths, reader: reader, threads: threads) }
  }

  static func read(_ paths: [String], reader: MetadataReader, threads: Int) -> [ReadOutcome] {
    let slots = ReadSlots(count: paths.count)
    let threads = max(1, min(threads, paths.count))
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
      var index = worker
      while index < paths.count {
        let outcome: ReadOutcome
        do {
          outcome = .read(try reader(paths[index]))
        } catch let error as TagError {
          outcome = .failed(error.reason)
        } catch {
          outcome = .failed("\(error)")
        }
        slots.buffer[index] = outcome
        index += threads
      }
    }
    return slots.take()
  }

  // MARK: Writing

  mutating func write(
    _ batch: ArraySlice<Work>, _ outcomes: consuming [ReadOutcome], vanished: inout [Int64: IndexedFile],
    vanishedByHash: inout [HashText: [Int64]]
  ) throws {
    // Decide first (pure), then write everything in one transaction. Each file's tags are moved from its
    // outcome into its song's values (a class), never copied: they are some fifty strings and lists, and
    // copies of them (retaining each) were a visible part of a first index.
    enum Change { case insert, update(Int64), move(Int64) }
    var changes: [Change] = []
    var songs: [SongValues] = []
    changes.reserveCapacity(batch.count)
    songs.reserveCapacity(batch.count)
    for (offset, item) in batch.enumerated() {
      guard let metadata = outcomes[offset].metadata.take() else {
        report.errors.append(IndexProblem(path: item.path, reason: outcomes[offset].failure ?? "not read"))
        continue
      }
      let values = SongValues(
        path: item.path, stamp: item.stamp, metadata: metadata, entry: entries[walk.files[item.key]?.catalogueEntry ?? 0],
        folderCover: cover(besides: item.path))
      switch item {
      case .update(let id, let key, _):
        changes.append(.update(id))
        report.updated.append(key.path)
      case .add(let key, _):
        if let id = Self.vanishedRow(of: values, &vanishedByHash) {
          let from = vanished.removeValue(forKey: id)?.path ?? ""
          changes.append(.move(id))
          report.moved.append(IndexReport.Move(from: from, to: key.path))
        } else {
          changes.append(.insert)
          report.added.append(key.path)
        }
      }
      songs.append(values)
    }
    guard !options.dryRun else { return }
    batchNumber += 1
    var artistIDs = self.artistIDs
    let songsIndexedHooks = library.songsIndexedHooks
    var albumIDs = self.albumIDs
    try commit { db in
      let columns = SongValues.columns
      var update = try BatchStatement(
        db, sql: "UPDATE song SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), missingSince = NULL WHERE id = ?")
      var insert = try BatchStatement(
        db,
        sql:
          "INSERT INTO song (\(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count - 1)))")
      // Song.insertFullText's row, written here through the batch's own statement.
      var fullText = try BatchStatement(
        db, sql: "INSERT INTO song_ft(rowid, title, artist, album, albumArtist, genre) VALUES (?, ?, ?, ?, ?, ?)")
      var deleteTags = try BatchStatement(db, sql: "DELETE FROM songTag WHERE songId = ?")
      var insertTag = try BatchStatement(
        db, sql: "INSERT INTO songTag (songId, name, value, position, lookalike) VALUES (?, ?, ?, ?, ?)")
      var indexed: [(Int64, IndexedSong)] = []
      indexed.reserveCapacity(changes.count)
      for (change, values) in zip(changes, songs) {
        let artistID = try Self.artistID(db, values.artist, cache: &artistIDs)
        let albumID = try Self.albumID(db, values, cache: &albumIDs, artistIDs: &artistIDs)
        let id: Int64
        switch change {
        case .insert:
          values.bind(to: &insert, artistID: artistID, albumID: albumID)
          try insert.run()
          id = db.lastInsertedRowID
          values.bindFullText(to: &fullText, id: id)
          try fullText.run()
        case .update(let updated), .move(let updated):
          id = updated
          values.bind(to: &update, artistID: artistID, albumID: albumID)
          update.bind(id)
          try update.run()
          deleteTags.bind(id)
          try deleteTags.run()
        }
        try Self.writeTags(values, id: id, &insertTag)
        indexed.append((id, values.indexedSong))
      }
      if !indexed.isEmpty {
        let songs = IndexedSongs(songs: indexed)
        for hook in songsIndexedHooks { try hook(db, songs) }
      }
    }
    self.artistIDs = artistIDs
    self.albumIDs = albumIDs
    try options.afterBatch?(batchNumber)
  }

  /// The vanished row `values`' file was moved from, if any, taken from `byHash`: the row with the same
  /// audio hash, or for a FLAC file the row written before signed streams were named by their signature,
  /// which holds the hash of the audio's ends (`AudioHash.ofRegion`, read only when no row matched).
  static func vanishedRow(of values: SongValues, _ byHash: inout [HashText: [Int64]]) -> Int64? {
    guard !byHash.isEmpty else { return nil }
    func take(_ hash: String?) -> Int64? {
      guard let hash else { return nil }
      let key = HashText(hash)
      guard var ids = byHash[key], let id = ids.popLast() else { return nil }
      byHash[key] = ids.isEmpty ? nil : ids
      return id
    }
    if let id = take(values.audioHash) { return id }
    guard values.audio.codec == "flac" else { return nil }
    return take(AudioHash.ofRegion(path: values.path, offset: values.audio.audioOffset, length: values.audio.audioLength))
  }

  /// The song's multi-valued tags, one `songTag` row per value.
  static func writeTags(_ values: SongValues, id: Int64, _ insert: inout BatchStatement) throws {
    func write(_ name: String, _ list: [String]) throws {
      for (position, value) in list.enumerated() {
        insert.bind(id)
        insert.bind(name)
        insert.bind(value)
        insert.bind(position)
        insert.bind(TagLookalike.holdsOne(value) ? 1 : nil as Int?)
        try insert.run()
      }
    }
    // The names are the query language's field names, in tag order.
    try write("artist", values.tags.artists)
    try write("albumartist", values.tags.albumArtists)
    try write("genre", values.tags.genres)
    try write("composer", values.tags.composers)
    try write("performer", values.tags.performers)
    try write("conductor", values.tags.conductors)
    try write("lyricist", values.tags.lyricists)
    try write("label", values.tags.labels)
    try write("mb_artistid", values.tags.artistMbids)
    try write("mb_albumartistid", values.tags.albumArtistMbids)
    try write("mb_workid", values.tags.workMbids)
  }

  mutating func cover(besides path: String) -> String? {
    let folder = PathText.folder(of: path)
    if let found = walk.covers[folder] { return found }
    if inScannedFolder(path) { return nil }
    // A file named by a catalogue outside the walked folders: look once per folder.
    if let known = folderCovers[folder] { return known }
    let found = FileWalker.coverNames.map { folder + "/" + $0 }.first { FileManager.default.fileExists(atPath: $0) }
    folderCovers[folder] = found
    return found
  }

  static func artistID(_ db: Database, _ name: String, cache: inout [String: Int64]) throws -> Int64? {
    guard !name.isEmpty else { return nil }
    if let id = cache[name] { return id }
    let id: Int64
    if let existing = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM artist WHERE name = ?"), arguments: [name]) {
      id = existing
    } else {
      try db.cachedStatement(sql: "INSERT INTO artist (name) VALUES (?)").execute(arguments: [name])
      id = db.lastInsertedRowID
    }
    cache[name] = id
    return id
  }

  static func albumID(
    _ db: Database, _ values: SongValues, cache: inout [String: Int64], artistIDs: inout [String: Int64]
  ) throws -> Int64? {
    guard !values.album.isEmpty else { return nil }
    let key = values.album + "\u{1F}" + values.albumArtist
    if let id = cache[key] { return id }
    let id: Int64
    if let existing = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT id FROM album WHERE title = ? AND albumArtistName = ?"),
      arguments: [values.album, values.albumArtist])
    {
      id = existing
      try db.cachedStatement(
        sql: "UPDATE album SET year = coalesce(?, year), coverPath = coalesce(?, coverPath), isCompilation = ? WHERE id = ?"
      ).execute(arguments: [values.year, values.coverPath, values.isCompilation, id])
    } else {
      let artistID = try artistID(db, values.albumArtist, cache: &artistIDs)
      try db.cachedStatement(
        sql: """
          INSERT INTO album (title, albumArtistId, albumArtistName, year, coverPath, releaseMbid, isCompilation)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """
      ).execute(
        arguments: [
          values.album, artistID, values.albumArtist, values.year, values.coverPath, values.releaseMbid, values.isCompilation,
        ])
      id = db.lastInsertedRowID
    }
    cache[key] = id
    return id
  }
}
