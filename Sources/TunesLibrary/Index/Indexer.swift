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

/// One row of the index as the scanner compares it with a file.
private struct IndexedFile: Sendable {
  var id: Int64
  var key: PathKey
  var stamp: FileStamp?
  var audioHash: HashText?
  /// The stored fingerprint's value (the index keeps it as hex text).
  var catalogueFingerprint: UInt64?
  /// Marked missing by an earlier run (its file was gone then).
  var missing: Bool
  var path: String { key.path }
}

/// An index row whose file the walk found: all a rescan still needs of it once matched, so that the
/// rows and their paths (the walk has the same ones) are let go before the catalogues are read.
private struct MatchedRow {
  var id: Int64
  var catalogueFingerprint: UInt64?
  var stampUnchanged: Bool
  /// The row was marked missing: its file is back, and the row is written again to say so.
  var missing: Bool

  /// Whether the row is up to date for its file named by an entry of this fingerprint (nil: none).
  func agrees(with fingerprint: UInt64?) -> Bool { stampUnchanged && !missing && catalogueFingerprint == fingerprint }
}

/// A stored hash, as its value when it is the hex text of one: 100k rows then hold no string each.
private enum HashText: Hashable, Sendable {
  case value(UInt64)
  case text(String)

  init(_ text: String) {
    if text.utf8.count == 16, let value = Fingerprint.value(text), Fingerprint.text(value) == text.drop(while: { $0 == "0" }) {
      self = .value(value)
    } else {
      self = .text(text)
    }
  }
}

private enum Work {
  case add(PathKey, FileStamp)
  case update(Int64, PathKey, FileStamp)
  /// The walk's key: hashed once, looked up again when the file is written.
  var key: PathKey {
    switch self {
    case .add(let key, _), .update(_, let key, _): return key
    }
  }
  var path: String { key.path }
  var stamp: FileStamp {
    switch self {
    case .add(_, let stamp), .update(_, _, let stamp): return stamp
    }
  }
}

private enum ReadOutcome: Sendable {
  case read(FileMetadata)
  case failed(String)
}

/// The catalogue entries, in one list per catalogue. Which entry names a file is noted in the walk's
/// table (`WalkedFile.catalogueEntry`), the first catalogue naming a path winning. On a rescan an entry
/// that agrees with the file's row (same file stamp, same fingerprint) is not kept at all: the note says
/// `unchanged` and nothing of it will be written. A dictionary of 100k whole entries (~280 bytes each,
/// in a table sized for 262k) took 73 MB; a table of places beside the walk's another 8 MB.
private struct CatalogueEntries {
  /// The note of an entry that agrees with the index.
  static let unchanged = UInt32.max
  private var lists: [[CatalogueEntry]] = []
  /// The number of the first entry of each list.
  private var starts: [Int] = []
  private var count = 0

  /// The entry a note refers to; nil for none and for `unchanged`.
  subscript(reference: UInt32) -> CatalogueEntry? {
    guard reference != 0 && reference != Self.unchanged else { return nil }
    let number = Int(reference) - 1
    var list = lists.count - 1
    while starts[list] > number { list -= 1 }
    return lists[list][number - starts[list]]
  }

  /// Starts the list of the next catalogue, with room for `count` entries.
  mutating func startList(capacity: Int) {
    var list: [CatalogueEntry] = []
    list.reserveCapacity(capacity)
    lists.append(list)
    starts.append(count)
  }

  /// Adds `entry` to the current list; returns the note that refers to it.
  mutating func append(_ entry: CatalogueEntry) -> UInt32 {
    if lists.isEmpty { startList(capacity: 0) }
    lists[lists.count - 1].append(entry)
    count += 1
    precondition(count < Int(Self.unchanged), "more catalogue entries than an index can note")
    return UInt32(count)
  }
}

/// Slots filled by reader threads, each index by exactly one thread.
private final class ReadSlots: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<ReadOutcome?>
  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }
  deinit {
    buffer.deinitialize()
    buffer.deallocate()
  }

  /// The outcomes, moved out (a file's tags are some fifty strings and lists: a copy retains each of them).
  func take() -> [ReadOutcome] {
    (0..<buffer.count).map { index in
      let outcome = buffer.moveElement(from: index)
      buffer.initializeElement(at: index, to: nil)
      return outcome ?? .failed("not read")
    }
  }
}

