// The one place where errors become messages and exit codes: every module's TunesError carries its
// exit status; anything else is reported as a failure with its description.
import ArgumentParser
import Foundation
import TunesCore
import TunesLibrary

enum CLIError: TunesError {
  case cannotOpenDatabase(path: String, reason: String)
  /// A command that only reads the library was given a database that does not exist.
  case noLibrary(path: String)
  /// A command to the running player that could change nothing (`pause` while paused, `resume` with an
  /// empty queue): said, with a non-zero exit, so a script is never told that something happened.
  case nothingToChange(String)
  /// An argument the parser accepted but the situation refuses (`seek` past the song's end).
  case invalidArgument(String)

  var exitStatus: ExitStatus {
    switch self {
    case .cannotOpenDatabase: return .ioError
    case .noLibrary: return .noInput
    case .nothingToChange: return .partial
    case .invalidArgument: return .usage
    }
  }

  var description: String {
    switch self {
    case .cannotOpenDatabase(let path, let reason): return "cannot open the library database \(path): \(reason)"
    case .noLibrary(let path): return "the library at \(path) does not exist; run `tunes index` first"
    case .nothingToChange(let why): return why
    case .invalidArgument(let why): return why
    }
  }
}

/// Runs a command body, printing a TunesError as `tunes: message` on stderr and exiting with its status.
func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
  do {
    return try await body()
  } catch let error as TunesError {
    StandardError.print("tunes: \(error.description)")
    throw ExitCode(error.exitStatus.rawValue)
  } catch {
    // SQLite's "database is locked" after the busy timeout: another process holds a write transaction.
    guard let path = OpenedLibrary.path, let locked = LibraryOpenError.writeLocked(error, path: path) else { throw error }
    StandardError.print("tunes: \(locked.description)")
    throw ExitCode(locked.exitStatus.rawValue)
  }
}

/// The library this process opened (GlobalOptions.openLibrary), for messages about errors that come
/// later from its database without naming it. Set once, before any other thread uses it.
enum OpenedLibrary {
  nonisolated(unsafe) static var path: String?
}
