// The warnings a decoder collects for the player to report. A damaged file could produce one per
// frame; the player needs a handful, not thousands: the first `limit`, then one line that says more
// were dropped.
enum DecoderWarnings {
  static let limit = 100

  /// Appends `message` while under the limit, the closing `suppressed` line once at it, nothing after.
  static func append(
    _ message: String, to warnings: inout [String],
    suppressed: String = "more damage follows; further warnings suppressed"
  ) {
    if warnings.count < limit {
      warnings.append(message)
    } else if warnings.count == limit {
      warnings.append(suppressed)
    }
  }
}
