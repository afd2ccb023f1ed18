// The one ordered list of named migrations of the library database. Each area owns its own migration
// file (LibrarySchema, PlayStateSchema, ListenSchema, …); a schema change is a new named migration
// appended here, never an edit of one that has shipped.
import GRDB

enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("library-v1", migrate: LibrarySchema.v1)
    migrator.registerMigration("playlists-v1", migrate: PlaylistSchema.v1)
    migrator.registerMigration("playstate-v1", migrate: PlayStateSchema.v1)
    migrator.registerMigration("listens-v1", migrate: ListenSchema.v1)
    migrator.registerMigration("dashboard-v1", migrate: DashboardSchema.v1)
    migrator.registerMigration("listens-v2", migrate: ListenSchema.v2)
    migrator.registerMigration("library-generation-v1", migrate: LibraryGenerationSchema.v1)
    return migrator
  }
}
