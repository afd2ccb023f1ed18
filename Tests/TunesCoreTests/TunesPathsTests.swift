// Where tunes looks for its files: the XDG variables, their defaults under HOME, and the overrides
// (--db, TUNES_DB, TUNES_MPD_SOCKET) that let tests and several libraries live side by side.
import Glibc
import Testing
import TunesCore

@Suite struct TunesPathsTests {
  @Test func defaultsLiveUnderHome() {
    let paths = TunesPaths(environment: ["HOME": "/home/ann"])
    #expect(paths.dataDirectory == "/home/ann/.local/share/tunes")
    #expect(paths.configDirectory == "/home/ann/.config/tunes")
    #expect(paths.configFile == "/home/ann/.config/tunes/config.toml")
    #expect(paths.database() == "/home/ann/.local/share/tunes/library.db")
    #expect(paths.runtimeDirectory == "/tmp/tunes-\(getuid())")
    #expect(paths.mpdSocket == "/tmp/tunes-\(getuid())/mpd.sock")
  }

  @Test func absoluteXDGVariablesWin() {
    let paths = TunesPaths(environment: [
      "HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/conf", "XDG_RUNTIME_DIR": "/run/user/7",
    ])
    #expect(paths.dataDirectory == "/data/tunes")
    #expect(paths.configFile == "/conf/tunes/config.toml")
    #expect(paths.database() == "/data/tunes/library.db")
    #expect(paths.runtimeDirectory == "/run/user/7/tunes")
    #expect(paths.mpdSocket == "/run/user/7/tunes/mpd.sock")
  }

  /// The XDG specification says relative values are to be ignored, so they fall back to the defaults.
  @Test func relativeXDGVariablesAreIgnored() {
    let paths = TunesPaths(environment: [
      "HOME": "/home/ann", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "conf", "XDG_RUNTIME_DIR": "run",
    ])
    #expect(paths.dataDirectory == "/home/ann/.local/share/tunes")
    #expect(paths.configDirectory == "/home/ann/.config/tunes")
    #expect(paths.runtimeDirectory == "/tmp/tunes-\(getuid())")
  }

  @Test func databaseOverrideThenEnvironmentThenDefault() {
    let withVariable = TunesPaths(environment: ["HOME": "/h", "TUNES_DB": "/env.db"])
    #expect(withVariable.database(override: "/flag.db") == "/flag.db")
    #expect(withVariable.database() == "/env.db")
    #expect(withVariable.database(override: "") == "/env.db")
    let emptyVariable = TunesPaths(environment: ["HOME": "/h", "TUNES_DB": ""])
    #expect(emptyVariable.database() == "/h/.local/share/tunes/library.db")
  }

  @Test func socketVariableWinsUnlessEmpty() {
    let paths = TunesPaths(environment: ["HOME": "/h", "XDG_RUNTIME_DIR": "/run", "TUNES_MPD_SOCKET": "/s.sock"])
    #expect(paths.mpdSocket == "/s.sock")
    let empty = TunesPaths(environment: ["HOME": "/h", "XDG_RUNTIME_DIR": "/run", "TUNES_MPD_SOCKET": ""])
    #expect(empty.mpdSocket == "/run/tunes/mpd.sock")
  }
}
