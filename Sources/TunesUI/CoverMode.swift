// How the cover is drawn: Unicode block symbols (any terminal with colours), a terminal image protocol
// (kitty graphics, sixel, iTerm2's inline images) or not at all. Detection is conservative: a protocol
// is picked only where the terminal says who it is (KITTY_WINDOW_ID, TERM=xterm-kitty, TERM_PROGRAM),
// never inside tmux or screen (which do not pass images on without being set up for it); blocks are the
// default and nothing when NO_COLOR is set or TERM is dumb. `[ui] cover = "…"` in config.toml forces one.
import TunesCore

public enum CoverMode: String, Sendable, CaseIterable {
  case auto, blocks, kitty, sixel, iterm2, none

  /// The mode `auto` stands for in `environment`.
  public static func detect(_ environment: [String: String]) -> CoverMode {
    let term = environment["TERM"] ?? ""
    if !(environment["NO_COLOR"] ?? "").isEmpty || term == "dumb" || term.isEmpty { return .none }
    if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { return .blocks }
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .kitty }
    switch environment["TERM_PROGRAM"] ?? "" {
    case "iTerm.app", "WezTerm": return .iterm2
    default: break
    }
    if term.hasPrefix("foot") || term.hasPrefix("mlterm") { return .sixel }
    return .blocks
  }

  /// The configured mode (`[ui] cover`), resolved against the environment when it is `auto`.
  public static func choose(configText: String, path: String, environment: [String: String]) throws(ConfigError)
    -> CoverMode
  {
    let config: Config
    do { config = try Config.parse(configText, path: path) } catch let error as ConfigError { throw error } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
    guard let value = config.sections.first(where: { $0.name == "ui" })?.entries.first(where: { $0.key == "cover" })?.value
    else { return detect(environment) }
    let line = KeyMap.line(of: "cover", inSection: "ui", text: configText)
    guard let text = value.stringValue, let mode = CoverMode(rawValue: text) else {
      throw .syntax(
        path: path, line: line,
        message: "cover takes one of " + allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
    }
    return mode == .auto ? detect(environment) : mode
  }
}
