// `prio` and `prioid` (MPD's QueueCommands.cxx): the priority of queue entries, 0…255. In random mode
// the player plays unplayed entries of a higher priority first; songs show it as `Prio:`.

extension MPDDispatcher {
  /// `prio PRIORITY START:END|POS…`: ranges are clipped to the queue as MPD clips them, a single position
  /// or a range's start past the end is "Bad song index"; every range is checked before any entry changes.
  static func priority(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let priority = try priorityArgument(c)
    let queue = try await c.backend.queue()
    var ids: [Int] = []
    for index in 1..<c.args.count {
      let range = try clip(try c.args.range(index), count: queue.items.count, single: isSingle(c.args[index]))
      ids += queue.items[range].compactMap(\.song.id)
    }
    // Empty ranges (`2:2`, or `5:` of a five-song queue) are no error and, as in mpd, no edit either.
    guard !ids.isEmpty else { return }
    try await c.backend.setPriority(priority, ids: ids)
  }

  /// `prioid PRIORITY ID…`: an unknown id is "No such song".
  static func priorityID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let priority = try priorityArgument(c)
    var ids: [Int] = []
    for index in 1..<c.args.count { ids.append(try c.args.unsigned(index)) }
    try await c.backend.setPriority(priority, ids: ids)
  }

  /// 0…255; MPD words a negative one as too large too.
  private static func priorityArgument(_ c: MPDCall) throws(MPDError) -> Int {
    let priority = try c.args.integer(0)
    guard (0...255).contains(priority) else { throw MPDError.argument("Number too large: \(c.args[0])") }
    return priority
  }
}
