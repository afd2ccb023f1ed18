// A play restored after a restart is the same play: what was heard of it before the restart (saved with
// the play state) and after it counts toward its one listen, which counts once: not again when it had
// counted before the restart, also when the restart came before the state could say so. The "killed"
// player is stopped at an exact frame by its sink and left there, its state written, as a process
// killed at that moment; nothing in it moves while the restarted player plays.
import Foundation
import GRDB
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite(.serialized) struct RestartListenTests {
  /// 10 s at 8 kHz: 1024-frame writes of 128 ms each, a position report every 2 s of audio.
  static let rate = 8000
  static let track = FakeTrack(frames: 80_000, format: AudioFormat(sampleRate: rate, channels: 2))

  typealias Counted = @Sendable (Song, Listen) throws -> Void

  /// A player on `library` that plays `stored` until `writes` chunks' worth of frames have gone out and stays
  /// there like a process killed at that moment (never shut down while the test looks), once the
  /// listens it told are written and its state is saved.
  func playUntilKilled(_ library: Library, _ stored: Song, writes: Int, counted: Counted?) async throws -> (
    Player, FakeSink
  ) {
    let sink = FakeSink()
    sink.stop(atFrame: writes * 1024)
    let player = Player(sink: sink, decoders: fakeLibrary([1: Self.track]), library: library, clock: FakeClock())
    let recording = await record(player, library, counted)
    try await player.add([stored])
    try await player.play()
    await waitLong("the play held at its frame") { sink.isBlocked }
    // Every report the engine sent before its write was held is applied; it sends no more.
    await player.settle()
    // What the device played past the last report counts too (as the status and every save take it in):
    // taken in now, so a listen it completes is told and written before the state is.
    await player.takeInHeldPosition()
    await recording.settle()
    await player.writeStateNow()
    // Within the last chunk before the frame (the first chunk of a track is shorter).
    #expect(sink.heard.count > (writes - 1) * 1024 && sink.heard.count <= writes * 1024)
    return (player, sink)
  }

  /// Records as the scrobbler does with `counted`, or only counts plays in the library.
  func record(_ player: Player, _ library: Library, _ counted: Counted?) async -> ListenRecorder {
    if let counted { return await player.recordListens(counted: counted) }
    return await ListenRecorder.start(player: player, writer: .playCounts(in: library))
  }

  /// The next start: restores the session (saved as `saved`), plays the song on to its end.
  func restartAndPlayOn(_ library: Library, saved: PlayState = .playing, counted: Counted?) async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: Self.track]), library: library)
    let recording = await record(player, library, counted)
    #expect(try await player.restoreSession() == saved)
    try await player.play()
    await waitLong("the song to end") { await player.status().state == .stopped }
    await player.settle()
    await player.shutdown()
    await recording.finished()
  }

  /// The next start as `tunes play` makes it (the state restored before the recorder starts), without
  /// playing: shut down at once, which saves the restored play paused.
  func restartWithoutPlaying(_ library: Library, counted: Counted?) async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([1: Self.track]), library: library)
    #expect(try await player.restoreSession() != nil)
    let recording = await record(player, library, counted)
    await player.shutdown()
    await recording.finished()
  }

  /// A new library holding the one 10 s song every test plays (its folder for the test to remove).
  func oneSongLibrary() throws -> (library: Library, folder: URL, song: Song) {
    let (library, folder) = try temporaryLibrary()
    let stored = try insert(Song(path: "/music/1.mp3", title: "One", artist: "A", durationMs: 10_000), into: library)
    return (library, folder, stored)
  }

  func stop(_ killed: (Player, FakeSink)) async {
    killed.1.release()
    await killed.0.shutdown()
  }

  /// 4.352 s heard before the restart (under the 5 s threshold), the rest after it: one listen, dated
  /// when the play started before the restart.
  @Test func aPlayHeardAcrossARestartCountsOnce() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = Recorder()
    let after = Recorder()
    let killed = try await playUntilKilled(
      library, stored, writes: 34, counted: { song, listen in before.add(song.path, listen) })
    #expect(before.count == 0)
    let saved = try #require(try PlayStateStore(library: library).load()?.listen)
    #expect(saved.heard.reduce(0) { $0 + $1.count } >= 4000)
    try await restartAndPlayOn(library, counted: { song, listen in after.add(song.path, listen) })
    #expect(before.count == 0)
    #expect(after.count == 1)
    #expect(after.items.first?.listen.listenedAt == saved.startedAt)
    await stop(killed)
  }

  /// Counted before the restart (6.4 s of 10 heard): the restored play goes on without counting again.
  @Test func aPlayCountedBeforeARestartIsNotCountedAgain() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = Recorder()
    let after = Recorder()
    let killed = try await playUntilKilled(
      library, stored, writes: 50, counted: { song, listen in before.add(song.path, listen) })
    #expect(before.count == 1)
    #expect(try PlayStateStore(library: library).load()?.listen?.fired == true)
    try await restartAndPlayOn(library, counted: { song, listen in after.add(song.path, listen) })
    #expect(after.count == 0)
    await stop(killed)
  }

  /// The kill came after the play was counted in the library but before the state said so: the song's
  /// last play, at or after this play's start, says it counted.
  @Test func aPlayCountedJustBeforeTheKillIsNotCountedAgain() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let killed = try await playUntilKilled(library, stored, writes: 50, counted: nil)
    #expect(try library.song(id: stored.id!)?.playCount == 1)
    try library.database(for: .playState).write { db in try db.execute(sql: "UPDATE playerState SET listenFired = 0") }
    try await restartAndPlayOn(library, counted: nil)
    #expect(try library.song(id: stored.id!)?.playCount == 1)
    await stop(killed)
  }

  /// The kill came after the play counted but before its listen was written: the state does not say it
  /// counted, so the restored play counts it, once.
  @Test func aListenToldButNotWrittenBeforeTheKillCountsAfterTheRestart() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let after = Recorder()
    // The writer refuses (a full disk) until the process is gone.
    let refused = FullDiskHook()
    let killed = try await playUntilKilled(
      library, stored, writes: 50, counted: { song, _ in try refused.write(song.path) })
    #expect(refused.refused >= 1)
    // The state holds the listen as told and not written (the next start records it).
    #expect(try PlayStateStore(library: library).load()?.toldListen != nil)
    try await restartAndPlayOn(library, counted: { song, listen in after.add(song.path, listen) })
    #expect(after.count == 1)
    await stop(killed)
  }
}

