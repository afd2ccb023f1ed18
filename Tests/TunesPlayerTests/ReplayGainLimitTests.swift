// The ReplayGain limit switched off: a loud gain then clips exactly as the arithmetic says (the scale is
// 10^(gain/20), every sample rounded and held at full scale), where with it on the peak stays under
// full scale (ReplayGainPlaybackTests.theLimitKeepsThePeakAtFullScale); and the setting as the
// configuration file keeps it (`[player] replaygain_limit`), a value that is not true or false refused
// with the file and line named.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite struct ReplayGainLimitTests {
  @Test func withTheLimitOffALoudGainClipsAsTheArithmeticSays() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Frames count up to 30 000, peak 30000/32768: +6 dB takes every frame above 16 422 past full scale.
    try library.database(for: .playState).write { db in
      try db.execute(
        sql: """
          INSERT INTO song(id, path, title, artist, album, albumArtist, trackGain, trackPeak)
          VALUES (1, '/music/1.mp3', 'Song 1', 'Artist', 'Album', 'Artist', 6, ?)
          """,
        arguments: [30_000.0 / 32_768])
    }
    let sink = FakeSink()
    let player = Player(
      sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 30_001)]), library: library, persist: false)
    await player.setReplayGain(ReplayGainSettings(mode: .track))
    await player.setReplayGainLimit(false)
    try await player.add([song(1)])
    try await player.play()
    await waitUntil("the end") { await player.status().state == .stopped }
    await player.shutdown()
    let scale = pow(10, 6.0 / 20)
    let expected = (0...30_000).map { Int16(min((Double($0) * scale).rounded(), 32_767)) }
    #expect(sink.gains.count == expected.count)
    let differing = zip(sink.gains, expected).filter { abs(Int($0) - Int($1)) > 1 }.count
    #expect(differing == 0, "\(differing) samples are not the gain's arithmetic")
    #expect(sink.gains.filter { $0 == Int16.max }.count == expected.filter { $0 == Int16.max }.count)
  }

  @Test func theConfigurationFileKeepsTheSetting() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-limit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = ConfigFile(path: folder.appendingPathComponent("config.toml").path)
    #expect(try ReplayGainLimitConfig.read(file) == nil)
    try ReplayGainLimitConfig.write(false, to: file)
    #expect(try ReplayGainLimitConfig.read(file) == false)
    #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains("[player]\nreplaygain_limit = false\n"))
    try "[player]\nreplaygain_limit = \"no\"\n".write(toFile: file.path, atomically: true, encoding: .utf8)
    #expect(throws: ConfigError.syntax(path: file.path, line: 2, message: "replaygain_limit must be true or false")) {
      try ReplayGainLimitConfig.read(file)
    }
  }
}
