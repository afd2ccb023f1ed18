// Random MPD songs and filter clauses whose values mix ASCII with case-folding traps (ß, İ, the Kelvin
// sign, CRLF, combining marks), and the plain String reading of MPD filters they are checked against.
// Shared by the protocol's filter tests, the library scan's and the fuzzer (Fuzz/run.sh compiles this
// file with the filter's own sources, where there is no TunesMPD module to import).
import Foundation

#if canImport(TunesMPD)
  import TunesMPD
#endif

/// Random songs and clauses, the same for the same generator state.
public enum MPDFilterSamples {
  public static let pieces = [
    "Help", "help", "HELP", "the ", "Beatles", "river", "Rive", "/", "01 ", "é", "E\u{301}", "É", "straße", "STRASSE",
    "İstanbul", "i\u{307}", "\u{212A}elvin", "kelvin", "\r\n", "\n", "a\r", "Zürich", "ZÜRICH", "Jazz", "QUARTZ",
    "soft\u{AD}hyphen", "ǅ", "Ǆ", "ǆ", "Ÿ", "ÿ", "Ⱥ", "ⱥ", "ı", "Ω", "ΟΔΟΣ", "σοφία", "ί", "\u{37E}", "Москва", "МОСКВА",
    "夜の月", "ラスト", "が", "か\u{3099}", "ﾊﾞ", "하늘", "\u{1100}\u{1161}", "\u{F900}", "✨", "🔥", "👍\u{1F3FD}", "🇫🇷", "👩\u{200D}🚀",
    "❤\u{FE0F}",
    "שלום", "حب", "\u{600}1", "\0", "é\0", "",
  ]

  public static let asciiPieces = pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } }

  public static func text<R: RandomNumberGenerator>(_ random: inout R, maxPieces: Int = 3, ascii: Bool = false) -> String {
    let from = ascii ? asciiPieces : pieces
    return (0..<below(&random, maxPieces + 1)).map { _ in from[below(&random, from.count)] }.joined()
  }

  /// Half the songs are ASCII throughout, so that whole filters run on the byte path. Each of `tags` is
  /// set three times in four, with up to `maxValues` values.
  public static func song<R: RandomNumberGenerator>(
    _ random: inout R, tags: [MPDTag] = MPDTag.allCases, maxValues: Int = 1
  ) -> MPDSong {
    let ascii = random.next() % 2 == 0
    var values = MPDTags()
    for tag in tags where random.next() % 4 != 0 {
      for _ in 0...below(&random, maxValues) { values.append(text(&random, ascii: ascii), to: tag) }
    }
    return MPDSong(file: text(&random, ascii: ascii) + "/" + text(&random, ascii: ascii) + ".mp3", tags: values)
  }

  /// A needle taken from the song's own values about half the time, so that many clauses hold.
  public static func clause<R: RandomNumberGenerator>(
    _ random: inout R, song: MPDSong, tags: [MPDTag] = MPDTag.allCases
  ) -> MPDFilter.Clause {
    let fields: [MPDFilter.Field] = [.any, .file, .base] + tags.map { .tag($0) }
    let field = fields[below(&random, fields.count)]
    let ops: [MPDFilter.Operator] = [.equal, .notEqual, .contains, .startsWith]
    var value = text(&random, maxPieces: 2)
    if random.next() % 2 == 0 {
      let source = Array(([song.file] + song.tags.allValues).randomElement(using: &random)!)
      let start = below(&random, source.count + 1)
      let end = start + below(&random, source.count - start + 1)
      value = String(source[start..<end])
      if random.next() % 3 == 0 { value = value.uppercased() }
    }
    return MPDFilter.Clause(
      field: field, op: ops[Int(random.next() % 4)], value: value, ignoreCase: random.next() % 2 == 0,
      negated: random.next() % 4 == 0)
  }

  /// A number in 0..<n (0 when n is not positive), by remainder: the cases, not their spread, matter.
  static func below<R: RandomNumberGenerator>(_ random: inout R, _ n: Int) -> Int {
    n <= 0 ? 0 : Int(random.next() % UInt64(n))
  }
}

/// The filter as the protocol defines it, one String at a time: `lowercased()`, then `==`,
/// `firstRange(of:)` and `hasPrefix`. A tag clause asks whether any of the song's values of the tag (or,
/// lacking those, of its first fallback it has) matches, `!=` being `==` negated; a song with none of
/// them matches only an empty value (MPD's TagSongFilter).
public func stringReading(_ filter: MPDFilter, _ song: MPDSong) -> Bool {
  filter.clauses.allSatisfy { clause in
    let candidates: [String]
    switch clause.field {
    case .tag(let tag):
      candidates = ([tag] + tag.fallbacks).lazy.map { song.tags[all: $0] }.first { !$0.isEmpty } ?? []
      if candidates.isEmpty { return (clause.value.isEmpty) != (clause.negated != (clause.op == .notEqual)) }
    case .any: candidates = song.tags.allValues  // tags only, never the URI, as mpd
    case .file: candidates = [song.file]
    case .base:
      let base = clause.value.hasSuffix("/") ? clause.value : clause.value + "/"
      return (clause.value.isEmpty || song.file.hasPrefix(base)) != clause.negated
    case .modifiedSince:
      guard let since = try? MPDTime.seconds(clause.value), let modified = song.lastModified else { return clause.negated }
      return (modified.timeIntervalSince1970 >= since) != clause.negated
    case .audioFormat:
      // Part by part, as MPD's mask reads: a part the filter leaves out (`*`) takes any value.
      guard clause.op != .notEqual, let mask = try? MPDAudioFormat.parseMask(clause.value, mask: clause.op == .regex),
        let format = song.audioFormat
      else { return clause.negated }
      let hit =
        (mask.sampleRate == nil || mask.sampleRate == format.sampleRate) && (mask.sample == nil || mask.sample == format.sample)
        && (mask.channels == nil || mask.channels == format.channels)
      return hit != clause.negated
    }
    if clause.op == .regex {
      guard let regex = try? Regex(clause.value) else { return false }
      let pattern = clause.ignoreCase ? regex.ignoresCase() : regex
      return candidates.contains { (try? pattern.firstMatch(in: $0)) != nil } != clause.negated
    }
    let needle = clause.ignoreCase ? clause.value.lowercased() : clause.value
    let hit = candidates.contains { raw in
      let value = clause.ignoreCase ? raw.lowercased() : raw
      switch clause.op {
      case .equal, .notEqual: return value == needle
      case .contains: return value.firstRange(of: needle) != nil
      case .startsWith: return value.hasPrefix(needle)
      case .regex: return false  // read above
      }
    }
    return hit != (clause.negated != (clause.op == .notEqual))
  }
}
