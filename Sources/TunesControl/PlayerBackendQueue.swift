// Queue edits of single entries: their priority (`prio`, kept by the Player's queue), and the play
// range (`rangeid`), which the Player has no operation for and the backend keeps. The range is shown
// on the entry as MPD shows it; playback still plays the whole song. Each is one queue version, which
// the Player counts.
import TunesMPD

extension PlayerBackend {
  public func swap(positions a: Int, _ b: Int) async throws {
    try await translate { try await player.swap(a, b) }
  }

  public func setPriority(_ priority: Int, ids: [Int]) async throws {
    try await translate { try await player.setPriority(priority, ids: ids) }
  }

  public func setRange(id: Int, range: MPDSongRange?) async throws {
    let entries = await player.queueEntries()
    guard entries.contains(where: { $0.id == id }) else { throw MPDError.noExist("No such song") }
    // Ids of entries that left the queue are never used again: their ranges go with them.
    let live = Set(entries.map(\.id))
    ranges = ranges.filter { live.contains($0.key) }
    ranges[id] = range
    // One queue version, as MPD counts a range change; the Player's change wakes idle clients.
    try await translate { try await player.entryChanged(id: id) }
  }
}
