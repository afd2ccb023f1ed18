// The queue commands that edit entries one or two at a time (MPD's QueueCommands.cxx): swapping,
// moving by id, the play range of an entry, and its tags.

extension MPDDispatcher {
  /// `swap POS1 POS2`.
  static func swap(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let first = try c.args.unsigned(0), second = try c.args.unsigned(1)
    let length = try await c.backend.status().playlistLength
    guard first < length, second < length else { throw MPDError.argument("Bad song index") }
    try await swap(first, second, c.backend)
  }

  /// `swapid ID1 ID2`.
  static func swapID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let first = try c.args.unsigned(0), second = try c.args.unsigned(1)
    let queue = try await c.backend.queue()
    try await swap(try position(of: first, in: queue), try position(of: second, in: queue), c.backend)
  }

  /// Two entries trade places as one queue change, as in MPD (also an entry with itself).
  private static func swap(_ a: Int, _ b: Int, _ backend: any MPDBackend) async throws {
    try await backend.swap(positions: a, b)
  }

  /// `moveid ID TO`: TO is a position, or relative to the current song (`+N`, `-N`) as for `move`. A
  /// position past the last is MPD's "Number too large".
  static func moveID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let id = try c.args.unsigned(0)
    let status = try await c.backend.status()
    let from = try position(of: id, in: try await c.backend.queue())
    let text = c.args[1]
    let to: Int
    if text.hasPrefix("+") || text.hasPrefix("-") {
      to = try moveDestination(text, moving: from..<from + 1, status: status)
      guard to >= 0, to < status.playlistLength else { throw MPDError.argument("Bad song index") }
    } else {
      to = try c.args.unsigned(1)
      guard to < status.playlistLength else { throw MPDError.argument("Number too large: \(text)") }
    }
    try await c.backend.move(positions: from..<from + 1, to: to)
  }

  /// `rangeid ID START:END`: the part of the song the entry plays; `:` clears it. MPD will not change the
  /// song that is playing.
  static func rangeID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let id = try c.args.unsigned(0)
    let range = try MPDSongRange.parse(c.args[1])
    _ = try position(of: id, in: try await c.backend.queue())
    let status = try await c.backend.status()
    if status.state != .stop, status.songID == id { throw MPDError(.permission, "Cannot edit the current song") }
    try await c.backend.setRange(id: id, range: range)
  }

  /// `addtagid ID TAG VALUE`: MPD edits the tags of streams only; every song of tunes is a local file,
  /// so a known tag on an existing entry gets MPD's refusal for those.
  static func addTagID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await refuseTagEdit(c, tag: c.args[1])
  }

  /// `cleartagid ID [TAG]`: refused as `addtagid` is.
  static func clearTagID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await refuseTagEdit(c, tag: c.args.count == 2 ? c.args[1] : nil)
  }

  private static func refuseTagEdit(_ c: MPDCall, tag: String?) async throws {
    let id = try c.args.unsigned(0)
    if let tag, MPDTag(protocolName: tag) == nil { throw MPDError.argument("Unknown tag type: \(tag)") }
    _ = try position(of: id, in: try await c.backend.queue())
    throw MPDError(.permission, "Cannot edit tags of local file")
  }

  /// The position of the entry with queue id `id`; "No such song" when there is none.
  static func position(of id: Int, in queue: MPDQueue) throws(MPDError) -> Int {
    guard let index = queue.items.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    return index
  }
}
