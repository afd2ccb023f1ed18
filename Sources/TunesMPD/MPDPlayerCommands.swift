// The playback commands (MPD's PlayerCommands.cxx): play, pause, stop, next, previous and seeking. The
// table has checked the argument count; each handler reads its arguments and calls the backend.

extension MPDDispatcher {
  /// `play [POS]`: a position, or the current song when none is given.
  static func play(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let position = c.args.count == 1 ? try c.args.integer(0) : -1
    try await c.backend.play(position: position < 0 ? nil : try checkedPosition(position))
  }

  /// `playid [ID]`: a queue id; none (or a negative one) plays the current song.
  static func playID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let id = c.args.count == 1 ? try c.args.integer(0) : -1
    if id < 0 { try await c.backend.play(position: nil) } else { try await c.backend.play(id: id) }
  }

  /// `pause [0|1]`: without an argument it toggles.
  static func pause(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.pause(c.args.count == 1 ? try c.args.bool(0) : nil)
  }

  static func stop(_ c: MPDCall, _ out: inout MPDReply) async throws { try await c.backend.stop() }

  /// `next`: stopped, MPD has no song to go on from ("Not playing"); paused counts as playing.
  static func next(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await requirePlaying(c)
    try await c.backend.next()
  }

  static func previous(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await requirePlaying(c)
    try await c.backend.previous()
  }

  private static func requirePlaying(_ c: MPDCall) async throws {
    guard try await c.backend.status().state != .stop else { throw MPDError(.playerSync, "Not playing") }
  }

  /// `seek POS TIME`: negative times seek to the start.
  static func seek(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let position = try c.args.unsigned(0)
    let seconds = try c.args.seconds(1)
    try await c.backend.seek(position: try checkedPosition(position), to: max(seconds, 0))
  }

  static func seekID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.seek(id: try c.args.unsigned(0), to: max(try c.args.seconds(1), 0))
  }

  /// `seekcur TIME`: a signed time moves from where the song is, an unsigned one goes to that time.
  static func seekCurrent(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let text = c.args[0]
    let value = try c.args.seconds(0)
    try await c.backend.seekCurrent(text.hasPrefix("+") || text.hasPrefix("-") ? .relative(value) : .absolute(value))
  }

  private static func checkedPosition(_ position: Int) throws(MPDError) -> Int {
    guard position >= 0 else { throw MPDError.argument("Bad song index") }
    return position
  }
}
