// MixRamp: reading a ramp list as MPD's CrossFade.cxx does (exact point, first point, the line between two
// points, nothing when the list never reaches the threshold or breaks first), the overlap it gives
// (the incoming start time plus the outgoing end time at the threshold, less the delay; each song's
// ReplayGain moving its own threshold), and playback on the fake devices: with ramps tagged in the
// library the two songs overlap for exactly that long, summed at full weight; without them it is the plain
// crossfade; when the ramps do not meet there is no overlap at all. The settings are saved with the state.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite struct MixRampArithmeticTests {
  let ramp = "-30 0.25;-20 0.50;-10 1.00"

  @Test func aThresholdOnAPointIsThatPointsTime() {
    #expect(MixRamp.seconds(in: ramp, at: -20) == 0.5)
    #expect(MixRamp.seconds(in: ramp, at: -10) == 1.0)
  }

  @Test func betweenTwoPointsTheTimeIsOnTheLineBetweenThem() {
    #expect(MixRamp.seconds(in: ramp, at: -25) == 0.375)
    #expect(MixRamp.seconds(in: ramp, at: -12.5) == 0.875)
  }

  @Test func aRampOfInfiniteSecondsGivesNoOverlap() {
    let settings = MixRampSettings(db: -20, delay: 1)
    #expect(
      MixRamp.overlap(start: "-20 inf", previousEnd: ramp, settings: settings, gainDB: 0, previousGainDB: 0) == nil)
    #expect(
      MixRamp.overlap(start: ramp, previousEnd: "-20 1e39", settings: settings, gainDB: 0, previousGainDB: 0) == nil)
  }

  @Test func belowTheFirstPointItIsTheFirstTimeAndAboveTheLastThereIsNone() {
    #expect(MixRamp.seconds(in: ramp, at: -40) == 0.25)
    #expect(MixRamp.seconds(in: ramp, at: -5) == nil)
  }

  @Test func aListIsReadUpToItsFirstBrokenPair() {
    // Blanks before a number are skipped, as strtof skips them.
    #expect(MixRamp.seconds(in: " -30 0.25; -20  0.5", at: -20) == 0.5)
    // The answer comes before the broken pair: it stands.
    #expect(MixRamp.seconds(in: "-30 0.25;-20 0.5;junk", at: -25) == 0.375)
    // The broken pair comes first.
    #expect(MixRamp.seconds(in: "-30 0.25;-20x 0.5;-10 1", at: -12) == nil)
    #expect(MixRamp.seconds(in: "-30,0.25", at: -40) == nil)
    #expect(MixRamp.seconds(in: "", at: -20) == nil)
    #expect(MixRamp.seconds(in: "-30 0.25;", at: -20) == nil)
  }

  @Test func theOverlapIsBothTimesLessTheDelay() {
    let settings = MixRampSettings(db: -20, delay: 0.2)
    let overlap = MixRamp.overlap(
      start: "-30 0.1;-20 0.3;-10 0.6", previousEnd: ramp, settings: settings, gainDB: 0, previousGainDB: 0)
    #expect(abs((overlap ?? 0) - 0.6) < 1e-6)
    // A delay longer than both times together: no overlap at all.
    #expect(
      MixRamp.overlap(
        start: "-30 0.1;-20 0.3", previousEnd: ramp, settings: MixRampSettings(db: -20, delay: 0.9), gainDB: 0,
        previousGainDB: 0) == nil)
    // A ramp that never gets as loud as the threshold: none either.
    #expect(
      MixRamp.overlap(start: "-40 0.1", previousEnd: ramp, settings: settings, gainDB: 0, previousGainDB: 0) == nil)
  }

  @Test func aSongsReplayGainMovesItsOwnThreshold() {
    // +10 dB of gain: the incoming song reaches -20 dB where its tag says -30, the outgoing one is unchanged.
    let overlap = MixRamp.overlap(
      start: "-30 0.1;-20 0.3;-10 0.6", previousEnd: ramp, settings: MixRampSettings(db: -20, delay: 0.2), gainDB: 10,
      previousGainDB: 0)
    #expect(abs((overlap ?? 0) - (0.1 + 0.5 - 0.2)) < 1e-6)
  }

  @Test func mixRampIsOnOnlyWithADelayAboveZero() {
    #expect(!MixRampSettings().isOn)
    #expect(!MixRampSettings(delay: 0).isOn)
    #expect(!MixRampSettings(delay: .nan).isOn)
    #expect(MixRampSettings(delay: 0.5).isOn)
  }
}

@Suite struct MixRampPlaybackTests {
  static let rate = 8_000
  static let format = AudioFormat(sampleRate: rate, channels: 2)

  /// Songs 10 and 20 of two albums in a library, with the given MIXRAMP_END of 10 and MIXRAMP_START of 20.
  func library(end: String?, start: String?) throws -> (Library, URL) {
    let (library, folder) = try temporaryLibrary()
    try library.database(for: .playState).write { db in
      for (n, album, ramps) in [(10, "One", (nil, end)), (20, "Two", (start, nil))] {
        try db.execute(
          sql: """
            INSERT INTO song(id, path, title, artist, album, albumArtist, mixRampStart, mixRampEnd)
            VALUES (?, ?, ?, 'Artist', ?, 'Artist', ?, ?)
            """,
          arguments: [n, "/music/\(n).mp3", "Song \(n)", album, ramps.0, ramps.1])
      }
    }
    return (library, folder)
  }

