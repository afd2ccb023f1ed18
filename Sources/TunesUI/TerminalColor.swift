// Colours as a theme names them (one of the 16 ANSI colours, one of the 256 of the xterm palette, or
// 24-bit RGB) and as a terminal can show them: each is sent at the deepest form the terminal takes and
// brought down to the nearest it has otherwise (RGB → the 256 palette's cube or grey ramp → the 16 →
// the 8 first), so one theme draws everywhere. The depth is read from the environment as terminals
// announce it (COLORTERM=truecolor or 24bit, TERM=*-256color), without terminfo: every terminal tunes
// draws on speaks the SGR forms used here; NO_COLOR (set, not empty) and TERM=dumb mean none.

/// How many colours the terminal shows.
public enum ColorDepth: Int, Sendable, Comparable, CaseIterable {
  case none = 0, eight = 8, sixteen = 16, palette = 256, trueColor = 16_777_216

  public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

  /// The depth the environment announces.
  public static func detect(_ environment: [String: String]) -> ColorDepth {
    let term = (environment["TERM"] ?? "").lowercased()
    if !(environment["NO_COLOR"] ?? "").isEmpty || term == "dumb" { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .trueColor }
    if term.contains("256color") { return .palette }
    // The Linux console and the old hardware terminals have the 8 colours (bright ones only as bold).
    if term == "linux" || term.hasPrefix("vt") || term == "ansi" { return .eight }
    return .sixteen
  }
}

/// A colour of a theme.
public enum TerminalColor: Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// 0–7 the ANSI colours (black, red, green, yellow, blue, magenta, cyan, white), 8–15 their bright forms.
  case ansi(UInt8)
  /// 0–255 of the xterm palette (0–15 the ANSI colours, 16–231 a 6×6×6 cube, 232–255 greys).
  case palette(UInt8)
  case rgb(UInt8, UInt8, UInt8)

  public init(integerLiteral value: UInt8) { self = .ansi(value & 15) }

  /// The SGR parameters for this colour as a foreground (or background) at `depth`; nil at `.none`.
  func sgr(depth: ColorDepth, background: Bool) -> String? {
    switch (self.reduced(to: depth), background) {
    case (nil, _): return nil
    case (.ansi(let n)?, false): return n < 8 ? "3\(n)" : "9\(n - 8)"
    case (.ansi(let n)?, true): return n < 8 ? "4\(n)" : "10\(n - 8)"
    case (.palette(let n)?, _): return (background ? "48;5;" : "38;5;") + "\(n)"
    case (.rgb(let r, let g, let b)?, _): return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
    }
  }

  /// This colour in the form `depth` shows.
  func reduced(to depth: ColorDepth) -> TerminalColor? {
    switch (self, depth) {
    case (_, .none): return nil
    case (.rgb, .trueColor), (.palette, .trueColor), (.palette, .palette), (.ansi, _): break
    case (.rgb(let r, let g, let b), .palette): return .palette(Self.paletteIndex(r, g, b))
    case (.rgb(let r, let g, let b), _): return Self.ansi(nearest: (Int(r), Int(g), Int(b))).reduced(to: depth)
    case (.palette(let n), _): return Self.ansi(nearest: Self.rgb(ofPalette: n)).reduced(to: depth)
    }
    if case .ansi(let n) = self, depth == .eight { return .ansi(n & 7) }
    return self
  }

  /// The nearest of the 256 palette's cube and grey ramp (the 16 first ones vary between terminals).
  static func paletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let levels = [0, 95, 135, 175, 215, 255]
    func level(_ value: UInt8) -> Int { levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }! }
    let (ri, gi, bi) = (level(r), level(g), level(b))
    let cube = (levels[ri], levels[gi], levels[bi])
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let grey = min(23, max(0, (average - 8 + 5) / 10))
    let greyValue = 8 + grey * 10
    let rgb = (Int(r), Int(g), Int(b))
    if distance(rgb, (greyValue, greyValue, greyValue)) < distance(rgb, cube) { return UInt8(232 + grey) }
    return UInt8(16 + 36 * ri + 6 * gi + bi)
  }

  /// The colour of a palette entry (xterm's values).
  static func rgb(ofPalette n: UInt8) -> (Int, Int, Int) {
    let index = Int(n)
    if index < 16 { return ansiRGB[index] }
    if index >= 232 {
      let value = 8 + (index - 232) * 10
      return (value, value, value)
    }
    let levels = [0, 95, 135, 175, 215, 255]
    let cube = index - 16
    return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
  }

  /// The 16 ANSI colours as xterm draws them.
  static let ansiRGB: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
    (255, 255, 255),
  ]

  /// The ANSI colour of the same hue (greys by lightness), bright when light: nearest by distance would
  /// turn most soft colours into greys, which the 16 are too few to stand in for.
  static func ansi(nearest rgb: (Int, Int, Int)) -> TerminalColor {
    let (r, g, b) = rgb
    let high = max(r, g, b)
    let low = min(r, g, b)
    if high - low < 40 {
      let lightness = (high + low) / 2
      return .ansi(lightness < 64 ? 0 : lightness < 160 ? 8 : lightness < 224 ? 7 : 15)
    }
    let chroma = Double(high - low)
    var hue: Double
    if high == r {
      hue = Double(g - b) / chroma
    } else if high == g {
      hue = 2 + Double(b - r) / chroma
    } else {
      hue = 4 + Double(r - g) / chroma
    }
    hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
    // Red, yellow, green, cyan, blue, magenta: 60° each, centred on their hue.
    let sectors: [UInt8] = [1, 3, 2, 6, 4, 5]
    let colour = sectors[Int((hue + 30) / 60) % 6]
    return .ansi(high >= 230 ? colour + 8 : colour)
  }

  static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }
}
