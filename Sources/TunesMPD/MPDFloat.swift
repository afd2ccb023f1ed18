// Floating-point numbers as mpd 0.23 writes them in `status` (`mixrampdb`, `mixrampdelay`): the shortest
// digits that read back as the same value (mpd formats with the fmt library's `{}`), in plain notation
// unless the decimal exponent is below -4 or 16 and above, then as `1.5e-07`; no trailing `.0`. A
// `mixrampdb` is a float and is written with a float's shortest digits; a `mixrampdelay` is a float
// widened to a double and is written with a double's, so 0.1 shows as 0.10000000149011612, as in mpd.
public enum MPDFloat {
  /// A float as mpd writes it (what a client sends back reads as the same value).
  public static func text(_ value: Float) -> String { format(value) }

  static func format(_ value: Float) -> String { layout(value.isNaN || value.isInfinite ? nil : value.description, value) }

  static func format(_ value: Double) -> String { layout(value.isNaN || value.isInfinite ? nil : value.description, value) }

  /// `swift`: Swift's shortest description of a finite value (digits, optional `.`, optional exponent).
  private static func layout<F: BinaryFloatingPoint>(_ swift: String?, _ value: F) -> String {
    guard let swift else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    let negative = swift.hasPrefix("-")
    let unsigned = negative ? swift.dropFirst() : Substring(swift)
    let parts = unsigned.split(separator: "e", maxSplits: 1)
    let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
    let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var digits = Array(mantissa[0]) + (mantissa.count == 2 ? Array(mantissa[1]) : [])
    // The decimal point sits after `point` digits.
    var point = mantissa[0].count + exponent
    while digits.first == "0" {
      digits.removeFirst()
      point -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    guard !digits.isEmpty else { return "0" }
    let sign = negative ? "-" : ""
    let scientific = point - 1
    if scientific < -4 || scientific >= 16 {
      let rest = digits.count > 1 ? "." + String(digits[1...]) : ""
      let magnitude = abs(scientific)
      return sign + String(digits[0]) + rest + "e" + (scientific < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "")
        + String(magnitude)
    }
    if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + String(digits) }
    if point >= digits.count { return sign + String(digits) + String(repeating: "0", count: point - digits.count) }
    return sign + String(digits[..<point]) + "." + String(digits[point...])
  }
}
