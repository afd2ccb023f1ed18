// The table of catalogues applied cleanly (CatalogueState), which lets a rescan leave an unchanged
// library.json unread. Losing a row only costs one parse: the next run writes it again.
import GRDB

enum CatalogueStateSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: "CREATE TABLE catalogueState (path TEXT PRIMARY KEY NOT NULL, file TEXT NOT NULL, folders TEXT NOT NULL)")
  }
}
