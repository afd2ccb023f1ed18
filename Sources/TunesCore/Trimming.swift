// Trimming names read in bulk (tags, catalogue entries, shuffle keys): Foundation's character-set
// trimming costs microseconds even when there is nothing to trim, and most names have nothing to trim.
import Foundation

extension String {
  /// The text without the characters of `set` at either end; the ends are looked at first, and the
  /// text is returned as it is when neither is in `set`.
  public func trimmingEnds(in set: CharacterSet) -> String {
    guard let first = unicodeScalars.first, let last = unicodeScalars.last, set.contains(first) || set.contains(last)
    else { return self }
    return trimmingCharacters(in: set)
  }
}
