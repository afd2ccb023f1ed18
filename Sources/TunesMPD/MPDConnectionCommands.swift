// The commands about the connection and the server itself (MPD's ClientCommands.cxx, OutputCommands.cxx
// and parts of OtherCommands.cxx): ping, what the client may run, tag types, outputs, decoders, URL
// handlers and kill, and the commands the connection carries out before the dispatcher sees them.

extension MPDDispatcher {
  static func ping(_ c: MPDCall, _ out: inout MPDReply) async throws {}

  /// The commands this client may run now.
  static func listCommands(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for command in commands where command.permission.allows(authorized: c.authorized) {
      out += "command: \(command.name)\n"
    }
  }

  /// The commands this client needs the password for.
  static func listNotCommands(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for command in commands where !command.permission.allows(authorized: c.authorized) {
      out += "command: \(command.name)\n"
    }
  }

  /// `tagtypes` lists the tag types this connection's song blocks show; `tagtypes enable|disable NAME…`,
  /// `clear` and `all` change them for the connection (MPD 0.23 has no `reset`). `list`, `count group`
  /// and filters still see every tag, as in MPD.
  static func tagTypes(_ c: MPDCall, _ out: inout MPDReply) async throws {
    guard c.args.count > 0 else {
      for tag in MPDTag.allCases where out.tagTypes?.contains(tag) ?? true { out += "tagtype: \(tag.rawValue)\n" }
      return
    }
    let names = Array(c.args.values.dropFirst())
    var shown = out.tagTypes ?? Set(MPDTag.allCases)
    switch c.args[0] {
    case "clear": shown = []
    case "all": shown = Set(MPDTag.allCases)
    case "enable", "disable":
      guard !names.isEmpty else { throw MPDError.argument("Not enough arguments") }
      // Every name is checked before any changes, as MPD parses the whole list first; sub-commands are
      // lower case only, as in MPD.
      let tags = try names.map { name throws(MPDError) in
        guard let tag = MPDTag(protocolName: name) else { throw MPDError.argument("Unknown tag type") }
        return tag
      }
      if c.args[0] == "enable" { shown.formUnion(tags) } else { shown.subtract(tags) }
    default: throw MPDError.argument("Unknown sub command")
    }
    out.tagTypes = shown.count == MPDTag.allCases.count ? nil : shown
  }

  /// tunes' decoders under the names of the mpd plugins that use the same libraries, each with the
  /// suffixes and MIME types mpd 0.23 lists for that plugin (tunes picks a decoder by content, not suffix),
  /// FFmpeg's narrowed to the MP4 ones.
  static let decoderPlugins: [(plugin: String, suffixes: [String], mimeTypes: [String])] = [
    ("mpg123", ["mp3"], []),
    (
      "vorbis", ["ogg", "oga"],
      [
        "application/ogg", "application/x-ogg", "audio/ogg", "audio/vorbis", "audio/vorbis+ogg", "audio/x-ogg",
        "audio/x-vorbis", "audio/x-vorbis+ogg",
      ]
    ),
    ("flac", ["flac"], ["application/flac", "application/x-flac", "audio/flac", "audio/x-flac"]),
    ("opus", ["opus", "ogg", "oga"], ["audio/ogg", "application/ogg", "audio/opus"]),
    // mpd's ffmpeg plugin lists every container FFmpeg knows; tunes uses FFmpeg for MP4 (AAC, ALAC) only.
    ("ffmpeg", ["m4a", "m4b", "mp4"], ["application/m4a", "application/mp4", "audio/m4a", "audio/mp4"]),
  ]

  static func decoders(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for decoder in decoderPlugins {
      out += "plugin: \(decoder.plugin)\n"
      for suffix in decoder.suffixes { out += "suffix: \(suffix)\n" }
      for mime in decoder.mimeTypes { out += "mime_type: \(mime)\n" }
    }
  }

  /// Only a local client may name files by `file://` (MPDURIResolver), so only it is told of the scheme.
  static func urlHandlers(_ c: MPDCall, _ out: inout MPDReply) async throws {
    if c.uris.local { out += "handler: file://\n" }
  }

  /// Asks the backend to end the player.
  static func kill(_ c: MPDCall, _ out: inout MPDReply) async throws { try await c.backend.shutdown() }

  // MARK: Outputs

  // The one output, the ALSA device the player was started on, is always on: enabling it is a no-op,
  // and turning it off is refused (pause does that) rather than acknowledged and not done.

  static func outputs(_ c: MPDCall, _ out: inout MPDReply) async throws {
    out += "outputid: 0\noutputname: tunes\nplugin: alsa\noutputenabled: 1\n"
  }

  static func enableOutput(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try checkOutput(c)
  }

  static func disableOutput(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try checkOutput(c)
    throw cannotDisable
  }

  static func toggleOutput(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try checkOutput(c)
    throw cannotDisable
  }

  /// Output 0 is the only one.
  private static func checkOutput(_ c: MPDCall) throws(MPDError) {
    guard try c.args.unsigned(0) == 0 else { throw MPDError.noExist("No such audio output") }
  }

  private static var cannotDisable: MPDError { MPDError.argument("tunes' one output cannot be disabled; use pause") }

  // MARK: Connection

  /// Commands MPDSession (idle, noidle, command lists) and `run(_:password:)` (close, password,
  /// binarylimit) carry out themselves: one reaches a handler only when misused, e.g. `idle` inside a list.
  static func handledByTheConnection(_ c: MPDCall, _ out: inout MPDReply) throws {
    throw MPDError.argument("\"\(c.args.command)\" is not allowed here")
  }
}
