// The player under load: a bounded queue (MPD's `max_playlist_length`), adds that cost time linear in
// their number (a snapshot per burst of changes, not per change; a batch of songs arranged into a pass
// at once), and the spreading shuffle at 64k songs.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite struct QueueLoadTests {
  func player(library: Library? = nil) -> Player {
    Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library, seed: 3)
  }

  @Test func addsPastTheBoundAreRefusedAndAGroupStopsAtIt() async throws {
    let p = player()
    await p.setMaximumQueueLength(10)
    try await p.add((1...8).map { song($0) })
    await #expect(throws: PlayerError.queueFull(limit: 10)) { try await p.add((9...11).map { song($0) }) }
    #expect(await p.status().queueLength == 8)
    // A list of adds: the groups that fit, then the part of the next that fits, then nothing.
    let ids = await p.append([SongBatch([song(20)]), SongBatch((21...25).map { song($0) }), SongBatch([song(30)])])
    #expect(ids.map(\.count) == [1, 1])
    #expect(await p.status().queueLength == 10)
    // Replacing the queue keeps only what fits.
    await p.replaceQueue(with: (1...40).map { song($0) })
    #expect(await p.status().queueLength == 10)
  }

  @Test func theBoundIsMPDsByDefault() async {
    #expect(await player().queueLimit == 16384)
  }

  @Test func theBoundComesFromTheConfigurationFile() throws {
    let folder = NSTemporaryDirectory() + "tunes-config-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = ConfigFile(path: folder + "/config.toml")
    #expect(try QueueLengthConfig.read(file) == nil)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[player]\nmax_playlist_length = 500\n".write(toFile: file.path, atomically: true, encoding: .utf8)
    #expect(try QueueLengthConfig.read(file) == 500)
    try "[player]\nmax_playlist_length = 0\n".write(toFile: file.path, atomically: true, encoding: .utf8)
    let message = "max_playlist_length must be a whole number of songs, 1 or more"
    #expect(throws: ConfigError.syntax(path: file.path, line: 2, message: message)) { try QueueLengthConfig.read(file) }
  }

  /// Each `add` was a change with a snapshot of the whole queue, and the next edit copied the queue the
  /// snapshot held: time quadratic in the number of adds. A burst makes a handful of snapshots now.
  @Test func aBurstOfSingleAddsTakesFewSnapshots() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let p = player(library: library)
    for n in 1...2000 { try await p.add([song(n)]) }
    #expect(await p.status().queueLength == 2000)
    let snapshots = await p.snapshotsTaken
    #expect(snapshots < 200, "\(snapshots) snapshots for 2000 adds")
    await p.shutdown()
    let restored = player(library: library)
    try await restored.restore()
    #expect(await restored.status().queueLength == 2000)
    await restored.shutdown()
  }

  /// 12,000 adds of one song while shuffling: one by one, each insertion into the pass searched and
  /// shifted the whole unplayed part. Together they are arranged at once.
  @Test(.timeLimit(.minutes(1))) func manyAddsIntoAPassAreArrangedAtOnce() async throws {
    let p = player()
    try await p.add([song(0, artist: "Other", album: "Else")])
    await p.setRandom(true)
    let ids = await p.append((1...12_000).map { _ in SongBatch([song(1)]) })
    #expect(ids.count == 12_000)
    let pass = try #require(await p.pass)
    #expect(pass.orderIDs.sorted() == (1...12_001).map { $0 })
  }

  /// A 64k-song queue where one artist has more than half of the songs and one album most of those:
  /// ranking every song at every step took minutes here.
  @Test(.timeLimit(.minutes(1))) func a64kShuffleKeepsItsRulesAndIsQuick() {
    var rng = SeededRandom(seed: 42)
    let n = 65_536
    let keys = (0..<n).map { index -> ShuffleKey in
      let dominant = rng.below(100) < 55
      let artist = dominant ? "big" : "artist \(rng.below(3000))"
      let album = dominant ? (rng.below(10) < 8 ? "hits" : "b-sides \(rng.below(40))") : "album \(rng.below(2))"
      return ShuffleKey(id: index + 1, artist: artist, album: album)
    }
    var pass = ShufflePass(keys: keys, current: nil, rng: SeededRandom(seed: 7))
    let order = pass.order
    #expect(Set(order.map(\.id)).count == n)
    let largest = Dictionary(grouping: keys, by: \.artist).values.map(\.count).max()!
    let pairs = (1..<n).filter { order[$0].artist == order[$0 - 1].artist }.count
    #expect(pairs == max(0, largest - (n - largest) - 1))
    // The next pass never starts with the song that ended this one.
    let last = order.last!.id
    #expect(pass.beginNewPass() != last)
  }

  @Test(.timeLimit(.minutes(1))) func twentyThousandSongsOfOneArtistSpreadTheirAlbums() {
    var rng = SeededRandom(seed: 5)
    let keys = (0..<20_000).map { ShuffleKey(id: $0 + 1, artist: "Solo", album: "album \(rng.below(2000))") }
    let order = ShufflePass(keys: keys, current: nil, rng: SeededRandom(seed: 9)).order
    #expect(Set(order.map(\.id)).count == 20_000)
    let albumPairs = (1..<order.count).filter { order[$0].album == order[$0 - 1].album }.count
    #expect(albumPairs == 0)
  }
}
