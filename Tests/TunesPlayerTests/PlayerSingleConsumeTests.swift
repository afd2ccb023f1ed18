// single and consume as MPD 0.23 plays them, through the whole Player: at the end of a song with single
// on, play halts on the song that follows, paused at its start; oneshot turns itself off there; consume
// takes the song that ended out of the queue. Also the change sets idle clients see for these modes,
// the mixer and `clear`.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct PlayerSingleConsumeTests {
  private func threeSongs(frames: Int = 3000) -> (Player, FakeSink) {
    let tracks = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, FakeTrack(frames: frames)) })
    let sink = FakeSink()
    return (Player(sink: sink, decoders: fakeLibrary(tracks)), sink)
  }

  @Test func singleHaltsOnTheNextSongAndPlayStartsItFromItsBeginning() async throws {
    let (player, sink) = threeSongs()
    try await player.add((1...3).map { song($0) })
    await player.setSingle(.on)
    try await player.play(position: 0)
    await waitUntil("the border") { await player.status().state == .paused }
    await player.settle()
    var status = await player.status()
    #expect(status.currentPosition == 1)
    #expect(status.elapsedMs == 0)
    #expect(status.nextPosition == 2)
    #expect(status.singleMode == .on)
    #expect(runs(sink.heard).map(\.tag) == [1])

    // `play` (and a resume) start the song play halted on, from its first frame, and halt after it again.
    try await player.play()
    await waitUntil("the next border") {
      let now = await player.status()
      return now.currentPosition == 2 && now.state == .paused
    }
    await player.settle()
    #expect(runs(sink.heard).map(\.tag) == [1, 2])
    #expect(runs(sink.heard).map(\.from) == [0, 0])
    status = await player.status()
    #expect(status.singleMode == .on)
    await player.shutdown()
  }

  @Test func singleOnTheLastSongStopsWithNoCurrentSong() async throws {
    let (player, _) = threeSongs()
    try await player.add((1...3).map { song($0) })
    await player.setSingle(.on)
    try await player.play(position: 2)
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    let status = await player.status()
    #expect(status.currentID == nil)
    #expect(status.queueLength == 3)
    await player.shutdown()
  }

  @Test func oneshotTurnsItselfOffWhereItHalts() async throws {
    let (player, sink) = threeSongs()
    try await player.add((1...3).map { song($0) })
    await player.setSingle(.oneshot)
    let changes = await player.changes()
    try await player.play(position: 0)
    await waitUntil("the border") { await player.status().state == .paused }
    await player.settle()
    let status = await player.status()
    #expect(status.singleMode == .off)
    #expect(status.currentPosition == 1)
    // The halt is one change set: the player stopped on another song and the option went off.
    var seen: [Set<PlayerSubsystem>] = []
    for await change in changes {
      seen.append(change.subsystems)
      if change.subsystems.contains(.options) { break }
    }
    #expect(seen.last == [.player, .options])

    // Off now: the next song plays on into the one after it.
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.settle()
    #expect(runs(sink.heard).map(\.tag) == [1, 2, 3])
    await player.shutdown()
  }

  /// As mpd 0.23: with repeat, single oneshot replays the song and stays set.
  @Test func oneshotWithRepeatReplaysAndStaysSet() async throws {
    let (player, sink) = threeSongs()
    try await player.add((1...3).map { song($0) })
    await player.setRepeat(.all)
    await player.setSingle(.oneshot)
    try await player.play(position: 0)
    await waitUntil("a replay") { runs(sink.heard).count >= 2 }
    await player.stop()
    #expect(runs(sink.heard).prefix(2).map(\.tag) == [1, 1])
    #expect(await player.status().singleMode == .oneshot)
    await player.shutdown()
  }

  @Test func singleWithConsumeTakesTheEndedSongOutAndHaltsOnTheNext() async throws {
    let (player, _) = threeSongs()
    let ids = try await player.add((1...3).map { song($0) })
    await player.setSingle(.on)
    await player.setConsume(true)
    try await player.play(position: 0)
    await waitUntil("the border") { await player.status().state == .paused }
    await player.settle()
    let status = await player.status()
    #expect(await player.queueEntries().map(\.id) == Array(ids[1...]))
    #expect(status.currentID == ids[1])
    #expect(status.currentPosition == 0)
    #expect(status.nextID == ids[2])
    await player.shutdown()
  }

  @Test func singleModeSurvivesARestart() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    for mode in SingleMode.allCases {
      let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
      try await player.add([song(1)])
      await player.setSingle(mode)
      await player.shutdown()
      let restored = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
      #expect(try await restored.restoreSession() == .stopped)
      #expect(await restored.status().singleMode == mode)
      await restored.shutdown()
    }
  }

  /// MPD tells a client that set the volume it already had: `setvol` wakes `mixer` whatever the value.
  @Test func settingTheSameVolumeIsAMixerChange() async throws {
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]))
    await player.setVolume(60)
    let changes = await player.changes()
    await player.setVolume(60)
    for await change in changes {
      #expect(change.subsystems == [.mixer])
      break
    }
    #expect(await player.status().volume == 60)
    await player.shutdown()
  }

  /// A `clear` while playing stops and empties the queue: one change set, so an idle client wakes once.
  /// The device is held at the first song's start, so the play is still in it when `clear` comes (a free
  /// device could play all three songs out first on a busy machine, each end a change of its own).
  @Test func clearWhilePlayingIsOneChange() async throws {
    let (player, sink) = threeSongs(frames: 441_000)
    sink.hold()
    try await player.add((1...3).map { song($0) })
    try await drive(sink, player) { try await player.play() }
    await player.quiesce(sink)
    let changes = await player.changes()
    let before = await player.status().version
    try await drive(sink, player) { await player.clear() }
    for await change in changes {
      #expect(change.subsystems == [.player, .playlist])
      break
    }
    #expect(await player.status().version == before + 1)
    sink.release()
    await player.shutdown()
  }

  /// `next` past the last song stops with no current song, as MPD's does, and idle clients hear it once.
  /// The device is held, so the last song is still paused in when `next` comes however slow the machine.
  @Test func nextPastTheLastSongStopsWithNoCurrentSong() async throws {
    let (player, sink) = threeSongs(frames: 441_000)
    sink.hold()
    try await player.add((1...3).map { song($0) })
    try await drive(sink, player) { try await player.play(position: 2) }
    try await drive(sink, player) { await player.pause(true) }
    await player.quiesce(sink)
    let changes = await player.changes()
    let before = await player.status().version
    #expect(await player.status().state == .paused)
    try await drive(sink, player) { await player.next() }
    for await change in changes {
      #expect(change.subsystems == [.player])
      break
    }
    let status = await player.status()
    #expect(status.state == .stopped)
    #expect(status.currentPosition == nil)
    #expect(status.version == before + 1)
    sink.release()
    await player.shutdown()
  }
}
