// The styles of the screen's parts (a theme's roles) and the built-in themes. `[ui] theme` in config.toml
// picks one, `[colors]` changes single roles (ThemeConfig.swift). Colours are given at any depth and
// brought down to the terminal's (TerminalColor); NO_COLOR (no-color.org) takes them away but keeps
// reverse, bold and underline, so the selection and the current song still stand out.

public struct Theme: Sendable, Equatable {
  /// Column and pane titles.
  public var header = Style(foreground: 4, bold: true)
  /// The selected row of the pane in use.
  public var selected = Style(reverse: true)
  /// The selected row of the other panes.
  public var dimSelected = Style(underline: true)
  /// The playing song, in lists and the play symbol.
  public var current = Style(foreground: 2, bold: true)
  /// Pane rules and the progress bar's unplayed part.
  public var rule = Style(foreground: 8)
  public var tab = Style.plain
  public var activeTab = Style(bold: true, reverse: true)
  /// The progress bar's played part.
  public var bar = Style(foreground: 6)
  public var message = Style(foreground: 3)
  public var error = Style(foreground: 1, bold: true)
  /// Hints, played songs, the album in the now-playing line.
  public var dim = Style(dim: true)
  /// The playing song's title in the now-playing line.
  public var title = Style(bold: true)
  /// The now-playing line's time, modes and volume.
  public var status = Style.plain

  public init() {}

  /// The roles as config.toml's `[colors]` names them.
  public static var roles: [(name: String, path: WritableKeyPath<Theme, Style>)] {
    [
      ("title", \.title), ("current", \.current), ("selection", \.selected), ("inactive_selection", \.dimSelected),
      ("header", \.header), ("status", \.status), ("progress", \.bar), ("rule", \.rule), ("tab", \.tab),
      ("active_tab", \.activeTab), ("message", \.message), ("error", \.error), ("dim", \.dim),
    ]
  }

  /// The built-in themes by name: `default` in the 16 ANSI colours (the terminal's own palette), `dusk`
  /// in 24-bit colours on the terminal's background (brought down to 256 or 16 where needed).
  public static let builtIn: [String: Theme] = ["default": Theme(), "dusk": dusk]

  static var dusk: Theme {
    var theme = Theme()
    theme.header = Style(foreground: .rgb(0x81, 0xA1, 0xC1), bold: true)
    theme.selected = Style(foreground: .rgb(0x2E, 0x34, 0x40), background: .rgb(0x88, 0xC0, 0xD0))
    theme.dimSelected = Style(background: .rgb(0x43, 0x4C, 0x5E))
    theme.current = Style(foreground: .rgb(0xEB, 0xCB, 0x8B), bold: true)
    theme.rule = Style(foreground: .rgb(0x4C, 0x56, 0x6A))
    theme.activeTab = Style(foreground: .rgb(0x2E, 0x34, 0x40), background: .rgb(0xB4, 0x8E, 0xAD), bold: true)
    theme.bar = Style(foreground: .rgb(0xA3, 0xBE, 0x8C))
    theme.message = Style(foreground: .rgb(0xD0, 0x87, 0x70))
    theme.error = Style(foreground: .rgb(0xBF, 0x61, 0x6A), bold: true)
    theme.title = Style(foreground: .rgb(0xEC, 0xEF, 0xF4), bold: true)
    theme.status = Style(foreground: .rgb(0xD8, 0xDE, 0xE9))
    return theme
  }
}
