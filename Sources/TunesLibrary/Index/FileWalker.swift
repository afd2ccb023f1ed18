// Finds what a folder holds for the index: MP3 files with size and mtime (from one stat each, no
// open), library.json catalogues, and album cover images. readdir/stat directly: FileManager's
// enumerator costs several times more per file, and a no-change rescan is mostly this walk.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file on disk as the scanner compares it with the index.
struct FileStamp: Sendable, Equatable {
  var size: Int64
  /// Modification time in seconds since 1970, with the nanoseconds the filesystem keeps.
  var mtime: Double
}

struct WalkResult: Sendable {
  var files: [String: FileStamp] = [:]
  var catalogues: [String] = []
  /// Folder → cover image found in it (cover.jpg, folder.jpg, cover.png, in that order of preference).
  var covers: [String: String] = [:]
  var problems: [IndexProblem] = []
}

enum FileWalker {
  static let coverNames = ["cover.jpg", "folder.jpg", "cover.png", "folder.png", "cover.jpeg"]
  static let catalogueName = "library.json"

  static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return FileStamp(size: Int64(info.st_size), mtime: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func isMP3(_ name: String) -> Bool {
    guard name.utf8.count > 4 else { return false }
    return name.lowercased().hasSuffix(".mp3")
  }

  /// Walks `folder` recursively (hidden entries and symlinked folders are skipped: no loops).
  static func walk(_ folder: String, into result: inout WalkResult) {
    guard let dir = opendir(folder) else {
      result.problems.append(IndexProblem(path: folder, reason: "cannot read folder: \(String(cString: strerror(errno)))"))
      return
    }
    defer { closedir(dir) }
    var subfolders: [String] = []
    var coverRank = Int.max
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name.hasPrefix(".") { continue }
      let path = folder + "/" + name
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
        var info = stat()
        let isLink = type == Int32(DT_LNK)
        guard stat(path, &info) == 0 else { continue }
        let mode = info.st_mode & S_IFMT
        if mode == S_IFDIR { if isLink { continue } else { type = Int32(DT_DIR) } }
        else if mode == S_IFREG { type = Int32(DT_REG) } else { continue }
      }
      if type == Int32(DT_DIR) {
        subfolders.append(path)
      } else if type == Int32(DT_REG) {
        if isMP3(name) {
          if let stamp = stamp(path) { result.files[path] = stamp }
        } else if name == catalogueName {
          result.catalogues.append(path)
        } else if let rank = coverNames.firstIndex(of: name.lowercased()), rank < coverRank {
          coverRank = rank
          result.covers[folder] = path
        }
      }
    }
    for subfolder in subfolders.sorted() { walk(subfolder, into: &result) }
  }
}
