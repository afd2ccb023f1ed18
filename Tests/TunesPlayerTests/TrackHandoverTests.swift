// Handing a song to the engine reads what the library knows of it (its current path, its ReplayGain, its
// MixRamp tags) on a thread of its own: while the library's read pool is busy (every reader held here) the
// Player goes on answering, and the engine gets the track once the read comes back. The song then plays
// from the path the library has for it now.
import Dispatch
import Foundation
import Testing
import TunesCore

@testable import TunesLibrary
@testable import TunesPlayer

/// Holds every reader of the library's pool until the returned semaphore is signalled once per reader.
func holdEveryReader(of library: Library) async -> (count: Int, release: DispatchSemaphore) {
  let readers = library.pool.configuration.maximumReaderCount
  let holding = Counter()
  let release = DispatchSemaphore(value: 0)
  for _ in 0..<readers {
    Thread {
      try? library.pool.read { _ in
        holding.add()
        release.wait()
      }
    }.start()
  }
  #expect(await eventually { holding.value == readers })
  return (readers, release)
}

@Suite struct TrackHandoverTests {
  /// A player of one long song into a held device, told to play while every reader of `library` is held:
  /// the play waits for its song to be read.
  func playOneSongWhileEveryReaderIsHeld(_ library: Library) async throws -> (
    player: Player, sink: FakeSink, readers: Int, release: DispatchSemaphore, playing: Task<Void, Error>
  ) {
    let one = try insert(Song(path: "/music/1.mp3", title: "One", artist: "A"), into: library)
    let sink = FakeSink()
    let player = Player(
      sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 300_000)]), library: library, persist: false)
    try await player.add([one])
    sink.hold()
    let (readers, release) = await holdEveryReader(of: library)
    let playing = Task { try await drive(sink, player) { try await player.play() } }
    return (player, sink, readers, release, playing)
  }

  /// Whether the hand-over's read waited on its own named thread, and whether `status` was answered
  /// meanwhile; then lets the readers go. Watched from a plain thread: a Player that waited for the library
  /// on the actor would hold threads of the cooperative pool, and nothing here may need one to end.
  func answeredWhileTheReadWaits(_ player: Player, readers: Int, release: DispatchSemaphore) async throws
    -> (readOnItsOwnThread: Bool, answered: Bool)
  {
    try await offCooperativePool {
      let onItsOwnThread = Self.within(60) { PlayStateStoreTests.threadSleeps(named: "tunes-prepare") }
      let answered = Counter()
      Task {
        _ = await player.status()
        answered.add()
      }
      let answeredInTime = Self.within(15) { answered.value == 1 }
      for _ in 0..<readers { release.signal() }
      return (onItsOwnThread, answeredInTime)
    }
  }

  /// Polls `condition` on this thread for at most `seconds`.
  static func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
  }

  /// The next song is planned while the first plays (here: it is queued then). Its read waits for the
  /// library; the Player does not, and once the read is done the next song follows without a stop, from
  /// the path the library has for it now.
  @Test func theNextSongIsPreparedWithoutHoldingThePlayer() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let one = try insert(Song(path: "/music/1.mp3", title: "One", artist: "A"), into: library)
    let two = try insert(Song(path: "/music/old-2.mp3", title: "Two", artist: "A"), into: library)
    try await library.pool.write { db in
      try db.execute(sql: "UPDATE song SET path = '/music/2.mp3' WHERE id = ?", arguments: [two.id])
    }
    let sink = FakeSink()
    let tracks = [1: FakeTrack(frames: 3000), 2: FakeTrack(frames: 3000)]
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library, persist: false)
    try await player.add([one])
    sink.hold()
    try await drive(sink, player) { try await player.play() }
    await player.quiesce(sink)
    #expect(await player.status().state == .playing)

    let (readers, release) = await holdEveryReader(of: library)
    // Queued with the path it had when it was chosen: the library has it elsewhere now.
    let adding = Task { try await player.add([two]) }
    let held = try await answeredWhileTheReadWaits(player, readers: readers, release: release)
    #expect(held.readOnItsOwnThread)
    #expect(held.answered)
    #expect(try await adding.value.count == 1)
    await player.quiesce(sink)
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    #expect(runs(sink.heard).map(\.tag) == [1, 2])
    #expect(await player.queueEntries().map(\.song.path) == ["/music/1.mp3", "/music/2.mp3"])
    await player.shutdown()
  }

  /// `play` waits for its song to be read (it returns once the song plays); the Player does not, and
  /// shows the state as it is meanwhile.
  @Test func aPlayWaitingForTheLibraryDoesNotHoldThePlayer() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (player, sink, readers, release, playing) = try await playOneSongWhileEveryReaderIsHeld(library)
    let held = try await answeredWhileTheReadWaits(player, readers: readers, release: release)
    #expect(held.readOnItsOwnThread)
    #expect(held.answered)
    try await playing.value
    #expect(await player.status().state == .playing)
    sink.release()
    await player.shutdown()
  }

  /// A stop given while a play's song is still being read stops that play: it goes to the engine behind
  /// the play, so the state shown (stopped) is what the device does, not a play that starts after it.
  @Test func aStopWhileAPlayIsReadStopsThatPlay() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (player, sink, readers, release, playing) = try await playOneSongWhileEveryReaderIsHeld(library)
    let reading = try await offCooperativePool {
      Self.within(60) { PlayStateStoreTests.threadSleeps(named: "tunes-prepare") }
    }
    #expect(reading)
    let stopped = Counter()
    let stopping = Task {
      try await drive(sink, player) {
        await player.stop()
        stopped.add()
      }
    }
    // The stop has reached the Player: it returned, or it waits behind the play in the outbox.
    #expect(await eventually { await player.outbox.count == 2 || stopped.value == 1 })
    for _ in 0..<readers { release.signal() }
    try await playing.value
    try await stopping.value
    await player.quiesce(sink)
    #expect(await player.status().state == .stopped)
    sink.release()
    await player.shutdown()
  }
}
