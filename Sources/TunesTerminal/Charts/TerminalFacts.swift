// What the output terminal allows: its width (COLUMNS, else the TIOCGWINSZ ioctl, else 80) and whether
// to use colour (a terminal, NO_COLOR unset or empty, TERM not "dumb"; CLICOLOR_FORCE forces it on).
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

public struct TerminalFacts: Sendable, Equatable {
  public static let fallbackWidth = 80

  public var width: Int
  public var colour: Bool
  public var isTerminal: Bool

  public init(width: Int, colour: Bool, isTerminal: Bool) {
    self.width = width
    self.colour = colour
    self.isTerminal = isTerminal
  }

  /// The facts of file descriptor `fd` (stdout by default) under `environment`.
  public static func detect(fd: Int32 = 1, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalFacts {
    let terminal = isatty(fd) == 1
    return TerminalFacts(
      width: width(columns: environment["COLUMNS"], ioctlWidth: terminal ? ioctlWidth(fd: fd) : nil),
      colour: colourWanted(isTerminal: terminal, environment: environment), isTerminal: terminal)
  }

  /// COLUMNS wins when it is a positive number (shells export it, tests set it), then the ioctl, then 80.
  public static func width(columns: String?, ioctlWidth: Int?) -> Int {
    if let columns, let value = Int(columns.trimmingCharacters(in: .whitespaces)), value > 0 { return value }
    if let ioctlWidth, ioctlWidth > 0 { return ioctlWidth }
    return fallbackWidth
  }

  /// https://no-color.org: NO_COLOR present and not empty turns colour off, whatever else says.
  public static func colourWanted(isTerminal: Bool, environment: [String: String]) -> Bool {
    if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
    if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
    guard isTerminal else { return false }
    return environment["TERM"] != "dumb"
  }

  static func ioctlWidth(fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
