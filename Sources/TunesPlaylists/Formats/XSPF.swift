// XSPF (XML Shareable Playlist Format, xspf.org/ns/0/) as VLC, Audacious and Strawberry write it:
// locations as file:// URIs with percent-escapes, durations in milliseconds, identifiers as URIs.
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

enum XSPF {
  static let recordingPrefix = "https://musicbrainz.org/recording/"

  static func parse(_ data: Data, baseFolder: String, file: String) throws -> PlaylistDocument {
    let parser = XMLParser(data: data)
    let reader = Reader(baseFolder: baseFolder, file: file, parser: parser)
    parser.delegate = reader
    let ok = parser.parse()
    if let failure = reader.failure { throw failure }
    // Foundation on Linux returns true from parse() for a document cut short or followed by more
    // content: libxml2's error reaches only the delegate. Any fault that is not a warning refuses the file.
    if let fault = XMLFault.refusing(reader.faults) {
      throw PlaylistError.parse(file: file, place: fault.place, reason: fault.reason)
    }
    if !ok {
      let code = parser.parserError.map { ($0 as NSError).code } ?? 1
      let fault = XMLFault(code: code, line: parser.lineNumber, column: parser.columnNumber, open: [], rootClosed: false)
      throw PlaylistError.parse(file: file, place: fault.place, reason: fault.reason)
    }
    guard reader.sawPlaylist else {
      throw PlaylistError.parse(file: file, place: "line 1", reason: "no <playlist> root element: this is not XSPF")
    }
    return reader.document
  }

  /// The MBID in a `https://musicbrainz.org/recording/<mbid>` identifier, if that is what it is.
  static func mbid(fromIdentifier identifier: String) -> String? {
    let trimmed = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
    for prefix in [recordingPrefix, "http://musicbrainz.org/recording/"] where trimmed.hasPrefix(prefix) {
      let rest = trimmed.dropFirst(prefix.count)
      return rest.isEmpty ? nil : String(rest)
    }
    return nil
  }

  /// Collects the few elements tunes keeps; everything else (annotation, image, extension…) is skipped.
  private final class Reader: NSObject, XMLParserDelegate {
    let baseFolder: String
    let file: String
    unowned let parser: XMLParser
    var document = PlaylistDocument(entries: [])
    var sawPlaylist = false
    var failure: PlaylistError?
    /// Every XML error and warning XMLParser reported, where it stood then (later it may read on).
    var faults: [XMLFault] = []
    private var rootClosed = false
    private var path: [String] = []
    private var text = ""
    private var entry = PlaylistFileEntry()
    private var locations: [String] = []

    init(baseFolder: String, file: String, parser: XMLParser) {
      self.baseFolder = baseFolder
      self.file = file
      self.parser = parser
    }

    private func local(_ name: String) -> String {
      name.split(separator: ":").last.map(String.init) ?? name
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      let name = local(elementName)
      if path.isEmpty {
        guard name == "playlist" else {
          fail("root element is <\(name)>, not <playlist>: this is not XSPF")
          return
        }
        sawPlaylist = true
      }
      path.append(name)
      text = ""
      if path == ["playlist", "trackList", "track"] {
        entry = PlaylistFileEntry()
        locations = []
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      faults.append(
        XMLFault(
          code: (parseError as NSError).code, line: parser.lineNumber, column: parser.columnNumber, open: path,
          rootClosed: rootClosed))
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
      text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
      let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
      let content: String? = value.isEmpty ? nil : value
      switch path {
      case ["playlist", "title"]: document.title = content
      case ["playlist", "creator"]: document.creator = content
      case ["playlist", "trackList", "track", "location"]: if let content { locations.append(content) }
      case ["playlist", "trackList", "track", "title"]: entry.title = content
      case ["playlist", "trackList", "track", "creator"]: entry.artist = content
      case ["playlist", "trackList", "track", "album"]: entry.album = content
      case ["playlist", "trackList", "track", "identifier"]:
        if entry.recordingMbid == nil, let content { entry.recordingMbid = XSPF.mbid(fromIdentifier: content) }
      case ["playlist", "trackList", "track", "duration"]:
        if let content {
          guard let ms = Int(content), ms >= 0 else {
            fail("<duration> '\(content)' is not a whole number of milliseconds")
            return
          }
          entry.durationMs = ms > 0 ? ms : nil
        }
      case ["playlist"]: rootClosed = true
      case ["playlist", "trackList", "track"]:
        // A track may list several locations; the first local one is the one a player here can use.
        let chosen = locations.first { $0.lowercased().hasPrefix("file:") || !$0.contains(":") } ?? locations.first
        entry.location = chosen.map { FilePaths.localPath(fromLocation: $0, baseFolder: baseFolder, uriReference: true) }
        document.entries.append(entry)
      default: break
      }
      if !path.isEmpty { path.removeLast() }
      text = ""
    }

    private func fail(_ reason: String) {
      if failure == nil {
        failure = PlaylistError.parse(file: file, place: "line \(max(parser.lineNumber, 1))", reason: reason)
      }
      parser.abortParsing()
    }
  }

  /// XSPF version 1; locations are file:// URIs (relative references when `folder` is given).
  static func write(_ document: PlaylistDocument, relativeTo folder: String?) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\">\n"
    if let title = document.title { out += "  <title>\(escape(title))</title>\n" }
    if let creator = document.creator { out += "  <creator>\(escape(creator))</creator>\n" }
    out += "  <trackList>\n"
    for entry in document.entries {
      out += "    <track>\n"
      if let location = entry.location, !location.isEmpty {
        let uri: String
        if let folder, location.hasPrefix("/") {
          uri = String(FilePaths.fileURI(path: "/" + FilePaths.relative(path: location, to: folder)).dropFirst("file:///".count))
        } else if location.hasPrefix("/") {
          uri = FilePaths.fileURI(path: location)
        } else {
          uri = location
        }
        out += "      <location>\(escape(uri))</location>\n"
      }
      if let mbid = entry.recordingMbid { out += "      <identifier>\(escape(recordingPrefix + mbid))</identifier>\n" }
      if let title = entry.title { out += "      <title>\(escape(title))</title>\n" }
      if let artist = entry.artist { out += "      <creator>\(escape(artist))</creator>\n" }
      if let album = entry.album { out += "      <album>\(escape(album))</album>\n" }
      if let ms = entry.durationMs { out += "      <duration>\(ms)</duration>\n" }
      out += "    </track>\n"
    }
    out += "  </trackList>\n</playlist>\n"
    return out
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for ch in text {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(ch)
      }
    }
    return out
  }
}
