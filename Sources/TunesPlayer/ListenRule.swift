// When a play counts as a listen: the one rule behind play counts and ListenBrainz. A small state
// machine per play, fed with the song-position intervals actually heard (from the engine, never the
// wall clock), so pauses, skipped stretches and replayed stretches are counted as they were heard.
import Foundation
import TunesLibrary

/// A play that has counted as a listen.
public struct Listen: Sendable, Equatable {
  /// When this play started (ListenBrainz `listened_at`).
  public var listenedAt: Date
  /// Distinct audio heard when the threshold was reached, in ms.
  public var playedMs: Int
}

/// A listen the Player told (`PlayFact.counted`) whose write is not yet acknowledged: saved with the play
/// state, so that a process killed between the telling and the write leaves it for the next start to
/// record (`ListenRecorder`), once. Only a song of the library is kept: its last play tells whether the
/// write happened before the kill.
public struct ToldListen: Sendable, Equatable {
  public var song: Song
  public var listen: Listen

  public init(song: Song, listen: Listen) {
    self.song = song
    self.listen = listen
  }
}

/// How far one play has got toward a listen: saved with the play state, so that a play restored after a
/// restart goes on from what was heard before it, and one that had counted does not count again.
public struct ListenProgress: Sendable, Equatable {
  /// When the play started (its listen's `listened_at`).
  public var startedAt: Date
  /// Disjoint, sorted intervals of song position heard, in ms.
  public var heard: [Range<Int>]
  /// The play has counted already.
  public var fired: Bool

  public init(startedAt: Date, heard: [Range<Int>], fired: Bool) {
    self.startedAt = startedAt
    self.heard = heard
    self.fired = fired
  }
}

public struct ListenRule: Sendable, Equatable {
  /// ListenBrainz's cap: four minutes count whatever the length.
  public static let capMs = 240_000

  /// min(½ duration, 240 s); unknown or zero duration → 240 s.
  public static func thresholdMs(durationMs: Int?) -> Int {
    guard let durationMs, durationMs > 0 else { return capMs }
    return min(durationMs / 2, capMs)
  }

  public let startedAt: Date
  public let thresholdMs: Int
  /// False for a play that must never become a listen.
  public let countable: Bool
  /// Disjoint, sorted half-open intervals of song position heard so far, in ms.
  public private(set) var heard: [Range<Int>] = []
  public private(set) var fired = false

  /// One rule per play: a replay (repeat one) starts a new rule.
  public init(durationMs: Int?, startedAt: Date, countable: Bool = true) {
    self.startedAt = startedAt
    self.thresholdMs = Self.thresholdMs(durationMs: durationMs)
    self.countable = countable
  }

  /// The same play continued after a restart: what was heard before it counts, and one that counted
  /// already never counts again.
  public init(durationMs: Int?, continuing progress: ListenProgress) {
    self.init(durationMs: durationMs, startedAt: progress.startedAt)
    for range in progress.heard where !range.isEmpty { add(range) }
    fired = progress.fired
  }

  public var progress: ListenProgress { ListenProgress(startedAt: startedAt, heard: heard, fired: fired) }

  public var heardMs: Int { heard.reduce(0) { $0 + $1.count } }

  /// Feeds audio heard from song position `from` to `to` (ms). Returns the listen the first time the
  /// union of everything heard reaches the threshold, and nil otherwise (also on every later call).
  public mutating func heard(from: Int, to: Int) -> Listen? {
    if to > from { add(max(from, 0)..<to) }
    guard countable, !fired, heardMs >= thresholdMs else { return nil }
    fired = true
    return Listen(listenedAt: startedAt, playedMs: heardMs)
  }

  private mutating func add(_ range: Range<Int>) {
    var merged = range
    var kept: [Range<Int>] = []
    for existing in heard {
      if existing.upperBound < merged.lowerBound || existing.lowerBound > merged.upperBound {
        kept.append(existing)
      } else {
        merged = min(existing.lowerBound, merged.lowerBound)..<max(existing.upperBound, merged.upperBound)
      }
    }
    kept.append(merged)
    heard = kept.sorted { $0.lowerBound < $1.lowerBound }
  }
}
