// The compiled matcher run on a song's values as bytes in place, beside MPDFilterSamples' String
// reading. Shared by FilterMatcherTests and the fuzzer (Fuzz/run.sh compiles
// this file with the filter's own sources, where there is no TunesMPD module to import).
#if canImport(TunesMPD)
  @testable import TunesMPD
#endif

/// The matcher on the song's file and tags as UTF-8 bytes in buffers of their own, as the library scan
/// hands them over.
func matchesInPlace(_ matcher: MPDFilter.Matcher, _ song: MPDSong) -> Bool {
  func copy(_ text: String) -> UnsafeBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
    _ = buffer.initialize(from: text.utf8)
    return UnsafeBufferPointer(buffer)
  }
  let file = copy(song.file)
  var tags: [MPDTag: [UnsafeBufferPointer<UInt8>]] = [:]
  for tag in song.tags.types { tags[tag] = song.tags[all: tag].map(copy) }
  defer { ([file] + tags.values.joined()).forEach { $0.deallocate() } }
  return matcher.matches(
    file: { .bytes(file) }, values: { (tags[$0] ?? []).map { .bytes($0) } },
    modified: { song.lastModified?.timeIntervalSince1970 })
}
