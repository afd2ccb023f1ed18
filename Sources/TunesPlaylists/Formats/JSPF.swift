// JSPF, the JSON form of XSPF, as ListenBrainz serves it (GET /1/playlist/{mbid}): {"playlist": {"title",
// "creator", "track": [{"title", "creator", "album", "duration" (ms), "identifier" (recording URL or list)}]}}.
import Foundation

enum JSPF {
  static func parse(_ data: Data, baseFolder: String, file: String) throws -> PlaylistDocument {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      let info = (error as NSError).userInfo
      let detail = (info["NSDebugDescription"] as? String) ?? (error as NSError).localizedDescription
      throw PlaylistError.parse(file: file, place: "$", reason: "not valid JSON: \(detail)")
    }
    func fail(_ place: String, _ reason: String) -> PlaylistError {
      PlaylistError.parse(file: file, place: place, reason: reason)
    }
    guard let top = root as? [String: Any] else { throw fail("$", "expected an object with a \"playlist\" member") }
    guard let playlist = top["playlist"] as? [String: Any] else {
      throw fail("$.playlist", top["playlist"] == nil ? "missing: this is not JSPF" : "expected an object")
    }
    var document = PlaylistDocument(entries: [])
    document.title = try string(playlist["title"], at: "$.playlist.title", fail)
    document.creator = try string(playlist["creator"], at: "$.playlist.creator", fail)
    let tracks: [Any]
    switch playlist["track"] {
    case nil, is NSNull: tracks = []
    case let list as [Any]: tracks = list
    default: throw fail("$.playlist.track", "expected a list of tracks")
    }
    for (index, item) in tracks.enumerated() {
      let place = "$.playlist.track[\(index)]"
      guard let track = item as? [String: Any] else { throw fail(place, "expected an object") }
      var entry = PlaylistFileEntry()
      entry.title = try string(track["title"], at: place + ".title", fail)
      entry.artist = try string(track["creator"], at: place + ".creator", fail)
      entry.album = try string(track["album"], at: place + ".album", fail)
      switch track["duration"] {
      case nil, is NSNull: break
      case let number as NSNumber where !(number is Bool) && number.doubleValue >= 0:
        let ms = Int(number.doubleValue.rounded())
        entry.durationMs = ms > 0 ? ms : nil
      default: throw fail(place + ".duration", "expected a number of milliseconds")
      }
      let identifiers = try strings(track["identifier"], at: place + ".identifier", fail)
      entry.recordingMbid = identifiers.lazy.compactMap(XSPF.mbid(fromIdentifier:)).first
      let locations = try strings(track["location"], at: place + ".location", fail)
      let chosen = locations.first { $0.lowercased().hasPrefix("file:") } ?? locations.first
      entry.location = chosen.map { FilePaths.localPath(fromLocation: $0, baseFolder: baseFolder, uriReference: true) }
      document.entries.append(entry)
    }
    return document
  }

  private static func string(_ value: Any?, at place: String, _ fail: (String, String) -> PlaylistError) throws -> String? {
    switch value {
    case nil, is NSNull: return nil
    case let text as String: return text.isEmpty ? nil : text
    default: throw fail(place, "expected a string")
    }
  }

  /// A string or a list of strings (JSPF allows both; ListenBrainz reads the first of a list).
  private static func strings(_ value: Any?, at place: String, _ fail: (String, String) -> PlaylistError) throws -> [String] {
    switch value {
    case nil, is NSNull: return []
    case let text as String: return [text]
    case let list as [Any]:
      return try list.enumerated().map { index, item in
        guard let text = item as? String else { throw fail("\(place)[\(index)]", "expected a string") }
        return text
      }
    default: throw fail(place, "expected a string or a list of strings")
    }
  }

  /// Keys sorted as ListenBrainz writes them; identifiers as a list of recording URLs; locations as
  /// a list of file:// URIs (tunes' addition: ListenBrainz ignores it, other players use it).
  static func write(_ document: PlaylistDocument) -> Data {
    var tracks: [[String: Any]] = []
    for entry in document.entries {
      var track: [String: Any] = [:]
      if let title = entry.title { track["title"] = title }
      if let artist = entry.artist { track["creator"] = artist }
      if let album = entry.album { track["album"] = album }
      if let ms = entry.durationMs { track["duration"] = ms }
      if let mbid = entry.recordingMbid { track["identifier"] = [XSPF.recordingPrefix + mbid] }
      if let location = entry.location, !location.isEmpty {
        track["location"] = [location.hasPrefix("/") ? FilePaths.fileURI(path: location) : location]
      }
      tracks.append(track)
    }
    var playlist: [String: Any] = ["track": tracks]
    if let title = document.title { playlist["title"] = title }
    if let creator = document.creator { playlist["creator"] = creator }
    let data =
      (try? JSONSerialization.data(
        withJSONObject: ["playlist": playlist], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return data + Data("\n".utf8)
  }
}
