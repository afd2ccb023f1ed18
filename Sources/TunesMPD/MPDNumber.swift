// Numbers in a client's arguments, read as mpd 0.23 reads them (its ArgParser): a whole argument of
// digits after an optional sign, then bounded by the C type mpd keeps the value in: positions, ranges
// and signed numbers in 32 bits, unsigned ones (ids, offsets) in 32 bits too, song times in unsigned
// milliseconds. Past the bound the answer is mpd's "Number too large: X". Because every number is
// bounded here, the arithmetic on positions, ids and times after it (`+ 1`, `* 1000`, a relative
// position added to the current one) cannot overflow, whatever a client sends.

public enum MPDNumber {
  /// mpd's `int`: positions, ranges, `play`, `playid`, `volume`.
  public static let signed32 = Int(Int32.min)...Int(Int32.max)
  /// mpd's `unsigned`: ids, offsets, outputs, `crossfade`.
  public static let largestUnsigned = Int(UInt32.max)
  /// The longest time mpd's `SongTime` holds (unsigned milliseconds), in seconds: a seek further than
  /// that goes there, which is past the end of any song.
  public static let longestTime = Double(UInt32.max) / 1000
  /// The furthest a relative seek moves (mpd's `SignedSongTime`, signed milliseconds), in seconds.
  public static let longestSignedTime = Double(Int32.max) / 1000

  /// The integer `text` spells (an optional `+` or `-`, then decimal digits, nothing else), nil when it
  /// spells none. One too large for `Int` saturates at `Int.min`/`Int.max`, so callers see it as out of
  /// their bounds rather than as not a number, as C's `strtol` saturates.
  static func integer<Text: StringProtocol>(_ text: Text) -> Int? {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative || digits.first == "+" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    if let value = Int(text) { return value }
    return negative ? Int.min : Int.max
  }

  /// A queue version as mpd's `ParseCommandArgU32` reads it: C's `strtoul` kept in 32 bits, so a negative
  /// or huge number wraps to a large version instead of being refused.
  static func version<Text: StringProtocol>(_ text: Text) -> Int? {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative || digits.first == "+" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    var magnitude: UInt64 = UInt64(digits) ?? .max
    if negative, magnitude != .max { magnitude = 0 &- magnitude }
    return Int(UInt32(truncatingIfNeeded: magnitude))
  }
}
