// `tunes loudness`'s measurement against loudgain on the same generated MP3s: every song's loudness,
// gain and true peak, and the album's, within 0.1 LU (dB for the peak); measured values kept in the
// library and skipped next time; a bad file reported and skipped; a stopped run keeping whole albums.
import Foundation
import Testing
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesTestSupport

@testable import TunesLoudness
@testable import TunesPlayer

@Suite(.serialized) struct LoudnessTests {
  /// A folder with an album of three different songs (sine, noise, quiet sine), one single and a
  /// file that is not audio; indexed into a fresh library.
  static func makeLibrary() throws -> (Library, folder: String, album: [String], single: String, bad: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-loudness-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let sources: [(String, [String])] = [
      ("01.mp3", ["synth", "4", "sine", "440", "vol", "0.5"]),
      ("02.mp3", ["synth", "3", "pinknoise", "vol", "0.4"]),
      ("03.mp3", ["synth", "5", "sine", "1000", "vol", "0.05"]),
      ("single.mp3", ["synth", "3", "brownnoise", "vol", "0.7"]),
    ]
    for (index, (name, effect)) in sources.enumerated() {
      let wav = folder + "/\(index).wav"
      try Fixtures.run("sox", ["-n", "-r", "44100", "-c", "2", wav] + effect)
      let album = name == "single.mp3" ? [] : ["--tl", "Measured", "--tn", "\(index + 1)"]
      try Fixtures.run("lame", ["--quiet", "-b", "192", "--ta", "Meter", "--tt", name] + album + [wav, folder + "/" + name])
      try FileManager.default.removeItem(atPath: wav)
    }
    // Indexed as a good song, then broken: the index does not know yet, the decoder finds no audio.
    let bad = folder + "/broken.mp3"
    try FileManager.default.copyItem(atPath: folder + "/single.mp3", toPath: bad)
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    _ = try library.index(paths: [folder])
    try Data(repeating: 0x41, count: 4000).write(to: URL(fileURLWithPath: bad))
    return (library, folder, ["01.mp3", "02.mp3", "03.mp3"].map { folder + "/" + $0 }, folder + "/single.mp3", bad)
  }

  /// loudgain's table for `files` (album mode: the last row is the album).
  static func loudgain(_ files: [String], album: Bool) throws -> [String: (lufs: Double, peak: Double, gain: Double)] {
    let output = String(decoding: try Fixtures.run("loudgain", (album ? ["-a"] : []) + ["-O", "-q"] + files), as: UTF8.self)
    var rows: [String: (Double, Double, Double)] = [:]
    for line in output.split(separator: "\n").dropFirst() {
      let cells = line.split(separator: "\t").map(String.init)
      guard cells.count >= 9 else { continue }
      let number = { (text: String) in Double(text.split(separator: " ")[0])! }
      rows[cells[0]] = (number(cells[1]), number(cells[3]), number(cells[8]))
    }
    return rows
  }

  static func scanAll(_ library: Library, force: Bool = false, stopAfter: Int? = nil) throws -> (
    saved: Int, failures: [LoudnessError], skipped: Int, outcomes: [LoudnessOutcome]
  ) {
    let (groups, skipped) = try LoudnessStore.pending(library, songIDs: nil, force: force)
    let scan = LoudnessScan(groups: groups)
    let box = Box()
    scan.run(
      workers: 2,
      measured: { outcome in
        try? LoudnessStore.save(outcome, in: library)
        box.note(outcome)
        let count = box.add(outcome.results.count)
        if let stopAfter, count >= stopAfter { scan.stop() }
      },
      failed: { box.fail($0) })
    return (box.saved, box.failures, skipped, box.outcomes)
  }

