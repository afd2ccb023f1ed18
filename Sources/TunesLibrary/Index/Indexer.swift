// `tunes index`: compares the files under the given paths with the index and brings the index up to
// date. Unchanged files (same size, mtime and catalogue entry) are never opened; new and changed files
// are read on several threads, a batch ahead of the writer; each batch is written in one transaction,
// so a kill at any moment leaves a consistent database and the next run picks up what is left.
import Foundation
import GRDB
import TunesTags

#if canImport(Glibc)
  import Glibc
#endif

extension Library {
  /// Indexes folders (recursively, reading every library.json in them), catalogue files and MP3 files.
  /// Throws before writing anything when a path is missing. A malformed catalogue is reported (with its
  /// line and column) and nothing of it applied; the rest is indexed.
  public func index(paths: [String], options: IndexingOptions = IndexingOptions()) throws -> IndexReport {
    // A dry run writes nothing, so it need not wait for a run that does.
    let lock = options.dryRun ? nil : IndexLock(database: path) { options.waitingForOtherRun?() }
    defer { _ = lock }
    var indexer = Indexer(library: self, options: options)
    return try indexer.run(paths: paths)
  }
}

struct Indexer {
  let library: Library
  let options: IndexingOptions
  var report = IndexReport()
  var entries = CatalogueEntries()
  /// The rows the walk found files for, referred to by `WalkedFile.row`.
  var matched: [MatchedRow] = []
  var walk = WalkResult()
  var scopeFolders: [String] = []
  var explicitFiles: Set<String> = []
  var folderCovers: [String: String?] = [:]
  /// The folders of catalogues that could not be read: their songs that came from a catalogue keep
  /// their rows as they are, rather than falling back to their tags until the catalogue is mended.
  var brokenCatalogueFolders: [String] = []
  var artistIDs: [String: Int64] = [:]
  var albumIDs: [String: Int64] = [:]
  var batchNumber = 0
  /// What the index noted of the catalogues it applied cleanly before (CatalogueState).
  var catalogueStates: [String: CatalogueState] = [:]
  /// Catalogues this run read and applied cleanly, with their file stamps as found before reading them.
  var cleanCatalogues: [String: String] = [:]
  /// Catalogues this run found, each read or left unread as unchanged.
  var catalogues: [String] = []
  /// Stamps from before this moment are old enough to be trusted (CatalogueState).
  var settled: Int64 = 0

  init(library: Library, options: IndexingOptions) {
    self.library = library
    self.options = options
    report.dryRun = options.dryRun
  }

