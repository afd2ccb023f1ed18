// What these tests open their libraries with: every area, from the one list (TunesDatabase's
// LibraryAreas), as the tunes command does.
import TunesDatabase
import TunesLibrary
import TunesLibraryTestSupport

let everyDatabaseArea = LibraryAreas.all

extension TempLibrary {
  /// A new library with every area.
  convenience init() throws { try self.init(areas: everyDatabaseArea) }
}
