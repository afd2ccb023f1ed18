// The bash completion script that `tunes --generate-completion-script bash` prints, run in bash as a
// TAB would run it (COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT), against a sandbox library: the
// candidates are the library's playlist names, artists and albums, as `tunes` itself lists them.
import Foundation
import Testing
import TunesTestSupport

@Suite struct LibraryCompletionTests {
  /// A sandbox with the sample library indexed and a second playlist whose name has a space.
  static func indexedSandbox() throws -> TunesSandbox {
    let sandbox = try TunesSandbox()
    // The sample library holds two broken files on purpose, so the index exits 1; the rest is indexed.
    let indexed = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    #expect(indexed.stdout.contains("playlist 'road-trip' imported"), "\(indexed)")
    let created = try sandbox.run(["playlist", "create", "Night drive"])
    #expect(created.status == 0, "\(created)")
    return sandbox
  }

  /// The candidates bash offers for the line `tunes WORDS…` with the cursor at its end (the last word
  /// being the one completed), one per line as COMPREPLY holds them.
  static func complete(_ sandbox: TunesSandbox, _ words: [String]) throws -> [String] {
    let binary = try #require(TunesExecutable.path)
    let script = sandbox.folder.appendingPathComponent("tunes.bash")
    if !FileManager.default.fileExists(atPath: script.path) {
      let generated = try sandbox.run(["--generate-completion-script", "bash"], useDatabase: false)
      #expect(generated.status == 0, "\(generated)")
      try Data(generated.stdout.utf8).write(to: script)
    }
    // The function `complete -p tunes` names is called as bash calls it: command, word, previous word.
    let driver = """
      source "$1"; shift
      function=$(complete -p tunes | sed -n 's/.* -F \\([^ ]*\\) .*/\\1/p')
      [ -n "$function" ] || { echo "no completion function" >&2; exit 3; }
      COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
      COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
      "$function" tunes "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try ChildProcess.run(
      "/bin/bash", ["-c", driver, "bash", script.path, binary] + words, environment: sandbox.environment,
      workingDirectory: sandbox.folder.path, timeout: 60)
    #expect(result.status == 0, "\(result.errors)")
    return result.output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  static func names(_ sandbox: TunesSandbox, _ arguments: [String], key: String) throws -> [String] {
    let run = try sandbox.run(arguments + ["--json"])
    #expect(run.status == 0, "\(run)")
    let rows = try #require(try run.json() as? [[String: Any]], "\(run)")
    return rows.compactMap { $0[key] as? String }
  }

  @Test func playlistArgumentsOfferThePlaylistNames() throws {
    let sandbox = try Self.indexedSandbox()
    let listed = try Self.names(sandbox, ["playlist", "list"], key: "name")
    #expect(Set(listed) == ["road-trip", "Night drive"])
    for command in ["show", "add", "remove", "sort", "delete", "export", "dedupe", "rename"] {
      let offered = try Self.complete(sandbox, ["playlist", command, "--db", sandbox.database, ""])
      #expect(Set(offered) == Set(listed), "playlist \(command)")
    }
    #expect(try Self.complete(sandbox, ["play", "--db", sandbox.database, "--playlist", "ro"]) == ["road-trip"])
    // The name with a space is one candidate, found from its first letters.
    #expect(try Self.complete(sandbox, ["playlist", "show", "--db", sandbox.database, "Ni"]) == ["Night drive"])
  }

  @Test func playOffersArtistsAndAlbumsOfTheLibrary() throws {
    let sandbox = try Self.indexedSandbox()
    let artists = try Self.complete(sandbox, ["play", "--db", sandbox.database, "--artist", ""])
    let listedArtists = try Self.names(sandbox, ["ls", "artists"], key: "name")
    #expect(!listedArtists.isEmpty)
    #expect(Set(listedArtists).isSubset(of: Set(artists)), "\(artists) vs \(listedArtists)")
    #expect(artists.contains("Zoë Marlowe"))
    let albums = try Self.complete(sandbox, ["play", "--db", sandbox.database, "--album", ""])
    let listedAlbums = try Self.names(sandbox, ["ls", "albums"], key: "title")
    #expect(!listedAlbums.isEmpty)
    #expect(Set(albums) == Set(listedAlbums), "\(albums) vs \(listedAlbums)")
    // With an artist on the line, only that artist's albums.
    let ansel = try Self.complete(sandbox, ["play", "--db", sandbox.database, "--artist", "'Ansel Grey'", "--album", ""])
    #expect(ansel.contains("Field Notes") && ansel.count < albums.count, "\(ansel)")
  }

  @Test func theLibraryComesFromTunesDbWhenTheLineHasNoDb() throws {
    let sandbox = try Self.indexedSandbox()
    let script = sandbox.folder.appendingPathComponent("tunes.bash")
    _ = try Self.complete(sandbox, ["playlist", "show", "--db", sandbox.database, ""])
    #expect(FileManager.default.fileExists(atPath: script.path))
    let binary = try #require(TunesExecutable.path)
    var environment = sandbox.environment
    environment["TUNES_DB"] = sandbox.database
    let result = try ChildProcess.run(
      "/bin/bash",
      [
        "-c",
        """
        source "$1"; COMP_WORDS=("$2" playlist show r); COMP_CWORD=3; COMP_LINE="${COMP_WORDS[*]}"
        COMP_POINT=${#COMP_LINE}; _tunes tunes r show; printf '%s\\n' "${COMPREPLY[@]}"
        """,
        "bash", script.path, binary,
      ], environment: environment, workingDirectory: sandbox.folder.path, timeout: 60)
    #expect(result.output == "road-trip\n", "\(result.output)\(result.errors)")
  }

  @Test func noLibraryMeansNoCandidatesAndNothingCreated() throws {
    let sandbox = try TunesSandbox()
    let missing = sandbox.folder.appendingPathComponent("none.db").path
    #expect(try Self.complete(sandbox, ["playlist", "show", "--db", missing, ""]).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: missing))
    // A file that is not a database is not touched either.
    let notes = sandbox.folder.appendingPathComponent("notes.txt")
    try Data("shopping list\n".utf8).write(to: notes)
    #expect(try Self.complete(sandbox, ["play", "--db", notes.path, "--artist", ""]).isEmpty)
    #expect(try String(contentsOf: notes, encoding: .utf8) == "shopping list\n")
  }

  @Test func dbCompletesFileNames() throws {
    let sandbox = try TunesSandbox()
    try Data().write(to: sandbox.folder.appendingPathComponent("music-library.db"))
    let prefix = sandbox.folder.appendingPathComponent("music-").path
    #expect(try Self.complete(sandbox, ["status", "--db", prefix]) == [prefix + "library.db"])
  }

  /// The call back into tunes, as the scripts make it (the argument, the index of the word completed and
  /// the cursor's place in it, then the words), prints the candidates and nothing else.
  @Test func theCallBackPrintsOnlyCandidates() throws {
    let sandbox = try Self.indexedSandbox()
    let run = try sandbox.run(
      [
        "---completion", "playlist", "show", "--", "positional@0", "5", "0", "tunes", "playlist", "show", "--db",
        sandbox.database, "",
      ],
      useDatabase: false)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr == "", "\(run)")
    #expect(Set(run.stdout.split(separator: "\n").map(String.init)) == ["road-trip", "Night drive"], "\(run)")
  }
}
