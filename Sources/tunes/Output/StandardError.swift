// Lines for stderr: error messages (`tunes: …`) and progress, which must never mix with the output a
// script reads from stdout.
import Foundation

enum StandardError {
  /// Writes `line` and a line feed, unbuffered, so it shows at once even when stdout is a pipe.
  static func print(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