  mutating func run(paths: [String]) throws -> IndexReport {
    let vanishedRows = try collect(paths: paths)

    // Classify what is on disk against the index: a file with no row is new.
    var work: [Work] = []
    // A first index adds every file: one list of the right size, not a doubling one that for a moment
    // holds the old and the new copy.
    if matched.isEmpty { work.reserveCapacity(walk.files.count) }
    for index in walk.files.indices {
      let (key, file) = (walk.files.keys[index], walk.files.values[index])
      guard file.row != 0 else {
        work.append(.add(key, file.stamp))
        continue
      }
      let row = matched[Int(file.row) - 1]
      let same =
        file.catalogueEntry == CatalogueEntries.unchanged || row.agrees(with: entries[file.catalogueEntry]?.fingerprint)
        || (file.catalogueEntry == 0 && row.catalogueFingerprint != nil && !row.missing && underBrokenCatalogue(key.path))
      if same { report.unchanged += 1 } else { work.append(.update(row.id, key, file.stamp)) }
    }
    matched = []
    var vanished: [Int64: IndexedFile] = [:]
    var vanishedByHash: [HashText: [Int64]] = [:]
    var vanishedIDs: [Int64] = []
    for row in vanishedRows where vanished[row.id] == nil {
      vanished[row.id] = row
      vanishedIDs.append(row.id)
    }
    // Only a new file can be a vanished one moved, found by its audio hash.
    if work.contains(where: { if case .add = $0 { true } else { false } }) {
      let hashes = try Self.audioHashes(library.pool, ids: vanishedIDs)
      for id in vanishedIDs { if let hash = hashes[id] { vanishedByHash[hash, default: []].append(id) } }
    }
    // Only the work is sorted (reports and batches in path order), not the thousands of unchanged files.
    work.sort { PathText.byteOrder($0.path, $1.path) }

    // Read and write batch by batch, reading the next batch on other threads while this one is written:
    // the writes are serial (one SQLite writer), the reads are not.
    var done = 0
    let total = work.count
    var batches: [Range<Int>] = []
    var size = max(options.batchSize, 1)
    while batches.last.map(\.upperBound) ?? 0 < work.count {
      let start = batches.last?.upperBound ?? 0
      batches.append(start..<min(start + size, work.count))
      size = min(2 * size, max(options.largestBatch, options.batchSize))
    }
    var ahead = batches.first.map { startReading(work[$0]) }
    for (number, batch) in batches.enumerated() {
      let outcomes = try ahead?.value() ?? []
      ahead = number + 1 < batches.count ? startReading(work[batches[number + 1]]) : nil
      try write(work[batch], outcomes, vanished: &vanished, vanishedByHash: &vanishedByHash)
      done += batch.count
      options.progress?(IndexProgress(done: done, total: total))
    }

    // What is left of the vanished rows is marked missing (those marked before keep their date), or with
    // --prune leaves the index with the rows marked before; then tidy artists and albums.
    let gone = vanished.values.sorted { PathText.byteOrder($0.path, $1.path) }
    let newlyMissing = options.prune ? [] : gone.filter { !$0.missing }
    let pruned = options.prune ? gone : []
    report.missing = newlyMissing.map(\.path)
    report.removed = pruned.map(\.path)
    if !options.dryRun && !newlyMissing.isEmpty {
      let since = DatabaseTimestamp.text(Date())
      try commit { db in
        let mark = try db.cachedStatement(sql: "UPDATE song SET missingSince = ? WHERE id = ?")
        for row in newlyMissing { try mark.execute(arguments: [since, row.id]) }
      }
    }
    // Artists and albums can only be orphaned by a run that wrote or removed songs.
    if !options.dryRun && !(work.isEmpty && pruned.isEmpty) {
      try commit { db in
        let delete = try db.cachedStatement(sql: "DELETE FROM song WHERE id = ?")
        for row in pruned { try delete.execute(arguments: [row.id]) }
        try db.execute(
          sql: """
            DELETE FROM album WHERE NOT EXISTS (SELECT 1 FROM song WHERE song.albumId = album.id);
            DELETE FROM artist WHERE NOT EXISTS (SELECT 1 FROM song WHERE song.artistId = artist.id)
              AND NOT EXISTS (SELECT 1 FROM album WHERE album.albumArtistId = artist.id);
            """)
      }
    }
    if !options.dryRun { try noteCatalogues() }
    report.errors.sort { $0.path < $1.path }
    return report
  }

  /// Notes the catalogues this run applied cleanly, and forgets the others it found: a catalogue is only
  /// ever left unread on the word of a run that applied it in full, every song under it written.
  func noteCatalogues() throws {
    var notes: [String: CatalogueState?] = [:]
    for path in catalogues {
      let folder = PathText.folder(of: path)
      let troubled = report.errors.contains { $0.path == path || PathText.isInside($0.path, folder: folder) }
      if !troubled, let file = cleanCatalogues[path],
        let folders = CatalogueState.digest(of: walk.folderStamps, under: folder, settled: settled)
      {
        let state = CatalogueState(file: file, folders: folders)
        if catalogueStates[path] != state { notes[path] = state }
      } else if catalogueStates[path] != nil {
        notes[path] = .some(nil)
      }
    }
    guard !notes.isEmpty else { return }
    // Not a change of the songs: the library's generation stays.
    try library.pool.write { db in
      for (path, state) in notes {
        if let state {
          try db.execute(
            sql: "INSERT OR REPLACE INTO catalogueState (path, file, folders) VALUES (?, ?, ?)",
            arguments: [path, state.file, state.folders])
        } else {
          try db.execute(sql: "DELETE FROM catalogueState WHERE path = ?", arguments: [path])
        }
      }
    }
  }

  func commit(_ body: @escaping (Database) throws -> Void) throws {
    do {
      try library.pool.write { db in
        try body(db)
        try Library.raiseGeneration(db)
      }
      library.markGeneration()
    } catch let error as DatabaseError {
      // Another process writing the library is no I/O failure: it is said as every writing command says
      // it (who holds it, try again), with the same temporary-failure exit status.
      if let locked = LibraryOpenError.writeLocked(error, path: library.path) { throw locked }
      throw LibraryError.interrupted(reason: "database: \(error.message ?? "\(error.resultCode)")")
    }
  }
}
