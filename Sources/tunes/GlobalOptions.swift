// Options every command takes (`--db`), and opening the library they name: created when missing only
// by the commands that build or add to it, read-only for those that only read it, and never over a file
// that is not a tunes library (Library.init refuses it).
import ArgumentParser
import Foundation
import TunesCore
import TunesDatabase
import TunesLibrary

/// What a command does when its library database does not exist.
enum LibraryOpening {
  /// Commands that build the library or add to it (index, play, playlist create/import/save/pull,
  /// lb login, love/hate/pin): the database and its folders are created.
  case createIfMissing
  /// Commands that only read the library or change what is already in it: a missing database is an
  /// error and nothing is created, so a mistyped `--db` is not shown as an empty library.
  case mustExist
  /// Commands that only read the library (ls, search, info, stats, playlist list|show|export): it must
  /// exist, and is opened read-only, so a library this user cannot write can still be listed.
  case readOnly
}

struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long, help: "The library database (default: $TUNES_DB, else $XDG_DATA_HOME/tunes/library.db; empty means unset).",
    completion: .file())
  var db: String?

  var paths: TunesPaths { TunesPaths() }

  /// The socket of the player holding this library's lock, else the default one.
  var playerSocket: String { PlayerLock.running(database: databasePath)?.socket ?? paths.mpdSocket }

  var databasePath: String { paths.database(override: db) }

  /// Opens the library, turning failures into one readable line.
  func openLibrary(_ opening: LibraryOpening, cacheKiB: Int? = nil) throws -> Library {
    let path = databasePath
    let access: LibraryAccess
    switch opening {
    case .createIfMissing: access = .readWrite
    case .mustExist: access = .readWriteIfAllowed
    case .readOnly: access = .readOnly
    }
    if opening != .createIfMissing && [.missing, .empty].contains(LibraryFile.kind(at: path)) {
      throw CLIError.noLibrary(path: path)
    }
    OpenedLibrary.path = path
    do {
      return try Library(path: path, cacheKiB: cacheKiB, access: access, areas: LibraryAreas.all)
    } catch let error as LibraryOpenError {
      throw error
    } catch {
      throw CLIError.cannotOpenDatabase(path: path, reason: "\(error)")
    }
  }
}
