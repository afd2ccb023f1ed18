// What a compiled filter must agree with: MPD filters read one String at a time, and the matcher run on
// a song's values as bytes in place. Shared by FilterMatcherTests and the fuzzer (Fuzz/run.sh compiles
// this file with the filter's own sources, where there is no TunesMPD module to import).
#if canImport(TunesMPD)
  @testable import TunesMPD
#endif

/// The filter as the protocol defines it, one String at a time: `lowercased()`, then `==`,
/// `firstRange(of:)` and `hasPrefix`.
func stringReading(_ filter: MPDFilter, _ song: MPDSong) -> Bool {
  filter.clauses.allSatisfy { clause in
    let candidates: [String]
    switch clause.field {
    case .tag(let tag): candidates = [song.tags[tag] ?? ""]
    case .any: candidates = [song.file] + MPDTag.allCases.compactMap { song.tags[$0] }
    case .file: candidates = [song.file]
    case .base:
      let base = clause.value.hasSuffix("/") ? clause.value : clause.value + "/"
      return (clause.value.isEmpty || song.file.hasPrefix(base)) != clause.negated
    case .modifiedSince:
      guard let since = try? MPDTime.seconds(clause.value), let modified = song.lastModified else { return clause.negated }
      return (modified.timeIntervalSince1970 >= since) != clause.negated
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
      case .equal: return value == needle
      case .notEqual: return value != needle
      case .contains: return value.firstRange(of: needle) != nil
      case .startsWith: return value.hasPrefix(needle)
      case .regex: return false  // read above
      }
    }
    return hit != clause.negated
  }
}

/// The matcher on the song's file and tags as UTF-8 bytes in buffers of their own, as the library scan
/// hands them over.
func matchesInPlace(_ matcher: MPDFilter.Matcher, _ song: MPDSong) -> Bool {
  func copy(_ text: String) -> UnsafeBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
    _ = buffer.initialize(from: text.utf8)
    return UnsafeBufferPointer(buffer)
  }
  let file = copy(song.file)
  let tags = song.tags.mapValues(copy)
  defer { ([file] + tags.values).forEach { $0.deallocate() } }
  return matcher.matches(
    file: { .bytes(file) }, tag: { tags[$0].map { .bytes($0) } }, modified: { song.lastModified?.timeIntervalSince1970 })
}
