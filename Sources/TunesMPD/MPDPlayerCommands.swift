// The playback commands (MPD's PlayerCommands.cxx): play, pause, stop, next, previous and seeking. The
// table has checked the argument count; each handler reads its arguments and calls the backend.

extension MPDDispatcher {
  /// `play [POS]`: a position, or the current song when none is given or it is `-1` (as mpd reads it;
  /// another negative position is a bad index).
  static func play(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let position = c.args.count == 1 ? try c.args.integer(0) : -1
    try await c.backend.play(position: position == -1 ? nil : try checkedPosition(position))
  }

  /// `playid [ID]`: a queue id; none (or `-1`) plays the current song, another negative id is no song.
  static func playID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let id = c.args.count == 1 ? try c.args.integer(0) : -1
    guard id >= -1 else { throw MPDError.noExist("No such song") }
    if id == -1 { try await c.backend.play(position: nil) } else { try await c.backend.play(id: id) }
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

  /// `seek POS TIME`: a negative time is refused as mpd refuses it; a time past the longest mpd holds
  /// is that time (MPDArguments.seconds), so what reaches the backend always fits in milliseconds.
  static func seek(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let position = try c.args.unsigned(0)
    let seconds = try c.args.seconds(1)
    try await c.backend.seek(position: try checkedPosition(position), to: seconds)
  }

  static func seekID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let id = try c.args.unsigned(0)
    try await c.backend.seek(id: id, to: try c.args.seconds(1))
  }

  /// `seekcur TIME`: a signed time moves from where the song is, an unsigned one goes to that time.
  static func seekCurrent(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let text = c.args[0]
    let relative = text.hasPrefix("+") || text.hasPrefix("-")
    let target: MPDSeekTarget = relative ? .relative(try c.args.signedSeconds(0)) : .absolute(try c.args.seconds(0))
    try await c.backend.seekCurrent(target)
  }

  private static func checkedPosition(_ position: Int) throws(MPDError) -> Int {
    guard position >= 0 else { throw MPDError.argument("Bad song index") }
    return position
  }
}
