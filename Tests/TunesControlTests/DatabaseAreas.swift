// What the tests' libraries are opened with: every area, from the one list (TunesDatabase's LibraryAreas).
import TunesDatabase
import TunesLibrary

let everyDatabaseArea = LibraryAreas.all
