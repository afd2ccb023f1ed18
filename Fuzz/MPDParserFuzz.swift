// libFuzzer entry for the MPD request parser, compiled by Fuzz/run.sh with swiftc -sanitize=fuzzer
// together with the protocol module's source files. Every input is split into lines as the server does; each
// line must parse or fail with an ACK error, never crash, and a parsed request must survive quoting;
// a filter it makes must give the same answers compiled (on Strings and on bytes) as read as Strings
// (Tests/TunesMPDTests/FilterReading.swift, compiled in by Fuzz/run.sh).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMPDParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var lineStart = 0
  for index in 0...size where index == size || bytes[index] == 0x0A {
    var end = index
    if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
    let line = Array(bytes[lineStart..<end])
    lineStart = index + 1
    guard line.count <= MPDRequestParser.maximumLineLength else { continue }
    let request: MPDRequest
    do {
      request = try MPDRequestParser.parse(line)
    } catch {
      precondition(!error.ackLine(index: 0, command: "").contains("\n\n"), "an ACK must be one line")
      continue
    }
    // Quoting every argument and parsing again gives the same request back.
    let requoted = ([request.command] + request.arguments.map(MPDRequestParser.quote)).joined(separator: " ")
    let again = try? MPDRequestParser.parse(requoted)
    precondition(again == request, "quote/parse round trip failed for \(request)")
    // Arguments flow into ranges and filters: those must fail cleanly too.
    for argument in request.arguments {
      if let range = try? MPDRange.parse(argument) {
        precondition(range.start >= 0 && (range.end ?? range.start) >= range.start, "bad range \(range)")
      }
    }
    if let filter = try? MPDFilter.parse(request.arguments, substring: request.command.hasPrefix("search")) {
      checkMatcher(filter, request.arguments)
    }
  }
  return 0
}

/// The compiled filter, on bytes in place, must answer as the String reading does, for a song whose file
/// and tags are the request's own arguments (so that filters often hold) and their case-changed forms.
func checkMatcher(_ filter: MPDFilter, _ arguments: [String]) {
  var tags = MPDTags()
  for (offset, tag) in MPDTag.allCases.enumerated() where !arguments.isEmpty {
    let value = arguments[offset % arguments.count]
    let variant = offset % 3 == 0 ? value.uppercased() : offset % 3 == 1 ? value.lowercased() : value
    if !variant.isEmpty { tags[tag] = variant }
  }
  let song = MPDSong(file: arguments.last.map { $0 + "/x.mp3" } ?? "x.mp3", tags: tags)
  let expected = stringReading(filter, song)
  let matcher = MPDFilter.Matcher(filter)
  precondition(matcher.matches(song) == expected, "matcher disagrees on \(filter) for \(song)")
  precondition(matchesInPlace(matcher, song) == expected, "matcher on bytes disagrees on \(filter) for \(song)")
}
