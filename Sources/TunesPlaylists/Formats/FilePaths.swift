// Path and URI arithmetic shared by the formats: file:// URIs with percent-escapes, relative paths.
import Foundation

enum FilePaths {
  /// Bytes left unescaped in a file URI path: RFC 3986 unreserved characters and "/".
  private static let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)

  /// `file:///abs/path` with every other byte of the UTF-8 path percent-escaped.
  static func fileURI(path: String) -> String {
    var out = "file://"
    for byte in path.utf8 {
      if plain.contains(byte) {
        out.append(Character(Unicode.Scalar(byte)))
      } else {
        out += String(format: "%%%02X", byte)
      }
    }
    return out
  }

  /// The local path a location names: a `file:` URI (decoded), an absolute path, or a path relative to
  /// `baseFolder`. Other URIs (http:…) are returned unchanged: they never match a song, but are kept.
  /// `uriReference`: the location is a URI (XSPF, JSPF), so a relative one is percent-decoded too.
  static func localPath(fromLocation location: String, baseFolder: String, uriReference: Bool = false) -> String {
    let trimmed = location.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased().hasPrefix("file:") {
      var rest = String(trimmed.dropFirst(5))
      if rest.hasPrefix("//") {
        rest.removeFirst(2)
        // file://host/path: drop the host ("localhost" or empty are the only local ones).
        if let slash = rest.firstIndex(of: "/") { rest = String(rest[slash...]) } else { rest = "/" }
      }
      let decoded = rest.removingPercentEncoding ?? rest
      return normalize(decoded, baseFolder: baseFolder)
    }
    if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].count > 1,
      trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
    {
      return trimmed
    }
    let path = uriReference ? (trimmed.removingPercentEncoding ?? trimmed) : trimmed
    return normalize(path, baseFolder: baseFolder)
  }

  /// Absolute, with `.` and `..` resolved (no symlinks followed: the library stores paths as scanned).
  /// A relative `baseFolder` (the folder of a playlist named as `pl/mix.m3u8`) is itself relative to the
  /// current directory; dropping it would resolve entries against `/pl`.
  static func normalize(_ path: String, baseFolder: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    let base = baseFolder.hasPrefix("/") ? baseFolder : (baseFolder.isEmpty ? cwd : cwd + "/" + baseFolder)
    let absolute = path.hasPrefix("/") ? path : base + "/" + path
    var parts: [Substring] = []
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `path` written relative to `folder` (both absolute), e.g. `../B/song.mp3`.
  static func relative(path: String, to folder: String) -> String {
    let target = normalize(path, baseFolder: "/").split(separator: "/")
    let base = normalize(folder, baseFolder: "/").split(separator: "/")
    var common = 0
    while common < target.count - 1 && common < base.count && target[common] == base[common] { common += 1 }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + target[common...].map(String.init)).joined(separator: "/")
  }
}
