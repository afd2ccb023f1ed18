// Seeking on the Player: `seek`, `seekid` and `seekcur` in seconds become the Player's milliseconds,
// without trapping on any time a caller passes (MPD's dispatcher bounds a client's times already).
import TunesMPD
import TunesPlayer

extension PlayerBackend {
  public func seek(position: Int, to seconds: Double) async throws {
    let entries = await player.queueEntries()
    guard position >= 0, position < entries.count else { throw MPDError.argument("Bad song index") }
    try await seek(id: entries[position].id, to: seconds)
  }

  public func seek(id: Int, to seconds: Double) async throws {
    try await translate { try await player.seek(id: id, toMs: Self.milliseconds(max(seconds, 0))) }
  }

  public func seekCurrent(_ target: MPDSeekTarget) async throws {
    let status = await player.status()
    // As MPD: a stopped player has no position to move (`seek POS TIME` is what starts one at a time).
    guard status.currentID != nil, status.state != .stopped else { throw MPDError(.playerSync, "Not playing") }
    switch target {
    case .absolute(let seconds): await player.seek(toMs: Self.milliseconds(max(seconds, 0)))
    case .relative(let delta): await player.seek(by: Self.milliseconds(delta))
    }
  }

  /// Whole milliseconds of a time in seconds, kept within the longest time MPD holds so that the
  /// conversion cannot trap and the Player's arithmetic on it cannot overflow, whoever calls (the
  /// dispatcher bounds a client's times already); NaN is 0.
  static func milliseconds(_ seconds: Double) -> Int {
    guard !seconds.isNaN else { return 0 }
    let bound = MPDNumber.longestTime
    return Int((min(max(seconds, -bound), bound) * 1000).rounded())
  }
}
