// Terminal helpers of the `tunes lb` commands: the no-echo token prompt and the flush progress bar.
import Foundation

enum ListenBrainzTerminal {
  /// Reads one line from the terminal with echo off (the token must not stay on screen).
  static func readSecret(prompt: String) -> String? {
    FileHandle.standardError.write(Data(prompt.utf8))
    var original = termios()
    let haveTermios = tcgetattr(STDIN_FILENO, &original) == 0
    if haveTermios {
      var silent = original
      silent.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    }
    defer {
      if haveTermios { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
      FileHandle.standardError.write(Data("\n".utf8))
    }
    return readLine(strippingNewline: true)
  }

  /// `\r[█████░░░░░] sent/total` on stderr.
  static func progress(sent: Int, total: Int) {
    let width = 30
    let filled = total > 0 ? min(width, sent * width / total) : width
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(sent)/\(total)".utf8))
  }
}