extension RestartListenTests {
  /// Killed between telling a listen and writing it: the saved state holds the listen, and the next
  /// start records it although the play does not go on (the user starts something else, or nothing);
  /// it is recorded once, and the state no longer holds it afterwards.
  @Test func aListenToldButNotWrittenIsRecordedByTheNextStartWithoutPlaying() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused = FullDiskHook()
    let killed = try await playUntilKilled(library, stored, writes: 50, counted: { song, _ in try refused.write(song.path) })
    #expect(refused.refused >= 1)
    let saved = try #require(try PlayStateStore(library: library).load())
    let told = try #require(saved.toldListen)
    #expect(told.song.id == stored.id && told.listen.listenedAt == saved.listen?.startedAt)
    let after = Recorder()
    try await restartWithoutPlaying(library, counted: { song, listen in after.add(song.path, listen) })
    #expect(after.count == 1)
    #expect(after.items.first?.listen == told.listen)
    #expect(try PlayStateStore(library: library).load()?.toldListen == nil)
    // Neither a second start nor playing the song on records it again.
    try await restartWithoutPlaying(library, counted: { song, listen in after.add(song.path, listen) })
    try await restartAndPlayOn(library, saved: .paused, counted: { song, listen in after.add(song.path, listen) })
    #expect(after.count == 1)
    await stop(killed)
  }

  /// The same listen, with the recorder started before the state is restored: told to it as `counted`
  /// at the restore, once, and the play going on does not count it again.
  @Test func aRestoredToldListenReachesARecorderStartedFirst() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused = FullDiskHook()
    let killed = try await playUntilKilled(library, stored, writes: 50, counted: { song, _ in try refused.write(song.path) })
    let told = try #require(try PlayStateStore(library: library).load()?.toldListen)
    let after = Recorder()
    try await restartAndPlayOn(library, counted: { song, listen in after.add(song.path, listen) })
    #expect(after.items.map(\.listen) == [told.listen])
    await stop(killed)
  }

  /// Killed after the recorder wrote the listen but before the state said so: the saved state still
  /// holds the listen, and the song's last play shows it was written, so it is not recorded again.
  @Test func aToldListenWrittenBeforeTheKillIsNotRecordedAgain() async throws {
    let (library, folder, stored) = try oneSongLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let killed = try await playUntilKilled(library, stored, writes: 50, counted: nil)
    #expect(try library.song(id: stored.id!)?.playCount == 1)
    // The state as the save before the acknowledgement wrote it.
    try library.database(for: .playState).write { db in
      try db.execute(
        sql: """
          UPDATE playerState SET listenFired = 0, toldListenSongId = ?, toldListenAt = listenStartedAt,
            toldListenPlayedMs = 5000
          """, arguments: [stored.id])
    }
    #expect(try PlayStateStore(library: library).load()?.toldListen == nil)
    try await restartWithoutPlaying(library, counted: nil)
    try await restartAndPlayOn(library, saved: .paused, counted: nil)
    #expect(try library.song(id: stored.id!)?.playCount == 1)
    await stop(killed)
  }
}

extension Player {
  func takeInHeldPosition() { catchUpPosition() }

  /// Writes the state as it is now, once no change is waiting to settle: nothing the player does later
  /// (it is held in its sink) writes it again.
  func writeStateNow() async {
    let deadline = Date().addingTimeInterval(60)
    while saveDue && Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
    #expect(!saveDue, "the change never settled")
    // The periodic save, as if it had come just before the kill.
    save(settles: false)
    writer?.flush()
  }
}

/// Waits for `condition` with a limit no busy machine reaches (a minute), checking every 5 ms (TunesTestSupport's
/// wait), and records an issue naming `what` when it never holds.
func waitLong(_ what: String, _ condition: () async -> Bool) async {
  if await !eventually(60, every: .milliseconds(5), condition) { Issue.record("timed out waiting for \(what)") }
}
