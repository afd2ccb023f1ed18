// Why the library database could not be opened, in words a person can act on: SQLite's and the file
// system's codes turned into the cause (permission, a file that is not a database, corruption, a full
// disk, another process holding a lock) and what to do about it. The raw text of the underlying error
// never reaches the user on its own. Also what tunes itself refuses to open as a library, and why.
import Foundation
import GRDB
import TunesCore

public enum LibraryOpenError: TunesError, Equatable {
  /// The database's folder cannot be made or written, or the file cannot be read or written.
  case permissionDenied(path: String)
  /// The file exists but is not an SQLite database, or its pages are damaged.
  case corrupt(path: String)
  case diskFull(path: String)
  case other(path: String, reason: String)
  /// The file is not a tunes library; it is left exactly as it was.
  case notALibrary(path: String, what: Foreign)
  /// A command that writes was given a library whose file or folder this user cannot write.
  case readOnly(path: String)
  /// An older tunes made the library and it cannot be written, so its schema cannot be brought up to date.
  case needsUpgrade(path: String)
  /// The library was opened in WAL mode and left a -wal file of changes, which a folder that cannot be
  /// written keeps SQLite from reading.
  case unreadableWAL(path: String)
  /// Another process kept the library's open lock (creating or upgrading it) past the wait.
  case lockTimedOut(path: String, holder: String?, seconds: Int)
  /// A write (or the opening's check of the schema) waited out SQLite's busy timeout: another process
  /// holds a write transaction on the library. The processes that have it open are named when seen.
  case writeLocked(path: String, holders: [String])

  /// What a file that is not a tunes library is.
  public enum Foreign: Equatable, Sendable {
    case folder
    case notSQLite
    /// An SQLite database with tables of its own (their names, sorted).
    case otherDatabase(tables: [String])
  }

  public var exitStatus: ExitStatus {
    switch self {
    case .notALibrary: return .dataError
    case .readOnly, .needsUpgrade, .unreadableWAL: return .noPermission
    case .lockTimedOut, .writeLocked: return .tempFailure
    case .permissionDenied: return .noPermission
    case .corrupt: return .dataError
    case .diskFull: return .ioError
    case .other: return .ioError
    }
  }

  public var description: String {
    switch self {
    case .permissionDenied(let path):
      return "cannot open the library database \(path): permission denied; check the owner and mode of the file and "
        + "its folder, or name another with --db"
    case .corrupt(let path):
      return "the library database \(path) is damaged or not a database; move it away and run `tunes index` "
        + "to build a new one"
    case .diskFull(let path): return "cannot write the library database \(path): the disk is full"
    case .other(let path, let reason): return "cannot open the library database \(path): \(reason)"
    case .notALibrary(let path, .folder):
      return "\(path) is not a tunes library (a folder); name the database file with --db"
    case .notALibrary(let path, .notSQLite):
      return "\(path) is not a tunes library (not an SQLite database); move it away, or name another with --db"
    case .notALibrary(let path, .otherDatabase(let tables)):
      let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
      return "\(path) is an SQLite database of another program (tables: \(shown)), not a tunes library; it was left "
        + "as it is: name another with --db"
    case .readOnly(let path):
      return "cannot write the library database \(path): it or its folder is read-only for this user; commands that "
        + "only read it (ls, search, info, stats) still work"
    case .needsUpgrade(let path):
      return "the library database \(path) was made by an older tunes and must be upgraded, which needs write access "
        + "to it and its folder; run `tunes stats` once as a user who can write it"
    case .unreadableWAL(let path):
      return "cannot read the library database \(path): its folder is read-only and \(path)-wal holds changes not yet "
        + "in the database; open it once where it can be written"
    case .lockTimedOut(let path, let holder, let seconds):
      return "the library database \(path) is being created or upgraded by another process"
        + (holder.map { " (\($0))" } ?? "") + ", still after \(seconds) s; try again when it has finished"
    case .writeLocked(let path, let holders):
      let named = holders.isEmpty ? "" : " (open in " + holders.joined(separator: ", ") + ")"
      return "the library database \(path) is being written by another process\(named); try again when it has "
        + "finished, or stop it"
    }
  }

  /// `error` as `writeLocked` when it is SQLite's busy or locked error of a write to the library at `path`.
  public static func writeLocked(_ error: any Error, path: String) -> LibraryOpenError? {
    guard let sqlite = error as? DatabaseError,
      [.SQLITE_BUSY, .SQLITE_LOCKED].contains(sqlite.resultCode.primaryResultCode)
    else { return nil }
    return .writeLocked(path: path, holders: LibraryHolders.of(database: path))
  }

  /// The cause of `error`, raised while opening or migrating the database at `path`.
  static func explaining(_ error: any Error, path: String) -> LibraryOpenError {
    if let sqlite = error as? DatabaseError {
      switch sqlite.resultCode.primaryResultCode {
      case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path)
      case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH: return .permissionDenied(path: path)
      case .SQLITE_CANTOPEN:
        return isDenied(path) ? .permissionDenied(path: path) : .other(path: path, reason: "the file cannot be opened")
      case .SQLITE_FULL: return .diskFull(path: path)
      case .SQLITE_BUSY, .SQLITE_LOCKED: return .writeLocked(path: path, holders: LibraryHolders.of(database: path))
      default: return .other(path: path, reason: sqlite.message ?? "SQLite error \(sqlite.resultCode.rawValue)")
      }
    }
    let cocoa = error as NSError
    if cocoa.domain == NSCocoaErrorDomain
      && [CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileReadNoPermission.rawValue].contains(cocoa.code)
    {
      return .permissionDenied(path: path)
    }
    if let posix = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain,
      posix.code == Int(EACCES) || posix.code == Int(EPERM)
    {
      return .permissionDenied(path: path)
    }
    if let posix = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
      return .other(path: path, reason: String(cString: strerror(Int32(posix.code))))
    }
    if let blocker = fileInPlaceOfFolder(path) {
      return .other(path: path, reason: "\(blocker) is a file, where its folder should be")
    }
    return .other(path: path, reason: "its folder cannot be created")
  }

  /// The first leading part of `path` that exists and is not a folder, if any.
  private static func fileInPlaceOfFolder(_ path: String) -> String? {
    var prefix = ""
    for part in (path as NSString).deletingLastPathComponent.split(separator: "/") {
      prefix += "/" + part
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) else { return nil }
      if !isFolder.boolValue { return prefix }
    }
    return nil
  }

  /// SQLite says only "unable to open": the file or its folder refusing this user is the usual cause.
  private static func isDenied(_ path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    if FileManager.default.fileExists(atPath: path) { return access(path, R_OK | W_OK) != 0 }
    return access(folder.isEmpty ? "." : folder, W_OK | X_OK) != 0
  }
}
