// Why the library database could not be opened, in words a person can act on: SQLite's and the file
// system's codes turned into the cause (permission, a file that is not a database, corruption, a full
// disk, another process holding a lock) and what to do about it. The raw text of the underlying error
// never reaches the user on its own.
import Foundation
import GRDB
import TunesCore

public enum LibraryOpenError: TunesError, Equatable {
  /// The database's folder cannot be made or written, or the file cannot be read or written.
  case permissionDenied(path: String)
  /// The file exists but is not an SQLite database, or its pages are damaged.
  case corrupt(path: String)
  case diskFull(path: String)
  /// Another process holds a lock longer than the busy timeout.
  case busy(path: String)
  case other(path: String, reason: String)

  public var exitStatus: ExitStatus {
    switch self {
    case .permissionDenied: return .noPermission
    case .corrupt: return .dataError
    case .diskFull: return .ioError
    case .busy: return .tempFailure
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
    case .busy(let path):
      return "the library database \(path) is locked by another process; try again when it has finished"
    case .other(let path, let reason): return "cannot open the library database \(path): \(reason)"
    }
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
      case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
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
