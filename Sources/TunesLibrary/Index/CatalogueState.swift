// What the index knows of a catalogue it applied cleanly: the catalogue file's identity and change times,
// and a digest of the change times of every folder under it. Parsing an unchanged 1.9 MB library.json was
// a quarter of a no-change rescan; when the file and its folders are as they were and no song under it
// needs writing, its entries can only say again what the rows already hold, so the rescan need not read it.
//
// Why folders: an entry's file is the name with or without ".mp3" (whichever exists) and its album image
// is the name with one of several extensions, so the entries depend on which names the folders hold; a
// name that comes or goes changes its folder's times. A catalogue is noted only when nothing of it went
// outside what the walk sees (every entry's file a walked file, every image in a walked folder, no
// problem to report) and when its times lie far enough in the past that a change in the same clock tick
// cannot go unseen (the "racy clean" problem of any stamp-based cache).
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

struct CatalogueState: Equatable, Sendable {
  /// Device, inode, size, modification and status-change times (nanoseconds) of the catalogue file.
  var file: String
  /// `CatalogueState.digest` of the folders under the catalogue's folder.
  var folders: String

  /// The catalogue file's stamp as stored; nil when it cannot be read.
  static func fileStamp(_ path: String) -> (text: String, changed: Int64)? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let modified = FileWalker.nanoseconds(info.st_mtim)
    let changed = FileWalker.nanoseconds(info.st_ctim)
    return ("\(info.st_dev) \(info.st_ino) \(info.st_size) \(modified) \(changed)", changed)
  }

  /// The folders at or under `folder` among `stamps`, summed in any order (walks of a part of the library
  /// meet them in another order than a whole walk): nil when one changed at or after `settled`.
  static func digest(of stamps: [FolderStamp], under folder: String, settled: Int64) -> String? {
    var sum: UInt64 = 0
    // Byte for byte, as paths on disk are told apart (String's == normalises every name outside ASCII).
    for stamp in stamps where PathText.isInside(stamp.path, folder: folder) || PathText.same(stamp.path, folder) {
      if stamp.modified >= settled || stamp.changed >= settled { return nil }
      var hash = Fingerprint()
      hash.add(stamp.path)
      hash.add(String(stamp.modified))
      hash.add(String(stamp.changed))
      sum &+= hash.value
    }
    return Fingerprint.text(sum)
  }

  /// Now, less `seconds`, in nanoseconds: stamps after it are too fresh to be trusted.
  static func settled(before seconds: Double) -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return FileWalker.nanoseconds(now) - Int64(seconds * 1e9)
  }

  static func loadAll(_ db: Database) throws -> [String: CatalogueState] {
    var states: [String: CatalogueState] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT path, file, folders FROM catalogueState") {
      states[row[0]] = CatalogueState(file: row[1], folders: row[2])
    }
    return states
  }
}
