// What the library's tests open their libraries with: the areas above the library as stand-ins that
// declare each migration the ordered list gives them and create nothing. The library never reads those
// areas' tables, so its tests need not link the Player, the playlists and ListenBrainz to open one;
// what holds across the areas (playlist entries kept over rescans, an upgrade keeping every area's rows)
// is tested with the real areas in TunesDatabaseTests.
import TunesLibraryTestSupport

@testable import TunesLibrary

let everyDatabaseArea: [DatabaseArea] = SchemaArea.allCases.filter { !SchemaArea.libraryOwned.contains($0) }.map(
  DatabaseArea.standIn)

extension TempLibrary {
  /// A new library of the library's own areas and the stand-ins.
  convenience init() throws { try self.init(areas: everyDatabaseArea) }
}