private struct Indexer {
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
    for (key, file) in walk.files {
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
    for row in vanishedRows where vanished[row.id] == nil {
      vanished[row.id] = row
      if let hash = row.audioHash { vanishedByHash[hash, default: []].append(row.id) }
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

  // MARK: Finding the files

  /// Finds the files and catalogues under `paths` and matches the index's rows with the files; returns
  /// the rows whose files are gone.
  mutating func collect(paths: [String]) throws -> [IndexedFile] {
    var roots: [(String, Bool)] = []
    // Every path is checked before anything is read or written.
    for given in paths {
      guard let resolved = realpath(given, nil) else { throw LibraryError.noSuchPath(given) }
      let path = String(cString: resolved)
      free(resolved)
      let isFolder = FileWalker.isDirectory(path)
      if !isFolder && !FileWalker.isAudioFile(path) && !PlaylistFileName.matches(path)
        && !PathText.hasSuffix(path, asciiLowercase: ".json")
      {
        throw LibraryError.notIndexable(given)
      }
      roots.append((path, isFolder))
    }
    // While the folders are walked, other threads load the index's rows under them and parse the
    // catalogues as the walk finds them (they are matched against the files it found afterwards).
    scopeFolders = roots.filter(\.1).map { $0.0 == "/" ? "" : $0.0 }
    let pool = library.pool
    let folders = scopeFolders
    // How many rows the index has under the folders sizes the walk's table and the list of rows once,
    // instead of doubling them as they fill: a rescan finds about as many files as there are rows.
    let indexed = try Self.countRows(pool, folders: folders)
    catalogueStates = try pool.read(CatalogueState.loadAll)
    settled = CatalogueState.settled(before: options.settleSeconds)
    walk.files.reserveCapacity(indexed)
    let folderRows = Background { try Self.loadRows(pool, folders: folders, files: [], expected: indexed) }
    // The first catalogue is parsed beside the walk; any others after it, one at a time: a parsed
    // catalogue holds each entry twice until it is matched with the walk.
    // A catalogue whose file is as the index noted it is not read yet: it may not need reading at all.
    var first: (path: String, parsing: Background<ParsedCatalogue>)?
    var fileStamps: [String: String] = [:]
    var unread: Set<String> = []
    let states = catalogueStates
    let settled = self.settled
    var catalogues: [String] = []
    func parse(_ path: String) {
      // A catalogue given and also found by a walk, or found by two walks, is read once.
      guard !catalogues.contains(path) else { return }
      catalogues.append(path)
      let stamp = CatalogueState.fileStamp(path)
      if let stamp, stamp.changed < settled { fileStamps[path] = stamp.text }
      if let stamp, states[path]?.file == stamp.text {
        unread.insert(path)
      } else if first == nil {
        let heard = options.readingCatalogue
        first = (path, Background { try Self.parseCatalogue(path, heard) })
      }
    }
    for (path, isFolder) in roots where !isFolder && !FileWalker.isAudioFile(path) && !PlaylistFileName.matches(path) {
      parse(path)
    }
    for (number, (path, isFolder)) in roots.enumerated() {
      if isFolder {
        // A folder inside another given folder (or given twice) is walked with it.
        let walkedAlready = roots.enumerated().contains { other in
          other.element.1
            && (other.offset < number && other.element.0 == path || PathText.isInside(path, folder: other.element.0))
        }
        if !walkedAlready { FileWalker.walk(path, into: &walk, foundCatalogue: parse) }
      } else if FileWalker.isAudioFile(path) {
        if let stamp = FileWalker.stamp(path) {
          walk.files[PathKey(path)] = WalkedFile(stamp: stamp)
          explicitFiles.insert(path)
        }
      } else if PlaylistFileName.matches(path) {
        walk.playlistFiles.append(path)
      }
    }
    report.errors += walk.problems
    report.playlistFiles = Set(walk.playlistFiles.map(PathKey.init)).map(\.path).sorted(by: PathText.byteOrder)
    // The rows are matched with the files now, before the catalogues are read, and let go.
    var unmatched = match(try folderRows.value())
    // The rows were read on another thread, into that thread's malloc arena: what they held is handed
    // back to the system here, not kept beside the catalogues read next (8 MB at 100k files).
    if indexed > 0 { Memory.trim() }
    // All catalogues are read before anything is written: one malformed catalogue stops the run.
    // A name the walk found is known to exist: only names outside the walked folders cost a stat.
    // The table is taken out of `walk` while entries are noted in it, so that it is never copied.
    var files = walk.files
    walk.files = [:]
    let rescan = !matched.isEmpty
    let givenFiles = explicitFiles
    let walkedFolders = Set(walk.folderStamps.map(\.path))
    func apply(_ parsed: ParsedCatalogue, onlyInScope: Bool) {
      entries.startList(capacity: rescan ? 0 : parsed.items.count)
      func inScope(_ path: String) -> Bool { givenFiles.contains(path) || inScannedFolder(path) }
      // Whether all the entries depend on is in sight of the walk (CatalogueState).
      var clean = parsed.imageFolders.isSubset(of: walkedFolders)
      let problems = parsed.resolve(exists: {
        files[$0] != nil || (onlyInScope && !inScope($0.path)) || FileWalker.stamp($0.path) != nil
      }) { key, found in
        var entry = found
        if let index = files.index(forKey: key) {
          let file = files.values[index]
          guard file.catalogueEntry == 0 else {
            // Which of two entries would win is no rule a user could guess: the first read is kept, and said.
            let place = "\(PathText.name(of: parsed.path)):\(found.line):\(found.column)"
            report.errors.append(IndexProblem(path: key.path, reason: "listed again in \(place); that entry is ignored"))
            clean = false
            return
          }
          if file.row != 0 && matched[Int(file.row) - 1].agrees(with: entry.fingerprint) {
            files.values[index].catalogueEntry = CatalogueEntries.unchanged
            return
          }
          // The walk's string for the same bytes: one copy kept, not two.
          entry.path = files.keys[index].path
          files.values[index].catalogueEntry = entries.append(entry)
        } else if !onlyInScope, let stamp = FileWalker.stamp(entry.path) {
          files[key] = WalkedFile(stamp: stamp, catalogueEntry: entries.append(entry))
          explicitFiles.insert(entry.path)
          clean = false
        }
      }
      report.errors += onlyInScope ? problems.filter { inScope($0.path) } : problems
      if clean && problems.isEmpty && !onlyInScope && inScannedFolder(parsed.path), let stamp = fileStamps[parsed.path] {
        cleanCatalogues[parsed.path] = stamp
      }
    }
    // A rescan of one album folder applies the library.json beside the artist folders as the full index
    // did, or it would take their songs' catalogue names back to the tags': catalogues in the folders
    // above are read when songs in scope came from a catalogue, and applied to those songs alone. They
    // come first, as the walk finds a parent's catalogue before its children's.
    let fromCatalogue =
      try matched.contains { $0.catalogueFingerprint != nil }
      || (!givenFiles.isEmpty && Self.loadRows(pool, folders: [], files: givenFiles).contains { $0.catalogueFingerprint != nil })
    let above = fromCatalogue ? cataloguesAbove(roots) : []
    // Every catalogue unchanged, and nothing under any of them to write: none is read.
    let leaveUnread =
      !catalogues.isEmpty && unread.count == catalogues.count && above.isEmpty
      && catalogues.allSatisfy { unchangedBelow($0, files: files, unmatched: unmatched) }
    if leaveUnread {
      let folders = catalogues.map(PathText.folder(of:))
      for index in files.indices where files.values[index].row != 0 {
        let path = files.keys[index].path
        if folders.contains(where: { PathText.isInside(path, folder: $0) }) {
          files.values[index].catalogueEntry = CatalogueEntries.unchanged
        }
      }
      catalogues = []
    }
    self.catalogues = catalogues
    if fromCatalogue {
      for path in above {
        do {
          apply(try Self.parseCatalogue(path, options.readingCatalogue), onlyInScope: true)
        } catch {
          // Not one the index asked for: a stray library.json above the music is reported, not fatal.
          report.errors.append(IndexProblem(path: path, reason: "not applied: \(error)"))
        }
      }
    }
    for path in catalogues {
      do {
        let parsed = try first?.path == path ? first!.parsing.value() : Self.parseCatalogue(path, options.readingCatalogue)
        if first?.path == path { first = nil }
        apply(parsed, onlyInScope: false)
      } catch LibraryError.malformedCatalogue(let path, let line, let column, let reason) {
        // One broken catalogue must not cost the rest of the run: nothing of it is applied, it is said
        // where it is broken, and the run ends as one with failed inputs.
        if first?.path == path { first = nil }
        report.errors.append(IndexProblem(path: path, reason: "malformed catalogue: \(reason)", line: line, column: column))
        brokenCatalogueFolders.append(PathText.folder(of: path))
      }
    }
    walk.files = files
    // Files outside the walked folders (given, or named by a catalogue) and their rows; then the rows
    // not matched before get a second look, as a catalogue may have added their files.
    let outside = explicitFiles.filter { !inScannedFolder($0) }
    if !outside.isEmpty { unmatched += try Self.loadRows(pool, folders: [], files: outside) }
    let unreadable = walk.unreadableFolders
    return match(unmatched).filter { row in !unreadable.contains { PathText.isInside(row.path, folder: $0) } }
  }

  /// Notes each row in the walk's table of its file; returns the rows with no file there.
  mutating func match(_ rows: [IndexedFile]) -> [IndexedFile] {
    var unmatched: [IndexedFile] = []
    matched.reserveCapacity(matched.count + rows.count)
    for row in rows {
      guard let index = walk.files.index(forKey: row.key) else {
        unmatched.append(row)
        continue
      }
      guard walk.files.values[index].row == 0 else { continue }  // a folder given twice loads its rows twice
      let stamp = walk.files.values[index].stamp
      matched.append(
        MatchedRow(
          id: row.id, catalogueFingerprint: row.catalogueFingerprint, stampUnchanged: row.stamp == stamp, missing: row.missing))
      walk.files.values[index].row = UInt32(matched.count)
    }
    return unmatched
  }

  /// Everything strictly under folder/: the range scan uses the unique index on path.
  static let underFolder = "path > ? AND path < ?"
  static func range(under folder: String) -> StatementArguments { [folder + "/", folder + "0"] }  // "0" follows "/"

  /// The number of rows under `folders` (counting reads only the index on path).
  static func countRows(_ pool: DatabasePool, folders: [String]) throws -> Int {
    try pool.read { db in
      try folders.reduce(0) { sum, folder in
        sum + (try Int.fetchOne(db, sql: "SELECT count(*) FROM song WHERE " + underFolder, arguments: range(under: folder)) ?? 0)
      }
    }
  }

  /// The rows under `folders` (about `expected` of them) and of `files`, in one query per folder.
  static func loadRows(_ pool: DatabasePool, folders: [String], files: Set<String>, expected: Int = 0) throws -> [IndexedFile] {
    try pool.read { db in
      var rows: [IndexedFile] = []
      func load(_ sql: String, _ arguments: StatementArguments) throws {
        let cursor = try Row.fetchCursor(
          db,
          sql:
            "SELECT id, path, fileSize, fileMtime, audioHash, catalogueFingerprint, missingSince IS NOT NULL, tagsStored FROM song "
            + "WHERE " + sql,
          arguments: arguments)
        while let row = try cursor.next() {
          let size: Int64? = row[2]
          // A row from before every tag was stored (TagSchema) counts as changed: its file's tags are read again.
          let tagsCurrent = (row[7] as Int) >= TagSchema.currentTags
          let mtime: Double? = tagsCurrent ? row[3] : nil
          rows.append(
            IndexedFile(
              id: row[0], key: PathKey(row[1]), stamp: size.flatMap { s in mtime.map { FileStamp(size: s, mtime: $0) } },
              audioHash: (row[4] as String?).map(HashText.init),
              catalogueFingerprint: (row[5] as String?).flatMap(Fingerprint.value), missing: row[6]))
        }
      }
      // A doubling list of 100k rows would briefly hold two.
      rows.reserveCapacity(expected + files.count)
      for folder in folders { try load(Self.underFolder, Self.range(under: folder)) }
      for path in files { try load("path = ?", [path]) }
      return rows
    }
  }

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
      var outcome = ReadOutcome.failed("")
      swap(&outcome, &outcomes[offset])
      let metadata: FileMetadata
      switch consume outcome {
      case .read(let read): metadata = read
      case .failed(let reason):
        report.errors.append(IndexProblem(path: item.path, reason: reason))
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
        if let hash = values.audioHash.map(HashText.init), var ids = vanishedByHash[hash], let id = ids.popLast() {
          vanishedByHash[hash] = ids.isEmpty ? nil : ids
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

  func commit(_ body: @escaping (Database) throws -> Void) throws {
    do {
      try library.pool.write { db in
        try body(db)
        try Library.raiseGeneration(db)
      }
      library.markGeneration()
    } catch let error as DatabaseError {
      throw LibraryError.interrupted(reason: "database: \(error.message ?? "\(error.resultCode)")")
    }
  }

  /// The library.json files in the folders above the given folders and in the folders of the given
  /// files, outermost first, leaving out those a walk finds or the command names.
  func cataloguesAbove(_ roots: [(String, Bool)]) -> [String] {
    var found: [String] = []
    for (root, isFolder) in roots {
      if isFolder && root == "/" { continue }
      // A folder's own catalogue is the walk's; a file's is the one beside it.
      var folders: [String] = []
      var folder = PathText.folder(of: root)
      while true {
        folders.append(folder)
        if folder.isEmpty { break }
        folder = PathText.folder(of: folder)
      }
      for folder in folders.reversed() {
        let path = folder + "/" + FileWalker.catalogueName
        guard !found.contains(path), !inScannedFolder(path), !roots.contains(where: { $0.0 == path }),
          FileWalker.stamp(path) != nil
        else { continue }
        found.append(path)
      }
    }
    return found
  }

  static func parseCatalogue(_ path: String, _ heard: (@Sendable (String) -> Void)?) throws -> ParsedCatalogue {
    heard?(path)
    return try Catalogue.parse(path: path)
  }

  /// Whether the catalogue at `path` can only say again what the rows under its folder hold: its folders
  /// are as the index noted them, and every file under it has its row, unchanged, and no row lost its file.
  func unchangedBelow(_ path: String, files: [PathKey: WalkedFile], unmatched: [IndexedFile]) -> Bool {
    let folder = PathText.folder(of: path)
    guard let state = catalogueStates[path],
      state.folders == CatalogueState.digest(of: walk.folderStamps, under: folder, settled: settled),
      !unmatched.contains(where: { PathText.isInside($0.path, folder: folder) })
    else { return false }
    return !files.contains { key, file in
      PathText.isInside(key.path, folder: folder)
        && (file.row == 0 || !matched[Int(file.row) - 1].stampUnchanged || matched[Int(file.row) - 1].missing)
    }
  }

  /// Whether `path` lies under the folder of a catalogue that could not be read (which could name it).
  func underBrokenCatalogue(_ path: String) -> Bool {
    brokenCatalogueFolders.contains { PathText.isInside(path, folder: $0) }
  }

  /// Whether `path` lies under one of the walked folders (whose covers the walk has already seen).
  func inScannedFolder(_ path: String) -> Bool {
    scopeFolders.contains { PathText.isInside(path, folder: $0) }
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

/// glibc's `malloc_trim`, looked up at run time: `<malloc.h>` is not part of the Glibc module.
private enum Memory {
  private typealias Trim = @convention(c) (Int) -> Int32
  private static let trimFunction: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    .map { unsafeBitCast($0, to: Trim.self) }

  /// Hands memory freed in every malloc arena back to the system.
  static func trim() { _ = trimFunction?(0) }
}
