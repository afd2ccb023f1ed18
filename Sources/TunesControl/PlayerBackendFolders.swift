// Folder facts the library does not keep, read from the music folder on disk: a folder's modification
// time (MPD's `Last-Modified` on `directory:` lines). The index stores songs only, so each folder is
// looked up when it is listed, one stat per folder.
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
