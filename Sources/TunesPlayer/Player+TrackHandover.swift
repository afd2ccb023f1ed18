// Handing songs to the engine without the Player waiting for the library. What the engine needs of a song
// beyond its queue entry is read from the library when the song is handed over, so that it is the
// library's as it is now: the song's row when the indexer recorded its file as moved (the queue follows
// it), its ReplayGain (SongGainReader) and its MixRamp tags. Those reads go through the library's read
// pool, which may be busy (every reader taken by a long listing, a scan), so they run on a thread of
// their own ("tunes-prepare"), as a refresh of the queue's paths does ("tunes-refresh"): status, commands
// and the engine's reports go on meanwhile. The engine still receives the Player's commands in the order
// the Player gave them: while a track is read, every command given after it waits in the outbox behind it,
// and the outbox is sent, in order, as the reads come back. With no library nothing is read and every
// command goes to the engine at once.
import TunesCore
import TunesLibrary

/// A command for the engine that waits behind a track still being read (`command` nil until it is).
struct PendingEngineCommand {
  let id: UInt64
  var command: EngineCommand?
  /// Resumed once the engine has carried the command out (`send`).
  var waiter: CheckedContinuation<Void, Never>?
}

/// What the engine needs of a song that only the library knows, read when the song is handed over.
struct TrackFacts: Sendable {
  /// The library's row for the song when its path there is no longer the queued one (a moved file).
  var moved: Song?
  var gain: StoredGain = .none
  var mixRamp: SongMixRamp = .none

  /// Each part read on its own: one that cannot be read is left out (no gain, no ramps, the queued path),
  /// as a song the library does not know plays.
  static func read(songID: Int64, queuedPath: String, in library: Library) -> TrackFacts {
    var facts = TrackFacts()
    if let row = (try? library.song(id: songID)) ?? nil, !PathText.same(row.path, queuedPath) { facts.moved = row }
    facts.gain = (try? SongGainReader.gain(in: library, songID: songID)) ?? .none
    facts.mixRamp = (try? SongGainReader.mixRamp(in: library, songID: songID)) ?? .none
    return facts
  }
}

extension Player {
  /// Posts `command` to the engine, behind any command still waiting for its track. `waiter` is resumed
  /// once the engine has carried it out.
  func post(_ command: EngineCommand, waiter: CheckedContinuation<Void, Never>? = nil) {
    guard outbox.isEmpty else {
      outbox.append(PendingEngineCommand(id: nextOutboxID(), command: command, waiter: waiter))
      return
    }
    let seq = engine.post(command)
    if let waiter { waiters[seq] = waiter }
  }

  /// Posts the command `make` builds around the engine's track for entry `itemID` (whose song is `song`),
  /// once what the library knows of the song is read. `previous`: the song this one follows without a
  /// stop, for the crossfade rule (nil for a play: no fade).
  func post(
    track token: UInt64, itemID: Int, song: Song, after previous: Song?, waiter: CheckedContinuation<Void, Never>? = nil,
    _ make: @escaping @Sendable (EngineTrack) -> EngineCommand
  ) {
    // The rule as it stands now: a change of random while the song is read does not change the hand-over.
    let random = self.random
    guard let library, let songID = song.id else {
      post(make(Self.engineTrack(token: token, song: song, after: previous, random: random, facts: TrackFacts())), waiter: waiter)
      return
    }
    let id = nextOutboxID()
    outbox.append(PendingEngineCommand(id: id, command: nil, waiter: waiter))
    let queuedPath = song.path
    Task {
      let facts = await Self.onOwnThread(named: "tunes-prepare") {
        TrackFacts.read(songID: songID, queuedPath: queuedPath, in: library)
      }
      let heard = self.follow(itemID: itemID, song: song, movedTo: facts.moved)
      let track = Self.engineTrack(token: token, song: heard, after: previous, random: random, facts: facts)
      self.trackRead(id, make(track))
    }
  }

  /// The engine's track for `song`: its path, gain and ramps, and whether it fades in after `previous`.
  static func engineTrack(token: UInt64, song: Song, after previous: Song?, random: Bool, facts: TrackFacts)
    -> EngineTrack
  {
    EngineTrack(
      token: token, path: song.path, gain: facts.gain,
      fadeIn: previous.map { !continuesAlbum(song, after: $0, random: random) } ?? false, mixRamp: facts.mixRamp)
  }

  /// The song to hand over for entry `itemID`: the library's row when the file moved, which the entry
  /// then takes too (a `playlist` change), keeping its id and place.
  private func follow(itemID: Int, song: Song, movedTo fresh: Song?) -> Song {
    guard let fresh else { return song }
    if let item = queue.item(id: itemID), item.song.id == fresh.id, !PathText.same(fresh.path, item.song.path),
      queue.replaceSong(id: itemID, with: fresh)
    {
      changed([.playlist])
    }
    return fresh
  }

  /// The track of pending command `id` is read: sends every command that no longer waits, in order.
  private func trackRead(_ id: UInt64, _ command: EngineCommand) {
    if let index = outbox.firstIndex(where: { $0.id == id }) { outbox[index].command = command }
    while let first = outbox.first, let ready = first.command {
      outbox.removeFirst()
      let seq = engine.post(ready)
      if let waiter = first.waiter { waiters[seq] = waiter }
    }
  }

  private func nextOutboxID() -> UInt64 {
    outboxIDs += 1
    return outboxIDs
  }
}
