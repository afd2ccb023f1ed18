// What the file system says about the library database: the modification time, size and inode of the
// database file and of its write-ahead log. Every commit, by this process or another, writes to one of
// them, so an unchanged stamp means nothing was committed: the backend's once-a-second look for other
// processes' index runs compares stamps (two `stat` calls) and reads the database only when they differ.
// Reading the library's generation each second cost a playing `tunes play` a fifth of its CPU.
import Foundation

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

  private var database: FileStamp?
  private var log: FileStamp?

  /// The stamp of the database at `path` now (a missing file stamps as nil).
  init(path: String) {
    database = Self.stamp(path)
    log = Self.stamp(path + "-wal")
  }

  /// True while either file was modified within `seconds` of `now` (seconds since 1970): a commit
  /// within the file system's timestamp granularity (a few milliseconds) may leave the same time and
  /// size, so a fresh stamp is not trusted to stand for everything committed until it has aged.
  func isFresh(now: Double = Date().timeIntervalSince1970, within seconds: Double = 0.1) -> Bool {
    [database, log].contains { file in
      guard let file else { return false }
      return now - (Double(file.seconds) + Double(file.nanoseconds) / 1e9) < seconds
    }
  }

  private static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStamp(
      inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(info.st_mtim.tv_sec),
      nanoseconds: Int(info.st_mtim.tv_nsec))
  }
}
