// What the Player and the PlaybackEngine say to each other: the tracks it is handed, the commands in its
// mailbox, the reports it sends back in order, and the position it holds between two reports.
import Foundation
import TunesCore
import TunesLibrary

/// A file the engine is asked to play, tagged with the Player's token for that play.
public struct EngineTrack: Sendable, Equatable {
  public var token: UInt64
  public var path: String
  /// The song's ReplayGain values, looked up by the Player: the audio thread never reads the database.
  public var gain: StoredGain
  /// The Player allows a crossfade from the track before this one into it (false between consecutive
  /// tracks of an album played in order): the engine fades only when crossfade is on and the formats match.
  public var fadeIn: Bool
  /// The song's MixRamp tags: with MixRamp on, how long it overlaps the songs before and after it.
  public var mixRamp: SongMixRamp
  public init(token: UInt64, path: String, gain: StoredGain = .none, fadeIn: Bool = false, mixRamp: SongMixRamp = .none) {
    self.token = token
    self.path = path
    self.gain = gain
    self.fadeIn = fadeIn
    self.mixRamp = mixRamp
  }
}

enum EngineCommand: Sendable {
  /// Drops whatever plays and starts `track` at `startMs`.
  case play(EngineTrack, startMs: Int)
  /// What follows the track `after` (nil: nothing, drain and end). Ignored unless `after` is being written.
  case setNext(after: UInt64, EngineTrack?)
  case pause
  case resume
  case seek(token: UInt64, ms: Int)
  case stop
  case shutdown
}

extension EngineCommand {
  /// What follows matters only at the end of the track: a write need not be cut short for it.
  var waitsForTheWrite: Bool {
    if case .setNext = self { return true }
    return false
  }
}

/// What the engine did, in the order it did it.
public enum EngineReport: Sendable, Equatable {
  /// The track's audio is now being heard (its first frame left the device's buffer, or nothing else was
  /// buffered). `frames` is the position it is heard from; when more of it has been heard already (it was
  /// announced late), a `.position` saying how much follows at once.
  case started(token: UInt64, format: AudioFormat, totalFrames: Int?, frames: Int)
  /// The engine began writing this track (it may still be ahead of what is heard): the Player now says
  /// what follows it.
  case writing(token: UInt64)
  /// Position heard of the current track: frames written − device delay.
  case position(token: UInt64, frames: Int)
  case paused(token: UInt64, frames: Int)
  case resumed(token: UInt64, frames: Int)
  case seeked(token: UInt64, frames: Int)
  /// The file could not be opened or decoded; the engine goes on with what it was told follows.
  case failed(token: UInt64, path: String, message: String)
  /// A problem the decoder skipped over (corrupt frames).
  case warning(token: UInt64, path: String, message: String)
  /// The track played to its end and nothing follows: the engine is idle.
  case ended(token: UInt64)
  case stopped
  /// The device failed; the engine is idle.
  case outputFailed(String)
  /// Every command posted before this sequence number has been carried out.
  case done(UInt64)
}

extension EngineReport {
  /// The track and position heard that the report gives, if it gives one.
  var heardPosition: (token: UInt64, frames: Int)? {
    switch self {
    case .started(let token, _, _, let frames), .position(let token, let frames), .paused(let token, let frames),
      .resumed(let token, let frames), .seeked(let token, let frames):
      return (token, frames)
    default:
      return nil
    }
  }
}

/// The position heard at the engine's last write, newer than or equal to every report sent so far.
struct HeldPosition: Sendable, Equatable {
  var token: UInt64
  var frames: Int
  /// How many reports were sent before it: the Player may take it once it has applied that many.
  var after: Int
  /// Frames written but not yet heard at that moment, and when it was (the engine's clock, monotonic
  /// seconds): the device plays them on at `sampleRate` while the engine sleeps, so the position heard
  /// now is `frames` plus what has played since, never more than `unheard`.
  var unheard: Int = 0
  var at: Double = 0
  var sampleRate: Int = 0
  /// A report carried it already: the next report need not carry it again.
  var reported = false

  /// The position heard at `now`, as the device has gone on playing since the write.
  func frames(at now: Double) -> Int {
    guard unheard > 0, sampleRate > 0, now > at else { return frames }
    return frames + min(unheard, Int((now - at) * Double(sampleRate)))
  }
}
