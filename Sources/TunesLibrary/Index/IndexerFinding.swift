// Finding the files of an index run: the walk of the given folders, the catalogues found on the way
// (read beside the walk, or left unread when nothing under them changed), and the index's rows matched
// with the files the walk found, so that only new and changed files are read and written.
import Foundation
import GRDB
import GRDBSQLite
import TunesTags

#if canImport(Glibc)
  import Glibc
#endif

extension Indexer {
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
    // While the folders are walked, another thread parses the catalogues as the walk finds them (they are
    // matched against the files it found afterwards); the index's rows are matched once the walk is done.
    scopeFolders = roots.filter(\.1).map { $0.0 == "/" ? "" : $0.0 }
    let pool = library.pool
    let folders = scopeFolders
    // How many rows the index has under the folders sizes the walk's table and the list of matched rows
    // once, instead of doubling them as they fill: a rescan finds about as many files as there are rows.
    let indexed = try Self.countRows(pool, folders: folders)
    catalogueStates = try pool.read(CatalogueState.loadAll)
    settled = CatalogueState.settled(before: options.settleSeconds)
    walk.files.reserveCapacity(indexed)
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
        if !walkedAlready {
          FileWalker.walk(path, limits: options.walkLimits ?? .current(), into: &walk, foundCatalogue: parse)
        }
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
    // The rows are matched with the files now, before the catalogues are read.
    matched.reserveCapacity(indexed)
    var unmatched = try matchRows(folders: folders)
    // All catalogues are read before anything is written: one malformed catalogue stops the run.
    // A name the walk found is known to exist: only names outside the walked folders cost a stat.
    // The table is taken out of `walk` while entries are noted in it, so that it is never copied.
    var files = walk.files
    walk.files = WalkedFiles()
    let rescan = !matched.isEmpty
    let givenFiles = explicitFiles
    // Only a catalogue that is read needs them: a rescan that leaves every catalogue unread hashes none.
    let stamps = walk.folderStamps
    lazy var walkedFolders = Set(stamps.map(\.path))
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
      || (!givenFiles.isEmpty && Self.loadRows(pool, files: givenFiles).contains { $0.catalogueFingerprint != nil })
    let above = fromCatalogue ? cataloguesAbove(roots) : []
    // Every catalogue unchanged, and nothing under any of them to write: none is read.
    var leaveUnread = !catalogues.isEmpty && unread.count == catalogues.count && above.isEmpty
    if leaveUnread {
      let changed = changedFiles(files)
      leaveUnread = catalogues.allSatisfy { unchangedBelow($0, changed: changed, unmatched: unmatched) }
    }
    if leaveUnread {
      let folders = catalogues.map(PathText.folder(of:))
      // The table is in the walk's order, a folder's files together: the folder the last file was in is
      // asked first, which spares asking each file of a library with many catalogues about every one.
      var last = 0
      for index in files.indices where files.values[index].row != 0 {
        let path = files.keys[index].path
        if !PathText.isInside(path, folder: folders[last]) {
          guard let other = folders.indices.first(where: { PathText.isInside(path, folder: folders[$0]) }) else { continue }
          last = other
        }
        files.values[index].catalogueEntry = CatalogueEntries.unchanged
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
    if !outside.isEmpty { unmatched += try Self.loadRows(pool, files: outside) }
    let unreadable = walk.unreadableFolders
    return match(unmatched).filter { row in !unreadable.contains { PathText.isInside(row.path, folder: $0) } }
  }

  /// Notes each row under `folders` in the walk's table of its file, read as SQLite steps through them:
  /// the path is looked up by the bytes in SQLite's buffer, so a row whose file is there (nearly all, on a
  /// rescan) costs no String and no copy. Returns the rows with no file there.
  mutating func matchRows(folders: [String]) throws -> [IndexedFile] {
    try library.pool.read { db in
      var unmatched: [IndexedFile] = []
      let statement = try db.makeStatement(sql: StoredRow.select + Self.underFolder)
      defer { sqlite3_reset(statement.sqliteStatement) }
      let row = StoredRow(columns: SelectedColumns(statement: statement.sqliteStatement))
      for folder in folders {
        try statement.setArguments(Self.range(under: folder))
        try Song.forEachRow(of: statement, db) {
          let path = row.path
          guard let index = walk.files.index(forBytes: path, hash: PathKey.hash(of: path)) else {
            unmatched.append(row.indexedFile())
            return
          }
          note(
            MatchedRow(
              id: row.id, catalogueFingerprint: row.catalogueFingerprint,
              stampUnchanged: row.stamp == walk.files.values[index].stamp, missing: row.missing), of: index)
        }
      }
      return unmatched
    }
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
      note(
        MatchedRow(
          id: row.id, catalogueFingerprint: row.catalogueFingerprint,
          stampUnchanged: row.stamp == walk.files.values[index].stamp, missing: row.missing), of: index)
    }
    return unmatched
  }

