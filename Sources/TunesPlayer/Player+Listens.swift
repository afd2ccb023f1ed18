// Feeding the listen rule: audio heard of the current song goes into its rule, and a play that counts is
// told as a `counted` fact; when a play that counted ends or is left, `listenEnded` tells the audio
// actually heard (ListenBrainz `duration_played`). A Player whose output nobody hears as it plays
// (`countsPlays` false) counts nothing. The Player writes no listen itself: the listen recorder
// (ListenRecorder), an observer of the facts, writes them on its own task, so the Player never waits
// for SQLite, and acknowledges each written listen (`listenRecorded`). Until then the saved play state
// holds the told listen (saved as it is told) and does not say the play counted: a kill between the
// fact and its write leaves the listen to the next start, which records it whether or not the play goes
// on, and a kill after the write finds it counted in the library (PlayStateStore), so a listen is
// neither lost nor counted twice.
import Foundation
import TunesCore
import TunesLibrary

extension Player {
  /// Feeds the listen rule with audio heard up to `ms` since the last report.
  func heard(upTo ms: Int) {
    let from = lastHeardMs ?? ms
    elapsedMs = ms
    lastHeardMs = ms
    heardMs += max(ms - from, 0)
    guard countsPlays, var rule = listenRule, let id = currentID else { return }
    let listen = rule.heard(from: from, to: ms)
    listenRule = rule
    // The entry is looked up only when a listen is due, not at every position report.
    if let listen, let song = queue.item(id: id)?.song {
      unrecordedListen = ToldListen(song: song, listen: listen)
      // Saved at once with the state: a kill before the recorder writes it leaves it to the next start.
      save(as: stateAtShutdown, settles: false)
      tell(.counted(song, listen))
    }
  }

  /// Called whenever the listen rule is replaced: a play that had counted and is now over (no rule, or
  /// another play's) reports what was heard of it. A rule fed more audio is the same play, not an end.
  func listenRuleReplaced(_ old: ListenRule?) {
    guard let old, old.fired else { return }
    if let now = listenRule, now.startedAt == old.startedAt, now.fired { return }
    tell(.listenEnded(Listen(listenedAt: old.startedAt, playedMs: old.heardMs)))
  }

  /// The listen of the play started at `listenedAt` is written: the play state may say it counted and
  /// no longer holds it, now, not at the next periodic save, so a restart in between does not record it
  /// again.
  public func listenRecorded(listenedAt: Date) {
    guard unrecordedListen?.listen.listenedAt == listenedAt else { return }
    unrecordedListen = nil
    save(as: stateAtShutdown, settles: false)
  }

  /// How far the current play has got, as the saved state may say it: a play whose listen is not yet
  /// written is saved as not counted (the saved told listen says the rest).
  func savedProgress(of rule: ListenRule) -> ListenProgress {
    var progress = rule.progress
    if progress.fired && unrecordedListen?.listen.listenedAt == progress.startedAt { progress.fired = false }
    return progress
  }

  /// The facts for the listen recorder, and the listen a restored state held unwritten if no recorder
  /// had it yet (the recorder writes it first). A state restored after this tells its listen as
  /// `counted` instead, so either way one recorder gets it once.
  func subscribeRecording() -> (stream: AsyncStream<PlayFact>, sentBefore: Int, restored: ToldListen?) {
    let (stream, sentBefore) = subscribe(keepingAll: true)
    recorderAttached = true
    defer { restoredListenUntold = false }
    return (stream, sentBefore, restoredListenUntold ? unrecordedListen : nil)
  }

  /// A restored state held a listen told and not written before the process ended: it goes to the
  /// recorder (now, or when one subscribes), as a play that counted and ended with the time heard when
  /// it counted, as the listens a killed player held are sent (the process that heard the rest is gone).
  func restoreToldListen(_ told: ToldListen?) {
    unrecordedListen = told
    restoredListenUntold = false
    guard let told else { return }
    if recorderAttached {
      tell(.counted(told.song, told.listen))
      tell(.listenEnded(told.listen))
    } else {
      restoredListenUntold = true
    }
  }
}
