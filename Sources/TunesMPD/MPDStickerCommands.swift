// `sticker get|set|delete|list|find song …` (MPD's StickerCommands.cxx): name=value pairs clients keep on
// songs (ratings above all). tunes keeps stickers on songs only, MPD's one domain besides playlists in
// 0.23; the answers and errors are the ones mpd 0.23 gives with a sticker database.

/// One sticker of a song.
public struct MPDSticker: Sendable, Hashable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

extension MPDDispatcher {
  static func sticker(_ c: MPDCall, _ out: inout MPDReply) async throws {
    guard c.args[1] == "song" else { throw MPDError.argument("unknown sticker domain") }
    // A trailing "/" stays: `find` matches URIs that start with the text, and "a/" leaves out "ab/…".
    let resolved = try c.uri(2)
    let uri = c.args[2].hasSuffix("/") && !resolved.isEmpty && resolved != "/" ? resolved + "/" : resolved
    switch (c.args[0], c.args.count) {
    case ("get", 4):
      guard let sticker = try await c.backend.stickers(uri: uri).first(where: { $0.name == c.args[3] }) else {
        throw MPDError.noExist("no such sticker")
      }
      out += "sticker: \(MPDFormat.line(sticker.name))=\(MPDFormat.line(sticker.value))\n"
    case ("set", 5):
      try await c.backend.setSticker(uri: uri, name: c.args[3], value: c.args[4])
    case ("delete", 3), ("delete", 4):
      try await c.backend.deleteSticker(uri: uri, name: c.args.count == 4 ? c.args[3] : nil)
    case ("list", 3):
      for sticker in try await c.backend.stickers(uri: uri) {
        out += "sticker: \(MPDFormat.line(sticker.name))=\(MPDFormat.line(sticker.value))\n"
      }
    case ("find", 4), ("find", 6):
      let name = c.args[3]
      let test = c.args.count == 6 ? try comparison(c.args[4], c.args[5]) : { _ in true }
      for found in try await c.backend.findStickers(under: uri, name: name) where test(found.value) {
        out += "file: \(MPDFormat.line(found.file))\nsticker: \(MPDFormat.line(name))=\(MPDFormat.line(found.value))\n"
      }
    default:
      throw MPDError.argument("bad request")
    }
  }

  /// `= VALUE`, `< VALUE`, `> VALUE`: compared as SQLite compares text, byte by byte.
  private static func comparison(_ op: String, _ value: String) throws(MPDError) -> @Sendable (String) -> Bool {
    switch op {
    case "=": return { $0 == value }
    case "<": return { $0.utf8.lexicographicallyPrecedes(value.utf8) }
    case ">": return { value.utf8.lexicographicallyPrecedes($0.utf8) }
    default: throw MPDError.argument("bad operator")
    }
  }
}
