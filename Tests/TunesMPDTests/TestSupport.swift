// Makes the shared test helpers (ChildProcess, Fixtures) visible to every file of this test target.
@_exported import TunesTestSupport
