// ReplayGain as the engine applies it: the scale GainStage works out from a song's values, the mode,
// the preamps and the limit, and the PCM that reaches the sink: scaled by 10^(gain/20) within 1 LSB,
// kept at or under full scale by the limit, and left exactly as decoded when there is nothing to do.
import Foundation
import GRDB
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite struct GainStageTests {
  let tagged = StoredGain(trackGain: -6, trackPeak: 0.5, albumGain: -3, albumPeak: 0.9)

  @Test func theModeChoosesTheTupleAndFallsBackToTheOther() {
    let settings = ReplayGainSettings(mode: .track)
    #expect(GainStage.replayGainScale(tagged, mode: .off, settings: settings) == 1)
    #expect(abs(GainStage.replayGainScale(tagged, mode: .track, settings: settings) - pow(10, -6.0 / 20)) < 1e-12)
    #expect(abs(GainStage.replayGainScale(tagged, mode: .album, settings: settings) - pow(10, -3.0 / 20)) < 1e-12)
    let trackOnly = StoredGain(trackGain: -4, trackPeak: 0.5)
    #expect(abs(GainStage.replayGainScale(trackOnly, mode: .album, settings: settings) - pow(10, -4.0 / 20)) < 1e-12)
    let albumOnly = StoredGain(albumGain: -2, albumPeak: 0.5)
    #expect(abs(GainStage.replayGainScale(albumOnly, mode: .track, settings: settings) - pow(10, -2.0 / 20)) < 1e-12)
  }

  @Test func autoIsAlbumInOrderAndTrackWhenRandom() {
    #expect(ReplayGainMode.auto.effective(random: false) == .album)
    #expect(ReplayGainMode.auto.effective(random: true) == .track)
    #expect(ReplayGainMode.track.effective(random: false) == .track)
    #expect(ReplayGainMode.off.effective(random: true) == .off)
  }

  @Test func preampsAndTheLimit() {
    let withPreamp = ReplayGainSettings(mode: .track, preamp: 4, missingPreamp: -5)
    #expect(abs(GainStage.replayGainScale(tagged, mode: .track, settings: withPreamp) - pow(10, -2.0 / 20)) < 1e-12)
    #expect(abs(GainStage.replayGainScale(.none, mode: .track, settings: withPreamp) - pow(10, -5.0 / 20)) < 1e-12)
    // +12 dB on a peak of 0.5 would reach 2: the limit keeps peak × scale at 1.
    let loud = StoredGain(trackGain: 12, trackPeak: 0.5)
    #expect(GainStage.replayGainScale(loud, mode: .track, settings: ReplayGainSettings(mode: .track)) == 2)
    let unlimited = ReplayGainSettings(mode: .track, limit: false)
    #expect(abs(GainStage.replayGainScale(loud, mode: .track, settings: unlimited) - pow(10, 12.0 / 20)) < 1e-12)
  }

  @Test func sixteenBitSamplesScaleWithinOneLSBAndClip() {
    let samples: [Int16] = [0, 1, -1, 100, -100, 12_345, -12_345, 32_767, -32_768]
    for db in [-12.0, -6.0, -0.5, 3.0, 9.0] {
      let scale = pow(10, db / 20)
      var buffer = samples
      buffer.withUnsafeMutableBufferPointer { GainStage.apply(scale, to: $0, count: $0.count) }
      for (input, output) in zip(samples, buffer) {
        let exact = min(max(Double(input) * scale, -32_768), 32_767)
        #expect(abs(Double(output) - exact) <= 1, "\(input) at \(db) dB gave \(output), expected \(exact)")
      }
    }
    var unchanged = samples
    unchanged.withUnsafeMutableBufferPointer { GainStage.apply(1, to: $0, count: $0.count) }
    #expect(unchanged == samples)
  }

  @Test func wideSamplesScaleInTheirOwnRange() {
    let samples: [Int32] = [0, 1_000_000, -1_000_000, 8_388_607, -8_388_608]
    var buffer = samples
    buffer.withUnsafeMutableBufferPointer { GainStage.apply(2, to: $0, count: $0.count, bits: 24) }
    #expect(buffer == [0, 2_000_000, -2_000_000, 8_388_607, -8_388_608])
    var half = samples
    half.withUnsafeMutableBufferPointer { GainStage.apply(0.5, to: $0, count: $0.count) }
    #expect(half == [0, 500_000, -500_000, 4_194_304, -4_194_304])
  }
}

