// The in-memory backend's stickers: values by song URI and name, for songs of its library only.
import Foundation
import TunesMPD

extension InMemoryMPDBackend {
  func checkSong(_ uri: String) throws {
    guard library.contains(where: { $0.file == uri }) else { throw MPDError.noExist("No such song") }
  }

  public func stickers(uri: String) throws -> [MPDSticker] {
    try checkSong(uri)
    return (stickersByFile[uri] ?? [:]).map { MPDSticker(name: $0.key, value: $0.value) }.sorted {
      $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
    }
  }

  public func setSticker(uri: String, name: String, value: String) throws {
    try checkSong(uri)
    stickersByFile[uri, default: [:]][name] = value
    emit([.sticker])
  }

  public func deleteSticker(uri: String, name: String?) throws {
    try checkSong(uri)
    guard let names = stickersByFile[uri], name.map({ names[$0] != nil }) ?? !names.isEmpty else {
      throw MPDError.noExist("no such sticker")
    }
    if let name { stickersByFile[uri]?[name] = nil } else { stickersByFile[uri] = nil }
    emit([.sticker])
  }

  public func findStickers(under uri: String, name: String) -> [(file: String, value: String)] {
    stickersByFile.compactMap { file, names in file.hasPrefix(uri) ? names[name].map { (file, $0) } : nil }
      .sorted { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }
  }
}
