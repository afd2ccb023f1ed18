// Colour for charts: ANSI SGR sequences when colour is on, the text untouched when it is off, so the
// plain rendering is exactly the coloured one with the escapes removed.
public struct ChartStyle: Sendable, Equatable {
  public var colour: Bool

  public init(colour: Bool) { self.colour = colour }

  public static let plain = ChartStyle(colour: false)

  /// Bars (cyan), axis and legend text (dim), titles (bold).
  public static let barCode = "36"
  public static let dimCode = "2"
  public static let boldCode = "1"
  /// Heatmap shades 1-4, dark to bright green in the 256-colour palette.
  public static let heatCodes = ["38;5;22", "38;5;28", "38;5;34", "38;5;46"]

  public func paint(_ text: String, _ code: String) -> String {
    guard colour, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// Removes SGR escapes (used to measure and to compare coloured output with plain output).
  public static func strip(_ text: String) -> String {
    var out = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
