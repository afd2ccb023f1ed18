// Folder facts the library does not keep, read from the music folder on disk: what a folder holds
// (`listfiles`, indexed or not), and a folder's modification time (MPD's `Last-Modified` on `directory:`
// lines). The index stores songs only, so each folder is looked up when it is listed, one stat per folder.
import Foundation
import TunesMPD

extension PlayerBackend {
  public func folderModified(_ uri: String) async throws -> Date? {
    try folder().path(forURI: uri).flatMap(Self.modificationTime)
  }

  /// The entries with each folder's time filled in.
  func withFolderTimes(_ entries: [MPDEntry]) -> [MPDEntry] {
    guard let folder = try? folder() else { return entries }
    return entries.map { entry in
      guard case .directory(let uri, nil) = entry, let path = folder.path(forURI: uri) else { return entry }
      return .directory(path: uri, lastModified: Self.modificationTime(path))
    }
  }

  static func modificationTime(_ path: String) -> Date? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
  }
}

extension PlayerBackend {
  /// The folder on disk, entry by entry in the order `readdir` gives them (MPD's order); `.` and `..` are
  /// left out, and so is anything that is neither a file nor a folder.
  public func listFiles(_ uri: String) async throws -> [MPDFileEntry] {
    guard let path = try folder().path(forURI: uri) else { throw MPDError.noExist("No such directory") }
    guard let stream = opendir(path) else {
      throw MPDError.system("Failed to open \(path): \(String(cString: strerror(errno)))")
    }
    defer { closedir(stream) }
    var entries: [MPDFileEntry] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var info = stat()
      guard stat(path + "/" + name, &info) == 0 else { continue }
      let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
      switch info.st_mode & S_IFMT {
      case S_IFDIR: entries.append(MPDFileEntry(name: name, isDirectory: true, lastModified: modified))
      case S_IFREG: entries.append(MPDFileEntry(name: name, isDirectory: false, size: Int(info.st_size), lastModified: modified))
      default: continue
      }
    }
    return entries
  }
}
