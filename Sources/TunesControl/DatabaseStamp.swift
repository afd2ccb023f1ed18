// What the file system says about the library's generation mark (`Library.generationMarkPath`), the
// file every index run that changes songs replaces after each commit: its inode, modification time and
// size. An unchanged stamp means no index run committed, so the backend's once-a-second look for other
// processes' index runs compares stamps (one `stat`) and reads the generation only when they differ.
// The database's own files are not looked at: the player's own saves change them every two seconds.
import Foundation
import TunesLibrary

#if canImport(Glibc)
  import Glibc
#endif

struct DatabaseStamp: Equatable {
  private struct FileStamp: Equatable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
  }

  private var mark: FileStamp?

  /// The stamp of the generation mark of the database at `path` now (no mark yet stamps as nil).
  init(path: String) {
    mark = Self.stamp(Library.generationMarkPath(database: path))
  }

  /// True while the mark was modified within `seconds` of `now` (seconds since 1970): a change within
  /// the file system's timestamp granularity (a few milliseconds) may leave the same time and size, so
  /// a fresh stamp is not trusted to stand for everything committed until it has aged.
  func isFresh(now: Double = Date().timeIntervalSince1970, within seconds: Double = 0.1) -> Bool {
    guard let mark else { return false }
    return now - (Double(mark.seconds) + Double(mark.nanoseconds) / 1e9) < seconds
  }

  private static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStamp(
      inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(info.st_mtim.tv_sec),
      nanoseconds: Int(info.st_mtim.tv_nsec))
  }
}
