// Stickers through the real backend: kept in the library database by song path (StickerStore), so a
// sticker survives rescans that keep the file, and shown by URI.
import TunesMPD
import TunesPlayer

extension PlayerBackend {
  var stickerStore: StickerStore { StickerStore(library: library) }

  public func stickers(uri: String) async throws -> [MPDSticker] {
    let path = try await songFile(uri: uri)
    return try stickerStore.all(path: path).map { MPDSticker(name: $0.name, value: $0.value) }
  }

  public func setSticker(uri: String, name: String, value: String) async throws {
    let path = try await songFile(uri: uri)
    try stickerStore.set(path: path, name: name, value: value)
    emit([.sticker])
  }

  public func deleteSticker(uri: String, name: String?) async throws {
    let path = try await songFile(uri: uri)
    guard try stickerStore.delete(path: path, name: name) else { throw MPDError.noExist("no such sticker") }
    emit([.sticker])
  }

  /// The prefix is of the URI as MPD matches it: "Ansel Grey" also finds "Ansel Greyhound/…".
  public func findStickers(under uri: String, name: String) async throws -> [(file: String, value: String)] {
    let folder = try folder()
    guard let root = folder.root else { return [] }
    let prefix = uri.hasPrefix("/") ? uri : (root == "/" ? "/" : root + "/") + uri
    return try stickerStore.find(pathPrefix: prefix, name: name).map { (folder.uri(forPath: $0.path), $0.value) }
  }
}
