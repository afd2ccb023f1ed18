// What happens in the player, told as it happens, on ONE stream every observer subscribes to
// (`Player.facts`): the scrobbler and the listen recorder, the MPD adapter's idle clients (and through
// them the full-screen UI, an MPD client), MPRIS (PlayerObservation) and the terminal front. Each fact carries what its observers need (the song, the
// listen, a status snapshot), so nobody asks the Player back to complete one and nobody sees a state
// newer than the fact. The Player only yields: what an observer does with a fact runs in the observer.
import Foundation
import TunesCore
import TunesLibrary

public enum PlayFact: Sendable, Equatable {
  /// A song started playing (not a crossfade's continuation or a resumed pause): `at` starts its play.
  case songStarted(Song, at: Date)
  case paused
  /// Play went on after `afterPauseSeconds` of pause; `status` is the player as it resumed (its song,
  /// position and length tell how much of the song is left).
  case resumed(afterPauseSeconds: Double, status: PlayerStatus)
  case seeked(toMs: Int)
  /// The queue ended (or play was stopped at its end).
  case finished
  /// Something the user should read: a skipped file, decoder warnings, a failed save.
  case message(String)
  /// Playback cannot go on (the audio device failed); `failure()` returns the same error afterwards.
  case failed(PlayerError)
  /// A play of `song` met the listen rule, once per play (never for a Player whose plays do not count).
  /// The play state says it counted only once the recorder acknowledges it written
  /// (`Player.listenRecorded`), so a listen told and not written before a kill counts after the restart.
  case counted(Song, Listen)
  /// A play that counted ended (played out, skipped, replaced, stopped): `playedMs` is all audio heard
  /// of it (ListenBrainz `duration_played`), which `counted`, told halfway through, could not know.
  case listenEnded(Listen)
  /// MPD idle subsystems changed, with the state version and the status right after the change.
  case changed(PlayerChange)

  /// The idle change this fact tells, if it is one.
  public var change: PlayerChange? {
    if case .changed(let change) = self { change } else { nil }
  }
}
