// Which song comes next: one pure function of the cursor, the length and the modes, written as a truth
// table (docs in Docs/Player.md). The Player actor applies its answer; nothing else decides "next".

public enum RepeatMode: String, Sendable, CaseIterable, Codable {
  case off, all, one
}

/// MPD's single mode: on, play stops at the end of each song; oneshot, at the end of the next song only
/// (it turns itself off when it fires).
public enum SingleMode: String, Sendable, CaseIterable, Codable {
  case off, on, oneshot

  /// Whether the song playing now is the last before play stops.
  public var isOn: Bool { self != .off }
}

/// Why the player is moving on.
public enum Advance: Sendable, Equatable, CaseIterable {
  /// The song played to its end.
  case songEnded
  /// The user asked for the next song (key `n`, MPD `next`): repeat-one and single do not hold it back.
  case userNext
}

public struct NextSong: Sendable, Equatable {
  public enum Action: Sendable, Equatable {
    /// Play the song at this index (of the queue, or of the shuffle pass order when shuffling).
    case play(Int)
    /// Play the current song again: a new play (and a new listen).
    case replay
    /// Shuffle with repeat all at the end of a pass: start a new pass and play its first song.
    case newPass
    /// Nothing more to play.
    case stop
  }
  public var action: Action
  /// Consume mode: the current song leaves the queue as play moves on.
  public var consumeCurrent: Bool

  public init(_ action: Action, consumeCurrent: Bool = false) {
    self.action = action
    self.consumeCurrent = consumeCurrent
  }
}

/// - Parameters:
///   - cursor: index of the current song in the play order (queue positions, or the shuffle pass order);
///     nil or negative when nothing has been reached yet.
///   - length: number of songs in that order.
/// Rules, in order:
/// 1. empty → stop. Nothing reached yet → play(0).
/// 2. consume: the current song is removed; it can never be replayed, so repeat-one and single+repeat act
///    as if repeat were off.
/// 3. song ended, repeat one → replay. Song ended, single → replay when repeat all (MPD's "repeat the
///    song"), else stop.
/// 4. a next song in the order → play(cursor + 1).
/// 5. at the end: repeat all or one → newPass when shuffling, else play(0); repeat off → stop.
///    A consumed last song with repeat leaves the rest of the queue to start over (or nothing → stop).
public func nextSong(
  cursor: Int?, length: Int, repeat mode: RepeatMode, single: Bool, consume: Bool, shuffle: Bool,
  advance: Advance = .songEnded
) -> NextSong {
  guard length > 0 else { return NextSong(.stop) }
  guard let cursor, cursor >= 0, cursor < length else { return NextSong(.play(0)) }
  let repeatMode: RepeatMode = consume && mode == .one ? .off : mode
  if advance == .songEnded {
    if repeatMode == .one { return NextSong(.replay) }
    if single {
      if repeatMode == .all && !consume { return NextSong(.replay) }
      return NextSong(.stop, consumeCurrent: consume)
    }
  }
  if cursor + 1 < length { return NextSong(.play(cursor + 1), consumeCurrent: consume) }
  guard repeatMode != .off else { return NextSong(.stop, consumeCurrent: consume) }
  if consume && length == 1 { return NextSong(.stop, consumeCurrent: true) }
  return NextSong(shuffle ? .newPass : .play(0), consumeCurrent: consume)
}

public enum PreviousSong: Sendable, Equatable {
  /// Seek the current song back to its start.
  case restart
  /// Play the song at this queue position.
  case play(Int)
  /// Shuffle: play the song before in the history of what actually played.
  case history
}

/// `previous`: more than `restartAfterMs` into the song restarts it; otherwise the song before (the
/// history when shuffling; the position before, wrapping with repeat all), else a restart.
public func previousSong(
  position: Int?, length: Int, elapsedMs: Int, repeat mode: RepeatMode, shuffle: Bool, hasHistory: Bool,
  restartAfterMs: Int = 3000
) -> PreviousSong {
  guard let position, length > 0 else { return .restart }
  if elapsedMs > restartAfterMs { return .restart }
  if shuffle { return hasHistory ? .history : .restart }
  if position > 0 { return .play(position - 1) }
  return mode == .all ? .play(length - 1) : .restart
}
