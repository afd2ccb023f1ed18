// A regular expression of a filter (`(Title =~ '^D')`, `!~`), compiled once per filter. MPD hands these
// to PCRE; tunes compiles them with Swift's Regex, whose syntax is PCRE's for the patterns clients send
// (classes, anchors, alternation, repetition). Like MPD's, a pattern matches anywhere in the value, and
// ignores case for `search`.

struct MPDPattern: @unchecked Sendable {
  // Regex is a value that is never mutated after it is built: sharing it between tasks is safe, though
  // the standard library does not declare it Sendable.
  private let regex: Regex<AnyRegexOutput>

  /// Compiles `pattern`; a pattern Swift cannot read is MPD's argument error.
  init(_ pattern: String, ignoreCase: Bool) throws(MPDError) {
    do {
      let compiled = try Regex(pattern)
      regex = ignoreCase ? compiled.ignoresCase() : compiled
    } catch {
      throw MPDError.argument("Error in regex: \(pattern)")
    }
  }

  /// Whether the pattern matches somewhere in `value`.
  func matches(_ value: String) -> Bool { (try? regex.firstMatch(in: value)) != nil }
}
