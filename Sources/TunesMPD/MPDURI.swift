// Where a URI an MPD client sends may point. Every command that names a song, folder or file by URI
// resolves it here before the backend sees it, so that no client reaches outside the music folder:
// a relative URI is normalised (empty and `.` segments dropped, `..` taken back) and refused when it
// climbs above the music folder; an absolute path or `file://` URI is allowed only to a local client
// (on the Unix socket, as the player's own user), as MPD allows it (its LocateUri and Client::AllowFile);
// any other scheme names a stream, which tunes does not play. The errors are MPD's words and codes.

/// What a URI names once resolved.
public enum MPDLocation: Sendable, Hashable {
  /// A path inside the music folder, relative to it: no empty, `.` or `..` segment, no slash at either
  /// end; "" is the music folder itself.
  case inside(String)
  /// An absolute path on disk, without `.`, `..` or empty segments (only a local client gets one).
  case file(String)

  /// The form the backend takes: the relative URI, or the absolute path.
  public var uri: String {
    switch self {
    case .inside(let relative): return relative
    case .file(let path): return path
    }
  }
}

/// Resolves one client's URIs. `local` is whether the client may name files outside the music folder.
public struct MPDURIResolver: Sendable, Hashable {
  public var local: Bool

  public init(local: Bool) { self.local = local }

  /// The location `uri` names, or the ACK MPD gives: "Bad relative path" for a relative URI leaving
  /// the music folder, "Access denied" for an absolute path or `file://` from a client that is not
  /// local, "Malformed file:// URI" for a `file://` without an absolute path, "Unsupported URI scheme"
  /// for any other scheme. "/" alone is the music folder, as MPD takes it from old clients.
  public func locate(_ uri: String) throws(MPDError) -> MPDLocation {
    let bytes = uri.utf8
    guard !bytes.contains(0) else { throw MPDError.argument("Malformed URI") }
    if uri == "/" { return .inside("") }
    if let path = Self.afterFileScheme(bytes) {
      guard path.first == Self.slash else { throw MPDError.argument("Malformed file:// URI") }
      return try file(path)
    }
    if bytes.first == Self.slash { return try file(bytes[...]) }
    if Self.hasScheme(bytes) { throw MPDError.argument("Unsupported URI scheme") }
    guard let relative = Self.normalized(bytes[...]) else { throw MPDError.argument("Bad relative path") }
    return .inside(relative)
  }

  /// `locate(uri).uri`: what the backend is handed.
  public func resolve(_ uri: String) throws(MPDError) -> String { try locate(uri).uri }

  /// The folder `update` and `rescan` index: always inside the music folder, whoever asks, so that an
  /// update never indexes anything else (and never moves the music folder, the common folder of what
  /// is indexed). "" and "/" are the whole folder; anything else that is not relative and inside is
  /// MPD's "Malformed path".
  public static func updateFolder(_ uri: String) throws(MPDError) -> String {
    let bytes = uri.utf8
    if uri.isEmpty || uri == "/" { return "" }
    guard bytes.first != slash, !bytes.contains(0), !hasScheme(bytes), let relative = normalized(bytes[...]) else {
      throw MPDError.argument("Malformed path")
    }
    return relative
  }

  private static let slash = UInt8(ascii: "/")

  /// An absolute path, for a local client only; above "/" there is only "/", so `..` cannot leave it.
  private func file(_ path: Substring.UTF8View) throws(MPDError) -> MPDLocation {
    guard local else { throw MPDError(.permission, "Access denied") }
    return .file("/" + Self.squashed(path, climbingOut: true)!)
  }

  /// The relative path with empty and `.` segments dropped and each `..` taking back the segment before
  /// it; nil when a `..` would climb above the start. Split at "/" bytes: a Character-wise split misses
  /// a "/" that a combining mark joins, and the file system would not.
  public static func normalized(_ relative: Substring.UTF8View) -> String? {
    squashed(relative, climbingOut: false)
  }

  /// The segments of `path` without empty and `.` ones, each `..` taking back the one before it; a `..`
  /// at the start is dropped when `climbingOut`, else the whole path is refused (nil).
  private static func squashed(_ path: Substring.UTF8View, climbingOut: Bool) -> String? {
    let dot = UInt8(ascii: ".")
    var segments: [Substring.UTF8View.SubSequence] = []
    for segment in path.split(separator: slash, omittingEmptySubsequences: true) {
      if segment.elementsEqual([dot]) { continue }
      if segment.elementsEqual([dot, dot]) {
        if segments.popLast() == nil, !climbingOut { return nil }
        continue
      }
      segments.append(segment)
    }
    var joined: [UInt8] = []
    for (index, segment) in segments.enumerated() {
      if index > 0 { joined.append(slash) }
      joined.append(contentsOf: segment)
    }
    return String(decoding: joined, as: UTF8.self)
  }

  /// The path after a `file://` prefix (any case, as MPD reads it), nil without one.
  private static func afterFileScheme(_ uri: String.UTF8View) -> Substring.UTF8View? {
    let prefix = "file://".utf8
    let head = uri.prefix(prefix.count).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    guard head.elementsEqual(prefix) else { return nil }
    return uri.dropFirst(prefix.count)
  }

  /// `scheme://…`: letters, digits, `+`, `-` and `.` before `://`, as MPD tells a URL from a path.
  static func hasScheme(_ uri: String.UTF8View) -> Bool {
    guard let colon = uri.firstIndex(of: UInt8(ascii: ":")), colon != uri.startIndex else { return false }
    let isSchemeByte = { (byte: UInt8) in
      (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
    }
    return uri[..<colon].allSatisfy(isSchemeByte) && uri[colon...].starts(with: "://".utf8)
  }
}

extension MPDCall {
  /// The argument at `index` resolved as a URI for this client (`MPDURIResolver.locate`), in the form
  /// the backend takes.
  func uri(_ index: Int) throws(MPDError) -> String { try uris.resolve(args[index]) }

  /// The optional argument at `index` resolved as a URI; "" (the music folder) when it is not given.
  func optionalURI(_ index: Int) throws(MPDError) -> String { args.count > index ? try uri(index) : "" }
}
