// ID3v1 and ID3v1.1: the fixed 128-byte "TAG" record at the very end of a file (Latin-1 fields, a genre
// number, and in v1.1 a track number in the last byte of the comment).

public enum ID3v1Parser {
  /// Size of the record.
  public static let size = 128

  /// Parses the ID3v1 record that ends `bytes` (a 128-byte record or a whole file); nil when the last 128
  /// bytes do not start with "TAG".
  public static func parse(_ bytes: [UInt8]) -> TagSet? {
    bytes.withUnsafeBytes { parse($0, at: $0.count - size) }
  }

  /// Parses the record at `offset` of `buffer`; nil when there is no "TAG" record there.
  static func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> TagSet? {
    guard buffer.has(offset, size), buffer.matches("TAG", at: offset) else { return nil }
    let record = buffer.sub(offset..<offset + size)
    var tags = TagSet()
    tags.title = field(record, 3, 30)
    tags.artist = field(record, 33, 30)
    tags.artists = tags.artist.map { [$0] } ?? []
    tags.album = field(record, 63, 30)
    tags.year = field(record, 93, 4).flatMap(TagValues.year)
    // v1.1: a zero byte before the last comment byte turns that byte into the track number.
    if record[125] == 0 && record[126] != 0 {
      tags.comment = field(record, 97, 28)
      tags.trackNumber = Int(record[126])
      tags.versions = ["ID3v1.1"]
    } else {
      tags.comment = field(record, 97, 30)
      tags.versions = ["ID3v1"]
    }
    if let genre = ID3Genres.name(Int(record[127])) { tags.genres = [genre] }
    return tags
  }

  /// A Latin-1 field cut at its first NUL, without surrounding spaces; nil when empty.
  private static func field(_ record: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> String? {
    var end = start
    while end < start + length && record[end] != 0 { end += 1 }
    let text = ID3Text.latin1(record.sub(start..<end)).trimmingSpaces()
    return text.isEmpty ? nil : text
  }
}
