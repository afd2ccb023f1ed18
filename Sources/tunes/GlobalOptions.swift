// Options every command takes (`--db`), and opening the library they name.
import ArgumentParser
import TunesCore
import TunesLibrary

struct GlobalOptions: ParsableArguments {
  @Option(name: .long, help: "The library database (default: $TUNES_DB, else $XDG_DATA_HOME/tunes/library.db).")
  var db: String?

  var paths: TunesPaths { TunesPaths() }

  var databasePath: String { paths.database(override: db) }

  /// Opens the library, turning failures into one readable line.
  func openLibrary(cacheKiB: Int? = nil) throws -> Library {
    do {
      return try Library(path: databasePath, cacheKiB: cacheKiB)
    } catch {
      throw CLIError.cannotOpenDatabase(path: databasePath, reason: "\(error)")
    }
  }
}
