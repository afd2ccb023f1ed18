// One index row as a rescan compares it with a file, read in place from SQLite's current row: through
// GRDB's Row each of its seven values was decoded and converted, and each path made a String, for every
// one of the (100k) rows a rescan reads; most of them are only compared and let go.
import GRDB
import GRDBSQLite

extension Indexer {
  struct StoredRow {
    /// The columns read, in the order the accessors below expect; a WHERE clause follows.
    static let select =
      "SELECT id, path, fileSize, fileMtime, catalogueFingerprint, missingSince IS NOT NULL, tagsStored FROM song WHERE "

    let columns: SelectedColumns

    var id: Int64 { sqlite3_column_int64(columns.statement, 0) }

    /// The path's bytes in SQLite's buffer, valid until the statement moves on.
    var path: UnsafeBufferPointer<UInt8> { columns.bytes(1) ?? UnsafeBufferPointer(start: nil, count: 0) }

    /// The file as the row last saw it; nil for a row from before every tag was stored (TagSchema),
    /// which counts as changed so that its file's tags are read again.
    var stamp: FileStamp? {
      guard let size = columns.int64(2), (columns.int(6) ?? 0) >= TagSchema.currentTags, let mtime = columns.double(3)
      else { return nil }
      return FileStamp(size: size, mtime: mtime)
    }

    /// The stored fingerprint's value: the index keeps it as hex text (`Fingerprint.text`), read here from
    /// the bytes; anything else is read as `Fingerprint.value` reads it.
    var catalogueFingerprint: UInt64? {
      guard let text = columns.bytes(4) else { return nil }
      if text.count > 0 && text.count <= 16 {
        var value: UInt64 = 0
        for byte in text {
          let digit: UInt8
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
          case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
          default: return Fingerprint.value(String(decoding: text, as: UTF8.self))
          }
          value = value << 4 | UInt64(digit)
        }
        return value
      }
      return Fingerprint.value(String(decoding: text, as: UTF8.self))
    }

    var missing: Bool { sqlite3_column_int64(columns.statement, 5) != 0 }

    /// The row kept whole, with its path as a String: for the few rows that are not matched at once.
    func indexedFile() -> IndexedFile {
      IndexedFile(
        id: id, key: PathKey(String(decoding: path, as: UTF8.self)), stamp: stamp, catalogueFingerprint: catalogueFingerprint,
        missing: missing)
    }
  }
}
