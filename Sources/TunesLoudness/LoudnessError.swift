// Errors of measuring loudness: a file that cannot be decoded, decodes with damage, or holds only silence
// (reported, given no value, the others measured), and the measurement or its storage failing.
import TunesCore

public enum LoudnessError: TunesError, Equatable {
  /// The file could not be opened or decoded; names it.
  case unreadable(path: String, reason: String)
  /// The file decoded, but not cleanly (a skipped or damaged frame, a truncated stream); names the first problem.
  case damaged(path: String, reason: String)
  /// Nothing in the file is loud enough to measure (all below the −70 LUFS gate).
  case silent(path: String)
  /// libebur128 refused the format.
  case meter(String)
  /// Reading or writing the loudness table failed.
  case store(String)
  /// Some files were skipped; the others were measured and kept.
  case someFailed(count: Int)
  /// `--write-tags` could not write some files; their values are kept in the library all the same.
  case tagsNotWritten(count: Int)
  /// Ctrl-C: what was measured is kept.
  case interrupted(measured: Int)

  public var exitStatus: ExitStatus {
    switch self {
    case .unreadable, .damaged, .silent: return .dataError
    case .meter: return .software
    case .store: return .ioError
    case .someFailed, .tagsNotWritten: return .partial
    case .interrupted: return .partial
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): \(reason)"
    case .damaged(let path, let reason): return "\(path): not measured, the decoding was not clean: \(reason)"
    case .silent(let path): return "\(path): silent, no loudness to measure"
    case .meter(let message): return "loudness: \(message)"
    case .store(let message): return "loudness table: \(message)"
    case .someFailed(let count): return "\(count) file\(count == 1 ? "" : "s") could not be measured (see above)"
    case .tagsNotWritten(let count):
      return "\(count) file\(count == 1 ? "" : "s") measured but not tagged (see above); the values are kept in the library"
    case .interrupted(let measured):
      return "interrupted: \(measured) song\(measured == 1 ? "" : "s") measured and kept; run it again to go on"
    }
  }
}
