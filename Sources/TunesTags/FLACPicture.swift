// FLAC's PICTURE block (RFC 9639 section 8.8), which Ogg Vorbis and Opus also carry, base64-encoded, in
// a METADATA_BLOCK_PICTURE comment: the picture type, MIME type, description, dimensions and image bytes.

enum FLACPicture {
  /// The picture in a PICTURE block body; nil when a length runs past the end.
  static func parse(_ b: UnsafeRawBufferPointer) -> EmbeddedPicture? {
    guard b.has(0, 8) else { return nil }
    let type = b.be32(0)
    let mimeLength = Int(b.be32(4))
    guard b.has(8, mimeLength), b.has(8 + mimeLength, 4) else { return nil }
    let mime = String(decoding: b.sub(8..<8 + mimeLength), as: UTF8.self)
    var p = 8 + mimeLength
    let descriptionLength = Int(b.be32(p))
    p += 4
    // Description, then width, height, depth and colour count (4 bytes each), then the data's length.
    guard b.has(p, descriptionLength), b.has(p + descriptionLength, 20) else { return nil }
    p += descriptionLength + 16
    let dataLength = Int(b.be32(p))
    p += 4
    guard b.has(p, dataLength) else { return nil }
    return EmbeddedPicture(
      mimeType: mime.isEmpty ? nil : mime, pictureType: UInt8(truncatingIfNeeded: min(type, 255)),
      data: Array(b.sub(p..<p + dataLength)))
  }

  /// The picture in a METADATA_BLOCK_PICTURE comment value.
  static func parse(base64 text: String) -> EmbeddedPicture? {
    guard let bytes = Base64.decode(text) else { return nil }
    return bytes.withUnsafeBytes { parse($0) }
  }
}
