// The theme config.toml asks for: `[ui] theme = "NAME"` picks a built-in theme (Theme.builtIn), and each
// line of `[colors]` gives one role its style, as words: a foreground colour, `on` and a background
// colour, and any of bold, dim, underline, reverse (`current = "#ebcb8b bold"`, `selection = "black on
// cyan"`, `header = "blue underline"`). A colour is one of the 16 ANSI names (`red`, `bright-red`…), `colorN`
// (0–255, the xterm palette) or `#RRGGBB`. A wrong role, word or theme is an error naming the file and line,
// as `[keys]` does.
import TunesCore

public enum ThemeConfig {
  static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
  static let attributes = ["bold", "dim", "underline", "reverse"]

  /// The theme of config.toml's text (the file at `path`); the default theme when it says nothing.
  public static func load(text: String, path: String) throws(ConfigError) -> Theme {
    let config: Config
    do { config = try Config.parse(text, path: path) } catch let error as ConfigError { throw error } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
    var theme = Theme()
    if let section = config.sections.first(where: { $0.name == "ui" }) {
      for (key, value) in section.entries {
        let line = KeyMap.line(of: key, inSection: "ui", text: text)
        guard key == "theme" else {
          throw .syntax(path: path, line: line, message: "unknown key \"\(key)\" in [ui] (it takes theme)")
        }
        let names = Theme.builtIn.keys.sorted()
        guard let name = value.stringValue, let chosen = Theme.builtIn[name] else {
          throw .syntax(
            path: path, line: line,
            message: "unknown theme \(value.stringValue.map { "\"\($0)\"" } ?? "") in [ui]: "
              + names.joined(separator: " or "))
        }
        theme = chosen
      }
    }
    guard let section = config.sections.first(where: { $0.name == "colors" }) else { return theme }
    for (key, value) in section.entries {
      let line = KeyMap.line(of: key, inSection: "colors", text: text)
      let roles = Theme.roles.map(\.name)
      guard let role = Theme.roles.first(where: { $0.name == key }) else {
        let near = NearestName.to(key, among: roles).map { " (did you mean \($0)?)" } ?? ""
        throw .syntax(path: path, line: line, message: "unknown role \"\(key)\" in [colors]\(near)")
      }
      guard let words = value.stringValue else {
        throw .syntax(path: path, line: line, message: "\(key) takes a string, like \"yellow bold\" or \"#2e3440 on cyan\"")
      }
      do {
        theme[keyPath: role.path] = try style(words)
      } catch {
        throw .syntax(path: path, line: line, message: "\(key) in [colors]: \(error.message)")
      }
    }
    return theme
  }

  struct WordError: Error {
    let message: String
  }

  /// A style from its words.
  static func style(_ text: String) throws(WordError) -> Style {
    var style = Style()
    var background = false
    for word in text.lowercased().split(separator: " ").map(String.init) {
      switch word {
      case "bold": style.bold = true
      case "dim": style.dim = true
      case "underline": style.underline = true
      case "reverse": style.reverse = true
      case "on":
        guard !background else { throw WordError(message: "\"on\" twice") }
        background = true
      case "default", "none": break
      default:
        let colour = try color(word)
        if background { style.background = colour } else { style.foreground = colour }
      }
    }
    return style
  }

  /// A colour from its name, `colorN` or `#RRGGBB`.
  static func color(_ word: String) throws(WordError) -> TerminalColor {
    if let index = ansiNames.firstIndex(of: word) { return .ansi(UInt8(index)) }
    if word.hasPrefix("bright-"), let index = ansiNames.firstIndex(of: String(word.dropFirst(7))) {
      return .ansi(UInt8(index + 8))
    }
    if word.hasPrefix("color"), let number = Int(word.dropFirst(5)), (0...255).contains(number) {
      return .palette(UInt8(number))
    }
    if word.hasPrefix("#"), word.count == 7, let value = Int(word.dropFirst(), radix: 16) {
      return .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
    throw WordError(
      message: "unknown colour or attribute \"\(word)\": a colour (\(ansiNames.joined(separator: ", ")), bright-NAME, "
        + "color0…color255, #RRGGBB), \"on\" before a background, or "
        + attributes.joined(separator: ", "))
  }
}
