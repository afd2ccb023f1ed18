// What the player shows to others: the play state, the status snapshot (MPD `status`), queue entries
// with positions (MPD `playlistinfo`/`plchanges`) and the idle subsystems that changed.
import Foundation
import TunesCore
import TunesLibrary

public enum PlayState: String, Sendable, Codable, CaseIterable {
  case stopped, playing, paused
}

/// A consistent picture of the player at one version; every field comes from the one actor.
public struct PlayerStatus: Sendable, Equatable {
  public var state: PlayState
  public var volume: Int
  public var repeatMode: RepeatMode
  public var random: Bool
  public var singleMode: SingleMode
  public var consume: Bool
  /// The queue's version (MPD `playlist`) and length.
  public var queueVersion: Int
  public var queueLength: Int
  /// The current entry (also while stopped, where play would start).
  public var currentPosition: Int?
  public var currentID: Int?
  public var nextPosition: Int?
  public var nextID: Int?
  public var song: Song?
  /// Audio heard of the current song (frames written − device delay), in ms.
  public var elapsedMs: Int
  public var durationMs: Int?
  public var format: AudioFormat?
  /// The shuffle pass number (0 when shuffle is off).
  public var passNumber: Int
  /// The last error (a file that could not be played), until the next successful start.
  public var error: String?
  /// Bumped by every change of anything in this struct except the elapsed time.
  public var version: Int

  /// Whether play stops at the end of the current song (single on or oneshot).
  public var single: Bool { singleMode.isOn }
}

public struct QueueEntry: Sendable, Equatable {
  public var position: Int
  public var id: Int
  public var song: Song
  public var version: Int
}

/// MPD idle subsystems the player changes.
public enum PlayerSubsystem: String, Sendable, CaseIterable {
  case player, mixer, options, playlist
}

/// One change set: which subsystems changed, and the player as it was right after (taken once, on the
/// actor, when the change was told), so an observer draws the state the change made without asking the
/// Player again: an answer asked later could already hold a newer change, or miss none of them.
public struct PlayerChange: Sendable, Equatable {
  public var subsystems: Set<PlayerSubsystem>
  public var version: Int
  /// The status at the change (its position as last reported by the device; `status()` catches up).
  public var status: PlayerStatus
}
