// A row of `Song.selectedColumns` read in place, before it is decoded: what a scan over every song
// looks at to decide which songs to decode.
public struct SongRowView {
  /// The text columns a scan can read, by their position in `Song.selectedColumns`.
  public enum TextColumn: Int32 {
    case path = 1, title, artist, album, albumArtist
    case genre = 11
  }

  /// The number columns a scan can read, by their position in `Song.selectedColumns`.
  public enum NumberColumn: Int32 {
    case trackNumber = 6, discNumber = 8, year = 10, durationMs = 12
  }

  let columns: SelectedColumns

  /// The column's UTF-8 bytes, valid until the scan moves on; nil for NULL.
  public func bytes(_ column: TextColumn) -> UnsafeBufferPointer<UInt8>? { columns.bytes(column.rawValue) }

  public func number(_ column: NumberColumn) -> Int? { columns.int(column.rawValue) }
}
