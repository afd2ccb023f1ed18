// The one ordered list of named migrations of the library database, and the migrator built from it.
//
// Several areas share the database (SchemaArea): the library's own tables and its measurements live in
// TunesLibrary, the others' in the modules above it (playlists, play state, listens, dashboards), each
// declared beside its records. An area's migrations keep their identifiers when the area that owns a
// table changes (the loudness table moved from the play state to the measurements): a database that ran
// them keeps its rows, and a new one is built as before. The list below names every migration in the order it has always run and which areas
// write it; the bodies come from the areas themselves: the library's from this module, the others'
// from the `DatabaseArea` values their modules declare and the opener hands to `Library.init`.
//
// The list is the only place the order lives, so an existing database opens unchanged and a new one is
// built as it always was. Opening with an area missing (or with a body the list does not name) stops
// the process with a message naming it: a forgotten area must never leave a database half migrated.
// A schema change is a new identifier appended here, never an edit of one that has shipped.
import GRDB

enum Schema {
  /// Every migration, in order, with the areas whose bodies make it up (run in that order, in one
  /// transaction). The playlists area's first tables were created by the library's first migration.
  static let order: [(identifier: String, areas: [SchemaArea])] = [
    ("library-v1", [.library, .playlists]),
    ("playlists-v1", [.playlists]),
    ("playstate-v1", [.playState]),
    ("listens-v1", [.listens]),
    ("dashboard-v1", [.dashboard]),
    ("listens-v2", [.listens]),
    ("library-generation-v1", [.library]),
    ("library-fulltext-v2", [.library]),
    ("library-missing-v1", [.library]),
    ("library-replaygain-v1", [.library]),
    ("social-v1", [.dashboard]),
    ("playstate-priority-v1", [.playState]),
    ("stickers-v1", [.stickers]),
    ("library-tags-v1", [.library]),
    ("playstate-replaygain-v1", [.playState]),
    ("loudness-v1", [.measurements]),
    ("listens-v3", [.listens]),
    ("playstate-crossfade-v1", [.playState]),
    ("library-file-tags-v1", [.library]),
    ("playstate-mixramp-v1", [.playState]),
    ("library-query-v1", [.library]),
    ("library-catalogue-state-v1", [.library]),
    ("library-tag-rows-v2", [.library]),
    ("library-sort-order-v1", [.library]),
    ("loudness-v2", [.measurements]),
    ("playstate-listen-v1", [.playState]),
    ("library-file-problems-v1", [.library]),
    ("playlists-source-hash-v1", [.playlists]),
    ("outbox-v1", [.dashboard]),
    ("library-credits-v1", [.library]),
    ("playstate-told-listen-v1", [.playState]),
    ("outbox-v2", [.dashboard]),
    ("library-mbid-spellings-v1", [.library]),
  ]

  /// The library's own migration bodies.
  static let library = DatabaseArea(
    .library,
    migrations: [
      "library-v1": LibrarySchema.v1, "library-generation-v1": LibraryGenerationSchema.v1,
      "library-fulltext-v2": FullTextSchema.v2, "library-missing-v1": MissingSongSchema.v1,
      "library-replaygain-v1": ReplayGainSchema.v1, "library-tags-v1": TagSchema.v1,
      "library-file-tags-v1": FileTagSchema.v1, "library-query-v1": QuerySchema.v1,
      "library-catalogue-state-v1": CatalogueStateSchema.v1, "library-tag-rows-v2": TagRowsSchema.v2,
      "library-sort-order-v1": SortOrderSchema.v1,
      "library-file-problems-v1": FileProblemSchema.v1, "library-credits-v1": CreditSchema.v1,
      "library-mbid-spellings-v1": MBIDSpellingSchema.v1,
    ])

  /// The measurements' migration bodies: what `tunes loudness` measured of the songs' audio.
  static let measurements = DatabaseArea(
    .measurements, migrations: ["loudness-v1": LoudnessSchema.v1, "loudness-v2": LoudnessSchema.v2])

  /// Whether `areas` (as given to `migrator`) bring every area's own migrations, none a stand-in: only
  /// then is a new library made from the stored final schema (StoredSchema), which has every area's
  /// tables; with fewer it is built by replaying the migrations, and has only the tables of the areas given.
  static func isWhole(_ areas: [DatabaseArea]) -> Bool {
    Set(areas.filter { !$0.standsIn }.map(\.area)).union(SchemaArea.libraryOwned) == Set(SchemaArea.allCases)
  }

  /// The migrator of the ordered list with the bodies of `areas` (the library's own added).
  static func migrator(areas given: [DatabaseArea]) -> DatabaseMigrator {
    var areas: [SchemaArea: DatabaseArea] = [.library: library, .measurements: measurements]
    for area in given {
      precondition(areas[area.area] == nil, "the \(area.area.rawValue) database area is given twice")
      areas[area.area] = area
    }
    for area in areas.values {
      for identifier in area.migrations.keys {
        precondition(
          order.contains { $0.identifier == identifier && $0.areas.contains(area.area) },
          "the \(area.area.rawValue) database area declares migration \(identifier), which Schema.order does not give it"
        )
      }
    }
    var migrator = DatabaseMigrator()
    for (identifier, owners) in order {
      let bodies = owners.map { owner -> DatabaseArea.Migration in
        guard let body = areas[owner]?.migrations[identifier] else {
          preconditionFailure(
            "the library was opened without the \(owner.rawValue) database area (migration \(identifier))")
        }
        return body
      }
      migrator.registerMigration(identifier) { db in for body in bodies { try body(db) } }
    }
    return migrator
  }
}