  /// Plays songs 10 and 20 (20 000 frames each, 2.5 s) with 1 s of crossfade and `mixRamp`.
  func play(_ library: Library, mixRamp: MixRampSettings) async throws -> [HeardFrame] {
    let sink = FakeSink()
    let tracks = [10: FakeTrack(frames: 20_000, format: Self.format), 20: FakeTrack(frames: 20_000, format: Self.format)]
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library, persist: false)
    await player.setCrossfade(1)
    await player.setMixRamp(mixRamp)
    let songs = [10, 20].map { n in
      Song(
        id: Int64(n), path: "/music/\(n).mp3", title: "Song \(n)", artist: "Artist", album: n == 10 ? "One" : "Two",
        albumArtist: "Artist", trackNumber: 1, durationMs: 2_500)
    }
    try await player.add(songs)
    return try await playToTheEnd(player, on: sink)
  }

  @Test func taggedRampsOverlapTheSongsForTheirComputedTimeSummed() async throws {
    let end = "-30 0.25;-20 0.5;-10 1.0"
    let start = "-30 0.1;-20 0.3;-10 0.6"
    let (library, folder) = try self.library(end: end, start: start)
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = MixRampSettings(db: -20, delay: 0.2)
    let heard = try await play(library, mixRamp: settings)
    // The overlap from the two tags, as MPD computes it: 0.3 s + 0.5 s − 0.2 s.
    let seconds = try #require(
      MixRamp.overlap(start: start, previousEnd: end, settings: settings, gainDB: 0, previousGainDB: 0))
    let overlap = Int((seconds * Double(Self.rate)).rounded())
    #expect(overlap == 4_800)
    var expected: [HeardFrame] = (0..<(20_000 - overlap)).map { HeardFrame(tag: 10, frame: $0) }
    for i in 0..<overlap {
      // Both songs at full weight: the frame indices (channel 0) and the tags (channel 1) add up.
      expected.append(HeardFrame(tag: 10 + 20, frame: i + (20_000 - overlap + i)))
    }
    expected += (overlap..<20_000).map { HeardFrame(tag: 20, frame: $0) }
    #expect(heard.count == 40_000 - overlap)
    let differing = zip(heard, expected).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) frames differ from the expected overlap")
  }

  @Test func withoutBothRampsItIsThePlainCrossfade() async throws {
    let (library, folder) = try self.library(end: "-30 0.25;-20 0.5", start: nil)
    defer { try? FileManager.default.removeItem(at: folder) }
    let heard = try await play(library, mixRamp: MixRampSettings(db: -20, delay: 0.2))
    let fade = Self.rate
    #expect(heard.count == 40_000 - fade)
    // Halfway through the fade the curve weighs both songs alike: the tag channel is between them.
    #expect(heard[20_000 - fade + fade / 2].tag == 15)
  }

  @Test func rampsThatDoNotMeetPlayTheSongsOneAfterTheOther() async throws {
    let (library, folder) = try self.library(end: "-30 0.25;-20 0.5", start: "-30 0.1;-20 0.3")
    defer { try? FileManager.default.removeItem(at: folder) }
    let heard = try await play(library, mixRamp: MixRampSettings(db: -20, delay: 2))
    #expect(runs(heard).map { [$0.tag, $0.from, $0.to] } == [[10, 0, 20_000], [20, 0, 20_000]])
  }

  @Test func mixRampOffIsThePlainCrossfadeEvenWithRamps() async throws {
    let (library, folder) = try self.library(end: "-30 0.25;-20 0.5", start: "-30 0.1;-20 0.3")
    defer { try? FileManager.default.removeItem(at: folder) }
    let heard = try await play(library, mixRamp: MixRampSettings(db: -20, delay: 0))
    #expect(heard.count == 40_000 - Self.rate)
  }

  @Test func theSettingsAreSavedWithThePlayStateAndRestored() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try SavedMixRamp.load(library) == MixRampSettings())
    try PlayStateStore(library: library).save(PlayStateSnapshot(mixRamp: MixRampSettings(db: -17.5, delay: 2)))
    #expect(try PlayStateStore(library: library).load()?.mixRamp == MixRampSettings(db: -17.5, delay: 2))
    try SavedMixRamp.save(MixRampSettings(db: -12, delay: .nan), in: library)
    let saved = try SavedMixRamp.load(library)
    #expect(saved.db == -12 && saved.delay.isNaN)
    try SavedMixRamp.save(MixRampSettings(db: -12, delay: 1.5), in: library)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
    try await player.restoreSession()
    #expect(await player.mixRampSettings() == MixRampSettings(db: -12, delay: 1.5))
    await player.setMixRamp(MixRampSettings(db: -20, delay: -1))
    await player.shutdown()
    #expect(try SavedMixRamp.load(library) == MixRampSettings(db: -20, delay: -1))
  }
}
