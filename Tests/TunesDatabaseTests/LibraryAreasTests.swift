// The one list of areas every program opens the library with: it names every area above the library,
// and a new library opened with it runs every migration of the ordered list with the areas' real bodies.
import GRDB
import Testing
import TunesDatabase

@testable import TunesLibrary

@Suite struct LibraryAreasTests {
  @Test func everyAreaOutsideTheLibraryIsInTheList() {
    #expect(Set(LibraryAreas.all.map(\.area)) == Set(SchemaArea.allCases).subtracting(SchemaArea.libraryOwned))
  }

  @Test func aNewLibraryWithEveryAreaRecordsEveryMigration() throws {
    let temp = try TempLibrary()
    let applied = try temp.library.pool.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
    #expect(applied == Schema.order.map(\.identifier))
  }
}
