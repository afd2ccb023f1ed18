// Feeding the listen rule: audio heard of the current song goes into its rule, and a play that counts
// leaves through the listen hook (the scrobbler's), or is counted in the library when there is none.
// A Player whose output nobody hears as it plays (`countsPlays` false) counts nothing. When a play that
// counted ends or is left, the end hook gets the audio actually heard (ListenBrainz `duration_played`),
// which the listen hook could not know: it fires at the threshold, halfway through. A listen or an end
// that cannot be written (the disk is full) is kept, in order, and written when the database takes writes
// again (UnrecordedPlays): the music plays on and no play is lost or counted twice.
import TunesCore
import TunesLibrary

/// A counted play ended (played out, skipped, replaced, stopped): `playedMs` is all audio heard of it.
public typealias ListenEndHook = @Sendable (_ listen: Listen) throws -> Void

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
    if let listen, let song = queue.item(id: id)?.song { listened(song, listen) }
  }

  /// Called whenever the listen rule is replaced: a play that had counted and is now over (no rule, or
  /// another play's) reports what was heard of it. A rule fed more audio is the same play, not an end.
  func listenRuleReplaced(_ old: ListenRule?) {
    guard let old, old.fired, let listenEndHook else { return }
    if let now = listenRule, now.startedAt == old.startedAt, now.fired { return }
    let ended = Listen(listenedAt: old.startedAt, playedMs: old.heardMs)
    record("the time heard of a listen") { try listenEndHook(ended) }
  }

  /// A listen leaves the player through the hook alone (the scrobbler's), or is counted in the library.
  private func listened(_ song: Song, _ listen: Listen) {
    if let listenHook {
      record("the play of \(song.path)") { try listenHook(song, listen) }
    } else if let library, let songID = song.id {
      let at = clock.now()
      record("the play of \(song.path)") { try library.recordPlay(songID: songID, at: at) }
    }
    // The listen is saved as counted with the play state now, not at the next periodic save: a restart
    // in between must not count it again.
    save(settles: false)
  }

  /// Writes `write` after every record still waiting, in order; keeps it when it cannot be written.
  private func record(_ what: String, _ write: @escaping @Sendable () throws -> Void) {
    unrecorded.append(what, write)
    writeUnrecorded()
  }

  /// Writes what is waiting, oldest first, stopping at the first that fails; while something waits, a
  /// retry is due in `unrecordedRetrySeconds` (and every listen, end and periodic save tries too).
  func writeUnrecorded() {
    guard !unrecorded.isEmpty else { return }
    for failure in unrecorded.writeInOrder() {
      emit(.message("cannot record \(failure.what): \(failure.error); kept until it can be written"))
    }
    guard !unrecorded.isEmpty, unrecordedRetry == nil else { return }
    let seconds = unrecordedRetrySeconds
    unrecordedRetry = Task { [weak self] in
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
      await self?.retryUnrecorded()
    }
  }

  private func retryUnrecorded() {
    unrecordedRetry = nil
    writeUnrecorded()
  }
}
