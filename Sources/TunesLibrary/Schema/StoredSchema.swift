// A new library made in one step: the schema that replaying every migration of Schema.order builds, kept
// as SQL (StoredSchemaSQL.swift), run in one transaction with every migration recorded as applied, so
// GRDB's migrator finds nothing left to run. Replaying the list builds tables and then rebuilds or alters
// them migration by migration; a new library needs only where they end.
//
// The SQL is made from a replayed database, never written by hand: StoredSchemaTests builds a library
// both ways and compares every schema entry, every row and the persistent pragmas, so the two cannot
// drift. When a migration is added to Schema.order the stored SQL no longer names every migration, new
// libraries are built by replaying the list again, and that test fails until the SQL is made anew
// (`TUNES_STORE_SCHEMA=1 swift test --filter StoredSchemaTests` writes it; `swift format -i` it then).
import GRDB

enum StoredSchema {
  /// Whether the stored SQL is the end of the migrations Schema.order lists now.
  static var isCurrent: Bool { migrations == Schema.order.map(\.identifier) }

  /// Creates the final schema in the empty database `db` and records every migration as applied.
  static func create(_ db: Database) throws {
    for statement in statements { try db.execute(sql: statement) }
    let record = try db.makeStatement(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)")
    for identifier in migrations { try record.execute(arguments: [identifier]) }
  }
}