/// The Player and engine with songs whose gains are set in the library as the indexer would set them.
@Suite struct ReplayGainPlaybackTests {
  /// A library holding songs 1… with the given (trackGain, trackPeak) values.
  func library(gains: [Int: (gain: Double?, peak: Double?)]) throws -> (Library, URL) {
    let (library, folder) = try temporaryLibrary()
    try library.database(for: .playState).write { db in
      for (n, value) in gains {
        try db.execute(
          sql: """
            INSERT INTO song(id, path, title, artist, album, albumArtist, trackGain, trackPeak)
            VALUES (?, ?, ?, 'Artist', 'Album', 'Artist', ?, ?)
            """,
          arguments: [n, "/music/\(n).mp3", "Song \(n)", value.gain, value.peak])
      }
    }
    return (library, folder)
  }

  /// Plays song 1 to its end and returns channel 0 of every frame the sink got.
  func play(_ tracks: [Int: FakeTrack], library: Library, settings: ReplayGainSettings, volume: Int = 100) async throws
    -> [Int16]
  {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), library: library, persist: false)
    await player.setReplayGain(settings)
    await player.setVolume(volume)
    try await player.add([song(1)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.shutdown()
    return sink.gains
  }

  @Test func aTaggedSongComesOutScaledByItsGain() async throws {
    let (library, folder) = try self.library(gains: [1: (-6, 0.9)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = try await play([1: FakeTrack(frames: 20_000)], library: library, settings: ReplayGainSettings(mode: .track))
    #expect(out.count == 20_000)
    let scale = pow(10, -6.0 / 20)
    // Channel 0 carries the frame index.
    let worst = out.enumerated().map { abs(Double($0.element) - Double($0.offset) * scale) }.max() ?? 99
    #expect(worst <= 1)
  }

  @Test func volumeAndGainAreOneStep() async throws {
    let (library, folder) = try self.library(gains: [1: (-3, 0.9)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = try await play(
      [1: FakeTrack(frames: 20_000)], library: library, settings: ReplayGainSettings(mode: .album), volume: 70)
    let scale = pow(10, -3.0 / 20) * PlaybackEngine.gain(volume: 70)
    let worst = out.enumerated().map { abs(Double($0.element) - Double($0.offset) * scale) }.max() ?? 99
    #expect(worst <= 1)
  }

  @Test func theLimitKeepsThePeakAtFullScale() async throws {
    // Frames count up to 30 000 (peak 30000/32768); +6 dB would take the last third past full scale.
    let peak = 30_000.0 / 32_768
    let (library, folder) = try self.library(gains: [1: (6, peak)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let limited = try await play(
      [1: FakeTrack(frames: 30_001)], library: library, settings: ReplayGainSettings(mode: .track))
    // Every sample is the frame scaled by 1/peak (within 1 LSB and full scale): none was clipped flat.
    let worst = limited.enumerated().map { abs(Double($0.element) - min(Double($0.offset) / peak, 32_767)) }.max() ?? 99
    #expect(worst <= 1)
    #expect(limited.max() == Int16.max)
    let clipped = try await play(
      [1: FakeTrack(frames: 30_001)], library: library, settings: ReplayGainSettings(mode: .track, limit: false))
    #expect(clipped.filter { $0 == Int16.max }.count > 5_000)
  }

  @Test func offOrZeroGainLeavesThePCMAsDecoded() async throws {
    let (library, folder) = try self.library(gains: [1: (0, 1)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected = (0..<20_000).map { Int16($0) }
    let zero = try await play([1: FakeTrack(frames: 20_000)], library: library, settings: ReplayGainSettings(mode: .track))
    #expect(zero == expected)
    let off = try await play(
      [1: FakeTrack(frames: 20_000)], library: library, settings: ReplayGainSettings(mode: .off, missingPreamp: -6))
    #expect(off == expected)
  }

  @Test func anUntaggedSongGetsTheMissingPreampAndAMeasuredGainStandsIn() async throws {
    let (library, folder) = try self.library(gains: [1: (nil, nil)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = ReplayGainSettings(mode: .track, missingPreamp: -6)
    let missing = try await play([1: FakeTrack(frames: 20_000)], library: library, settings: settings)
    #expect(abs(Double(missing[10_000]) - 10_000 * pow(10, -6.0 / 20)) <= 1)
    try library.database(for: .playState).write { db in
      try db.execute(
        sql: """
          INSERT INTO loudness(songId, fileMtime, integratedLufs, truePeak, trackGain, measuredAt)
          VALUES (1, NULL, -8, 0.9, -10, '2026-01-01 00:00:00')
          """)
    }
    let measured = try await play([1: FakeTrack(frames: 20_000)], library: library, settings: settings)
    #expect(abs(Double(measured[10_000]) - 10_000 * pow(10, -10.0 / 20)) <= 1)
  }
}
