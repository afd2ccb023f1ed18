// mpris:artUrl: desktop widgets show a cover only from a URL they can open, so the song's cover must be
// a file. A cover file in the song's folder is named as it is; otherwise the picture embedded in the
// song (what MPD's `readpicture` sends) is written once to the cache folder and that file is named.
import Foundation
import TunesTags

final class CoverArt: @unchecked Sendable {
  // @unchecked: `last` is only touched under `lock`.
  private let lock = NSLock()
  /// The last song asked about and its answer: the state is pictured at every change, the song rarely changes.
  private var last: (path: String, url: String?)?
  private let cacheFolder: String

  /// The names players and taggers give a folder's cover, in the order they are preferred.
  static let folderNames = ["cover", "folder", "front", "album", "albumart"]
  static let folderExtensions = ["jpg", "jpeg", "png", "webp"]

  /// `cacheFolder`: where embedded pictures are written (`$XDG_CACHE_HOME/tunes/covers`).
  init(cacheFolder: String) {
    self.cacheFolder = cacheFolder
  }

  /// The song's cover as a file:// URL, nil when it has none.
  func url(for songPath: String) -> String? {
    if let known = lock.withLock({ last }), known.path == songPath { return known.url }
    let found = (Self.folderCover(of: songPath) ?? embedded(in: songPath)).map { URL(fileURLWithPath: $0).absoluteString }
    lock.withLock { last = (songPath, found) }
    return found
  }

  /// A cover file beside the song (any case of the usual names).
  static func folderCover(of songPath: String) -> String? {
    let folder = (songPath as NSString).deletingLastPathComponent
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
    let byLowercase = Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    for base in folderNames {
      for ext in folderExtensions {
        if let name = byLowercase[base + "." + ext] { return folder + "/" + name }
      }
    }
    return nil
  }

  /// The embedded picture written to the cache, named by the song's path, size and modification time,
  /// so that a retagged file gets a new file and an unchanged one is written once.
  private func embedded(in songPath: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: songPath) else { return nil }
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    let key = Self.fnv1a("\(songPath)\u{0}\(size)\u{0}\(modified)")
    let base = cacheFolder + "/" + String(format: "%016llx", key) + "."
    // Written before: the picture is not read again.
    for ext in Self.cacheExtensions where FileManager.default.fileExists(atPath: base + ext) { return base + ext }
    guard let picture = try? PictureReader.picture(path: songPath), !picture.data.isEmpty else { return nil }
    let file = base + Self.fileExtension(picture.mimeType)
    do {
      try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
      // Written whole under another name first: a reader never sees half a picture.
      let partial = file + ".part"
      try Data(picture.data).write(to: URL(fileURLWithPath: partial))
      try FileManager.default.moveItem(atPath: partial, toPath: file)
      return file
    } catch {
      return nil
    }
  }

  static let cacheExtensions = ["jpg", "png", "webp", "gif"]

  static func fileExtension(_ mimeType: String?) -> String {
    switch mimeType?.lowercased() {
    case "image/png": return "png"
    case "image/webp": return "webp"
    case "image/gif": return "gif"
    default: return "jpg"
    }
  }

  /// FNV-1a, 64 bits: a stable file name for a key (not a security measure).
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
