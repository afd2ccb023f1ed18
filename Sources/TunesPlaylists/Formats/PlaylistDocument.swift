// The format-neutral content of a playlist file: what M3U, XSPF and JSPF readers produce and writers take.
import Foundation

public enum PlaylistFormat: String, Sendable, CaseIterable, Codable {
  case m3u, m3u8, xspf, jspf

  /// The format a file name says, from its extension (case-insensitive).
  public init?(path: String) {
    self.init(rawValue: (path as NSString).pathExtension.lowercased())
  }
}

/// One entry of a playlist file. `location` is an absolute path when the file gave a local one.
public struct PlaylistFileEntry: Sendable, Hashable, Codable {
  public var location: String?
  public var title: String?
  public var artist: String?
  public var album: String?
  public var durationMs: Int?
  public var recordingMbid: String?

  public init(
    location: String? = nil, title: String? = nil, artist: String? = nil, album: String? = nil,
    durationMs: Int? = nil, recordingMbid: String? = nil
  ) {
    self.location = location
    self.title = title
    self.artist = artist
    self.album = album
    self.durationMs = durationMs
    self.recordingMbid = recordingMbid
  }
}

public struct PlaylistDocument: Sendable, Hashable {
  public var title: String?
  public var creator: String?
  public var entries: [PlaylistFileEntry]

  public init(title: String? = nil, creator: String? = nil, entries: [PlaylistFileEntry]) {
    self.title = title
    self.creator = creator
    self.entries = entries
  }
}

/// Reading and writing any of the formats by name; each format's own file holds the details.
public enum PlaylistCodec {
  /// Parses `data` read from `file` (named in errors; its folder resolves relative paths, unless
  /// `baseFolder` names another one).
  public static func parse(
    _ data: Data, format: PlaylistFormat, file: String, baseFolder: String? = nil
  ) throws -> PlaylistDocument {
    let folder = baseFolder ?? (file as NSString).deletingLastPathComponent
    switch format {
    case .m3u, .m3u8: return try M3U.parse(data, baseFolder: folder, file: file)
    case .xspf: return try XSPF.parse(data, baseFolder: folder, file: file)
    case .jspf: return try JSPF.parse(data, baseFolder: folder, file: file)
    }
  }

  /// Writes a document; `relativeTo` (a folder) makes M3U paths relative to it.
  public static func write(_ document: PlaylistDocument, format: PlaylistFormat, relativeTo folder: String?) -> Data {
    switch format {
    case .m3u, .m3u8: return Data(M3U.write(document, relativeTo: folder).utf8)
    case .xspf: return Data(XSPF.write(document, relativeTo: folder).utf8)
    case .jspf: return JSPF.write(document)
    }
  }

  /// Reads and parses a file, the format coming from its extension unless given.
  public static func read(path: String, format: PlaylistFormat? = nil) throws -> PlaylistDocument {
    try read(path: path, format: format, baseFolders: [])[0]
  }

  /// The file parsed once with relative paths resolved in its own folder, then once per `baseFolders`
  /// (same entries, in the same order: only relative locations differ).
  public static func read(path: String, format: PlaylistFormat?, baseFolders: [String]) throws -> [PlaylistDocument] {
    guard let format = format ?? PlaylistFormat(path: path) else { throw PlaylistError.unknownFormat(path: path) }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw PlaylistError.unreadable(
        path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
    }
    return try [parse(data, format: format, file: path)]
      + baseFolders.map { try parse(data, format: format, file: path, baseFolder: $0) }
  }
}
