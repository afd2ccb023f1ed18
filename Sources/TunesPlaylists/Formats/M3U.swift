// M3U and M3U8, plain and extended (#EXTM3U, #EXTINF:secs,Artist - Title), as Winamp, VLC, foobar2000
// and MPD write them. Pure: bytes in, document out, and back.
import Foundation

enum M3U {
  static func parse(_ data: Data, baseFolder: String, file: String) throws -> PlaylistDocument {
    let text = try decode(data, file: file)
    var document = PlaylistDocument(entries: [])
    var pending = PlaylistFileEntry()
    var pendingLine: Int?  // the line of an #EXTINF still waiting for its location
    var lineNumber = 0
    // By isNewline, not "\n": Swift reads "\r\n" (Windows players) as one Character.
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty { continue }
      if line.unicodeScalars.contains(where: { $0.value == 0 }) {
        throw PlaylistError.parse(file: file, place: "line \(lineNumber)", reason: "NUL byte: this is not a text playlist")
      }
      if line.hasPrefix("#") {
        if line.hasPrefix("#EXTINF:") {
          if let earlier = pendingLine {
            throw PlaylistError.parse(file: file, place: "line \(earlier)", reason: "#EXTINF is not followed by a location")
          }
          pending = try extinf(String(line.dropFirst(8)), into: pending, place: "line \(lineNumber)", file: file)
          pendingLine = lineNumber
        } else if line.hasPrefix("#EXTALB:") {
          pending.album = value(line.dropFirst(8))
        } else if line.hasPrefix("#EXTART:") {
          pending.artist = value(line.dropFirst(8))
        } else if line.hasPrefix("#EXTMBID:") {
          pending.recordingMbid = value(line.dropFirst(9))
        } else if line.hasPrefix("#PLAYLIST:") {
          document.title = value(line.dropFirst(10))
        }
        continue  // #EXTM3U and every other comment or directive
      }
      pending.location = FilePaths.localPath(fromLocation: line, baseFolder: baseFolder)
      document.entries.append(pending)
      pending = PlaylistFileEntry()
      pendingLine = nil
    }
    if let earlier = pendingLine {
      throw PlaylistError.parse(file: file, place: "line \(earlier)", reason: "#EXTINF is not followed by a location")
    }
    return document
  }

  /// UTF-8 (a BOM is skipped); a .m3u that is not UTF-8 is read as Latin-1, as Winamp wrote it.
  private static func decode(_ data: Data, file: String) throws -> String {
    var bytes = data
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    if let text = String(data: bytes, encoding: .utf8) { return text }
    if (file as NSString).pathExtension.lowercased() == "m3u", let text = String(data: bytes, encoding: .isoLatin1) {
      return text
    }
    var line = 1
    for chunk in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      if String(data: Data(chunk), encoding: .utf8) == nil { break }
      line += 1
    }
    throw PlaylistError.parse(file: file, place: "line \(line)", reason: "not valid UTF-8 (an .m3u8 must be UTF-8)")
  }

  private static func value(_ text: Substring) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// `secs[ key="value"…],Artist - Title`; -1 (or 0) seconds means unknown.
  private static func extinf(_ body: String, into entry: PlaylistFileEntry, place: String, file: String) throws
    -> PlaylistFileEntry
  {
    var entry = entry
    let comma = body.firstIndex(of: ",")
    let head = comma.map { body[..<$0] } ?? body[...]
    let durationText = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    guard let seconds = Double(durationText.trimmingCharacters(in: .whitespaces)), seconds.isFinite else {
      throw PlaylistError.parse(file: file, place: place, reason: "#EXTINF duration '\(durationText)' is not a number of seconds")
    }
    if seconds > 0 { entry.durationMs = Int((seconds * 1000).rounded()) }
    if let comma {
      let display = body[body.index(after: comma)...].trimmingCharacters(in: .whitespaces)
      if let dash = display.range(of: " - ") {
        entry.artist = value(display[..<dash.lowerBound])
        entry.title = value(display[dash.upperBound...])
      } else {
        entry.title = value(display[...])
      }
    }
    return entry
  }

  /// Extended M3U. Paths are absolute unless `folder` is given (then relative to it). Album and
  /// recording MBID go in `#EXTALB`/`#EXTMBID` lines, which other players skip as comments.
  static func write(_ document: PlaylistDocument, relativeTo folder: String?) -> String {
    var lines = ["#EXTM3U"]
    if let title = document.title { lines.append("#PLAYLIST:" + oneLine(title)) }
    // An entry without a location (e.g. one that came from ListenBrainz by MBID only) cannot be
    // written in M3U: the location is the entry.
    for entry in document.entries {
      guard let location = entry.location, !location.isEmpty else { continue }
      if entry.durationMs != nil || entry.title != nil || entry.artist != nil {
        var display = oneLine(entry.title ?? "")
        if let artist = entry.artist, !artist.isEmpty { display = oneLine(artist) + " - " + display }
        lines.append("#EXTINF:\(seconds(entry.durationMs)),\(display)")
      }
      if let album = entry.album, !album.isEmpty { lines.append("#EXTALB:" + oneLine(album)) }
      if let mbid = entry.recordingMbid { lines.append("#EXTMBID:" + oneLine(mbid)) }
      if let folder, location.hasPrefix("/") {
        lines.append(FilePaths.relative(path: location, to: folder))
      } else {
        lines.append(location)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whole seconds when exact (what other players write), else milliseconds as decimals; -1 if unknown.
  private static func seconds(_ ms: Int?) -> String {
    guard let ms, ms > 0 else { return "-1" }
    if ms % 1000 == 0 { return String(ms / 1000) }
    return String(format: "%d.%03d", ms / 1000, ms % 1000)
  }

  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}
