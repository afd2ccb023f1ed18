// What the file a command names as its library holds, looked at before SQLite opens it: SQLite would
// take any file, and opening a library writes its tables, so a mistyped `--db notes.txt` would turn
// someone's file into a database. Only a missing or empty file may become one.
import Foundation

enum LibraryFile {
  enum Kind: Equatable {
    case missing
    /// Zero bytes: nothing to lose, and what SQLite itself makes a new database from.
    case empty
    /// Opens with SQLite's file header.
    case database
    /// Anything else, a folder included.
    case other
  }

  /// The first 16 bytes of every SQLite 3 database file.
  static let header = Data("SQLite format 3\0".utf8)

  static func kind(at path: String) -> Kind {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
    if isFolder.boolValue { return .other }
    // Unreadable: SQLite will say why when it opens it.
    guard let handle = FileHandle(forReadingAtPath: path) else { return .database }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: header.count)) ?? Data()
    if start.isEmpty { return .empty }
    return start == header ? .database : .other
  }
}
