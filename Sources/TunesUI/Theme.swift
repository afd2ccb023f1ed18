// The styles of the screen's parts. NO_COLOR (no-color.org) takes colours away but keeps reverse and
// bold, so the selection and the current song still stand out.

public struct Theme: Sendable {
  public var header = Style(foreground: 4, bold: true)
  public var selected = Style(reverse: true)
  public var dimSelected = Style(underline: true)
  public var current = Style(foreground: 2, bold: true)
  public var rule = Style(foreground: 8)
  public var tab = Style.plain
  public var activeTab = Style(bold: true, reverse: true)
  public var bar = Style(foreground: 6)
  public var message = Style(foreground: 3)
  public var error = Style(foreground: 1, bold: true)
  public var dim = Style(dim: true)

  public init() {}
}
