// The queue commands (MPD's QueueCommands.cxx): listing the queue and its changes, adding, deleting,
// moving, clearing and shuffling, with MPD 0.23's positions relative to the current song.

extension MPDDispatcher {
  // MARK: Listing

  /// `playlistinfo [POS|START:END]`.
  static func playlistInfo(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let queue = try await c.backend.queue()
    var items = queue.items[...]
    if c.args.count == 1 {
      let bounds = try clip(try c.args.range(0), count: queue.items.count, single: isSingle(c.args[0]))
      items = queue.items[bounds]
    }
    for item in items { MPDFormat.write(item.song, to: &out) }
  }

  /// `playlistid [ID]`.
  static func playlistID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let queue = try await c.backend.queue()
    if c.args.count == 1 {
      let id = try c.args.unsigned(0)
      guard let item = queue.items.first(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
      MPDFormat.write(item.song, to: &out)
    } else {
      for item in queue.items { MPDFormat.write(item.song, to: &out) }
    }
  }

  static func playlistFind(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await writeQueue(c, matchingSubstrings: false, into: &out)
  }

  static func playlistSearch(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await writeQueue(c, matchingSubstrings: true, into: &out)
  }

  /// The queue's songs that match the filter of the arguments.
  private static func writeQueue(_ c: MPDCall, matchingSubstrings substring: Bool, into out: inout MPDReply) async throws {
    let filter = try MPDFilter.parse(c.args.values, substring: substring)
    let matcher = MPDFilter.Matcher(await c.backend.queueFilter(filter))
    for item in try await c.backend.queue().items where matcher.matches(item.song) { MPDFormat.write(item.song, to: &out) }
  }

  /// The old `playlist`: `POS:file: URI` lines.
  static func playlist(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for item in try await c.backend.queue().items {
      out += "\(item.song.position ?? 0):file: \(MPDFormat.line(item.song.file))\n"
    }
  }

  /// `plchanges VERSION [START:END]`: the entries changed since a queue version, with their tags.
  static func playlistChanges(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for item in try await changedItems(c) { MPDFormat.write(item.song, to: &out) }
  }

  /// `plchangesposid VERSION [START:END]`: the same entries, position and id only.
  static func playlistChangesPositions(_ c: MPDCall, _ out: inout MPDReply) async throws {
    for item in try await changedItems(c) { out += "cpos: \(item.song.position ?? 0)\nId: \(item.song.id ?? 0)\n" }
  }

  /// The entries changed after the version in the first argument, inside the window of the second; a
  /// version the queue has not reached gets every entry.
  private static func changedItems(_ c: MPDCall) async throws -> [MPDQueueItem] {
    let version = try c.args.version(0)
    let queue = try await c.backend.queue()
    var window = 0..<queue.items.count
    if c.args.count == 2 {
      let range = try c.args.range(1)
      window = max(range.start, 0)..<max(min(range.end ?? queue.items.count, queue.items.count), max(range.start, 0))
      if range.start > queue.items.count { window = queue.items.count..<queue.items.count }
    }
    return queue.items[window].filter { $0.version > version || version > queue.version }
  }

  /// Whether a range argument names one item (`5`), not a span (`2:5`) or the whole list (`-1`).
  static func isSingle(_ text: String) -> Bool { !text.contains(":") && text != "-1" }

  /// MPD clips a range's end to the list; a start beyond it (or a single missing item) is an error.
  static func clip(_ range: MPDRange, count: Int, single: Bool) throws(MPDError) -> Range<Int> {
    let upper = min(range.end ?? count, count)
    guard single ? range.start < count : range.start <= upper else { throw MPDError.argument("Bad song index") }
    return range.start..<upper
  }

  // MARK: Editing

  /// `add URI [POS]`: a song or a whole folder at the end; one song at a position.
  static func add(_ c: MPDCall, _ out: inout MPDReply) async throws {
    if c.args.count == 2 {
      let position = try insertPosition(c.args[1], status: try await c.backend.status())
      _ = try await c.backend.addID(uri: try c.uri(0), position: position)
    } else {
      try await c.backend.add(uri: try c.uri(0))
    }
  }

