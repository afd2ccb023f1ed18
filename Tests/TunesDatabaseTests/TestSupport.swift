// Makes the shared test helpers (ChildProcess, Fixtures, and the library's TempLibrary) visible to every
// file of this test target.
@_exported import TunesLibraryTestSupport
@_exported import TunesTestSupport