  /// Notes `row` as the row of the walked file at `index`, unless the file has its row already: a folder
  /// given twice has its rows loaded twice.
  private mutating func note(_ row: MatchedRow, of index: Int) {
    guard walk.files.values[index].row == 0 else { return }
    matched.append(row)
    walk.files.values[index].row = UInt32(matched.count)
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

  /// The rows of `files`, one query each. Their audio hashes are not read here: only the rows whose
  /// files vanished need them (`audioHashes`).
  static func loadRows(_ pool: DatabasePool, files: Set<String>) throws -> [IndexedFile] {
    try pool.read { db in
      var rows: [IndexedFile] = []
      let statement = try db.makeStatement(sql: StoredRow.select + "path = ?")
      defer { sqlite3_reset(statement.sqliteStatement) }
      let row = StoredRow(columns: SelectedColumns(statement: statement.sqliteStatement))
      for path in files {
        try statement.setArguments([path])
        try Song.forEachRow(of: statement, db) { rows.append(row.indexedFile()) }
      }
      return rows
    }
  }

  /// The audio hashes of the rows `ids`, by row: one lookup each for a few, one pass over the table for many.
  static func audioHashes(_ pool: DatabasePool, ids: some Collection<Int64>) throws -> [Int64: HashText] {
    guard !ids.isEmpty else { return [:] }
    return try pool.read { db in
      var hashes: [Int64: HashText] = [:]
      if ids.count > 1000 {
        let wanted = Set(ids)
        let cursor = try Row.fetchCursor(db, sql: "SELECT id, audioHash FROM song WHERE audioHash IS NOT NULL")
        while let row = try cursor.next() {
          let id: Int64 = row[0]
          if wanted.contains(id) { hashes[id] = HashText(row[1]) }
        }
      } else {
        let statement = try db.makeStatement(sql: "SELECT audioHash FROM song WHERE id = ?")
        for id in ids {
          if let hash = try String.fetchOne(statement, arguments: [id]) { hashes[id] = HashText(hash) }
        }
      }
      return hashes
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

  /// The paths of the walked files that are new or changed, or whose rows were marked missing: what an
  /// unchanged catalogue (`unchangedBelow`) must have none of. Found once for all the catalogues.
  func changedFiles(_ files: WalkedFiles) -> [String] {
    files.indices.compactMap { index in
      let row = files.values[index].row
      return row == 0 || !matched[Int(row) - 1].stampUnchanged || matched[Int(row) - 1].missing ? files.keys[index].path : nil
    }
  }

  /// Whether the catalogue at `path` can only say again what the rows under its folder hold: its folders
  /// are as the index noted them, and every file under it has its row, unchanged, and no row lost its file.
  func unchangedBelow(_ path: String, changed: [String], unmatched: [IndexedFile]) -> Bool {
    let folder = PathText.folder(of: path)
    guard let state = catalogueStates[path],
      state.folders == CatalogueState.digest(of: walk.folderStamps, under: folder, settled: settled),
      !unmatched.contains(where: { PathText.isInside($0.path, folder: folder) })
    else { return false }
    return !changed.contains { PathText.isInside($0, folder: folder) }
  }

  /// Whether `path` lies under the folder of a catalogue that could not be read (which could name it).
  func underBrokenCatalogue(_ path: String) -> Bool {
    brokenCatalogueFolders.contains { PathText.isInside(path, folder: $0) }
  }

  /// Whether `path` lies under one of the walked folders (whose covers the walk has already seen).
  func inScannedFolder(_ path: String) -> Bool {
    scopeFolders.contains { PathText.isInside(path, folder: $0) }
  }
}