  /// `addid URI [POS]`: one song; the reply is its queue id.
  static func addID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let position = c.args.count == 2 ? try insertPosition(c.args[1], status: try await c.backend.status()) : nil
    out += "Id: \(try await c.backend.addID(uri: try c.uri(0), position: position))\n"
  }

  /// `delete POS|START:END|-1`: as MPD, the end is clipped to the queue and a start at its end deletes
  /// nothing (`delete 0` of an empty queue is no error); only a start beyond the end is.
  static func delete(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let range = try c.args.range(0)
    let length = try await c.backend.status().playlistLength
    let bounds = try clip(range, count: length, single: false)
    if !bounds.isEmpty { try await c.backend.delete(positions: bounds) }
  }

  static func deleteID(_ c: MPDCall, _ out: inout MPDReply) async throws {
    try await c.backend.delete(id: try c.args.unsigned(0))
  }

  /// `move POS|START:END TO`.
  static func move(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let range = try c.args.range(0)
    let status = try await c.backend.status()
    let length = status.playlistLength
    guard let bounds = range.clamped(count: length), !bounds.isEmpty else { throw MPDError.argument("Bad song index") }
    let to = try moveDestination(c.args[1], moving: bounds, status: status)
    guard to >= 0, to + bounds.count <= length else { throw MPDError.argument("Bad song index") }
    try await c.backend.move(positions: bounds, to: to)
  }

  static func clear(_ c: MPDCall, _ out: inout MPDReply) async throws { try await c.backend.clear() }

  /// `shuffle [START:END]`; the whole queue's new order (no range) is arranged before its turn.
  static let shuffle = MPDPreparedHandler(run: shuffleQueue) { args in args.count == 0 ? .queueOrder : nil }

  static func shuffleQueue(_ c: MPDCall, _ out: inout MPDReply) async throws {
    if c.args.count == 1 {
      let length = try await c.backend.status().playlistLength
      guard let bounds = try c.args.range(0).clamped(count: length) else { throw MPDError.argument("Bad song index") }
      try await c.backend.shuffle(positions: bounds)
    } else {
      try await c.backend.shuffle(positions: nil)
    }
  }

  // MARK: Positions

  /// Where `add`, `addid` and the `position` of findadd/searchadd insert (MPD 0.23's ParseInsertPosition):
  /// `N` absolute, at most the queue's length; `+N` N songs after the current one (`+0` right after it),
  /// at most to the end; `-N` N songs before it (`-0` right before it), at most to the start. Past those
  /// bounds mpd answers "Number too large" naming the digits.
  static func insertPosition(_ text: String, status: MPDStatus) throws(MPDError) -> Int {
    let (sign, value) = try relative(text)
    func within(_ limit: Int) throws(MPDError) -> Int {
      guard value <= limit else {
        throw MPDError.argument("Number too large: \(sign == nil ? Substring(text) : text.dropFirst())")
      }
      return value
    }
    switch sign {
    case nil: return try within(status.playlistLength)
    case "+":
      let current = try current(status)
      return current + 1 + (try within(status.playlistLength - current - 1))
    default:
      let current = try current(status)
      return current - (try within(current))
    }
  }

  /// Where `move` puts a range: `N` absolute; `+N`/`-N` relative to the current song as it stands once the
  /// range is taken out (`+0` right after it, `-0` right before it), as MPD 0.23 reads them.
  static func moveDestination(_ text: String, moving range: Range<Int>, status: MPDStatus) throws(MPDError) -> Int {
    let (sign, value) = try relative(text)
    guard let sign else { return value }
    var current = try current(status)
    if range.contains(current) { throw MPDError.argument("Cannot move current song relative to itself") }
    if current >= range.upperBound { current -= range.count }
    return sign == "+" ? current + 1 + value : current - value
  }

  /// A position's sign (`+`/`-` for MPD's relative positions, nil for an absolute one) and its number,
  /// at most 32 bits as mpd reads it ("Number too large" names the digits without the sign, as mpd's
  /// does), so adding it to the current position cannot overflow.
  private static func relative(_ text: String) throws(MPDError) -> (sign: Character?, value: Int) {
    let sign = text.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
    let digits = sign == nil ? Substring(text) : text.dropFirst()
    guard !digits.hasPrefix("+"), !digits.hasPrefix("-"), let value = MPDNumber.integer(digits) else {
      throw MPDError.argument("Integer expected: \(text)")
    }
    guard value <= MPDNumber.signed32.upperBound else { throw MPDError.argument("Number too large: \(digits)") }
    return (sign, value)
  }

  private static func current(_ status: MPDStatus) throws(MPDError) -> Int {
    guard let song = status.song, song < status.playlistLength else { throw MPDError(.playerSync, "No current song") }
    return song
  }
}