  final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var _saved = 0
    private var _failures: [LoudnessError] = []
    private var _outcomes: [LoudnessOutcome] = []
    func note(_ o: LoudnessOutcome) { lock.withLock { _outcomes.append(o) } }
    var outcomes: [LoudnessOutcome] { lock.withLock { _outcomes } }
    func add(_ n: Int) -> Int {
      lock.withLock {
        _saved += n; return _saved
      }
    }
    func fail(_ e: LoudnessError) { lock.withLock { _failures.append(e) } }
    var saved: Int { lock.withLock { _saved } }
    var failures: [LoudnessError] { lock.withLock { _failures } }
  }

  static func songID(_ library: Library, _ path: String) throws -> Int64 {
    try #require(try library.song(path: path)?.id)
  }

  @Test func valuesAgreeWithLoudgain() throws {
    let (library, folder, album, single, bad) = try Self.makeLibrary()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try Self.scanAll(library)
    #expect(run.saved == 4)
    #expect(run.failures.count == 1)
    #expect(run.failures.first.map { "\($0)" }?.hasPrefix(bad + ":") == true)

    let reference = try Self.loudgain(album, album: true)
    let albumRow = try #require(reference["Album"])
    for path in album {
      let expected = try #require(reference[path])
      let got = try #require(try LoudnessStore.measurement(library, songID: try Self.songID(library, path)))
      #expect(abs(got.lufs - expected.lufs) <= 0.1, "\(path): \(got.lufs) LUFS, loudgain \(expected.lufs)")
      #expect(abs(got.gain - expected.gain) <= 0.1, "\(path): \(got.gain) dB, loudgain \(expected.gain)")
      #expect(abs(20 * log10(got.peak / expected.peak)) <= 0.1, "\(path): peak \(got.peak), loudgain \(expected.peak)")
      let albumGain = try #require(got.albumGain)
      #expect(abs(albumGain - albumRow.gain) <= 0.1, "album gain \(albumGain), loudgain \(albumRow.gain)")
    }
    let singleReference = try #require(try Self.loudgain([single], album: false)[single])
    let got = try #require(try LoudnessStore.measurement(library, songID: try Self.songID(library, single)))
    #expect(abs(got.lufs - singleReference.lufs) <= 0.1)
    #expect(got.albumGain == nil)

    // The player takes the measured gain for these untagged songs.
    let firstID = try Self.songID(library, album[0])
    let gain = try SongGainReader.gain(in: library, songID: firstID)
    #expect(gain.trackGain.map { abs($0 - reference[album[0]]!.gain) <= 0.1 } == true)
    #expect(gain.albumGain.map { abs($0 - albumRow.gain) <= 0.1 } == true)
  }

  @Test func measuredSongsAreSkippedUntilForcedOrChanged() throws {
    let (library, folder, album, _, _) = try Self.makeLibrary()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try Self.scanAll(library)
    let again = try Self.scanAll(library)
    #expect(again.saved == 0 && again.skipped == 4)
    // The broken file was never measured, so it is tried (and reported) again.
    #expect(again.failures.count == 1)
    try FileManager.default.removeItem(atPath: folder + "/broken.mp3")
    let forced = try Self.scanAll(library, force: true)
    #expect(forced.saved == 4)
    // A rewritten file (new mtime after a rescan) is measured again, with its whole album.
    let later = Date().addingTimeInterval(10)
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: album[1])
    _ = try library.index(paths: [folder])
    let changed = try LoudnessStore.pending(library, songIDs: nil, force: false)
    #expect(changed.groups.map { $0.items.map(\.path).sorted() }.contains(album.sorted()))
    #expect(changed.skipped == 1)
    #expect(changed.groups.count == 1)
  }

  @Test func aStoppedRunKeepsWholeAlbumsAndTheNextGoesOn() throws {
    let (library, folder, album, single, _) = try Self.makeLibrary()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.removeItem(atPath: folder + "/broken.mp3")
    _ = try library.index(paths: [folder])  // marks it missing
    // Stopped as soon as the first group (the album or the single, whichever ends first) is kept.
    let first = try Self.scanAll(library, stopAfter: 1)
    #expect(first.saved == 1 || first.saved == 3)
    let albumKept = try album.map { try LoudnessStore.measurement(library, songID: try Self.songID(library, $0)) != nil }
    #expect(albumKept == Array(repeating: first.saved == 3, count: 3))
    let singleKept = try LoudnessStore.measurement(library, songID: try Self.songID(library, single)) != nil
    #expect(singleKept == (first.saved == 1))
    let second = try Self.scanAll(library)
    #expect(second.saved == 4 - first.saved && second.skipped == first.saved)
  }
}
