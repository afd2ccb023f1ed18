// SongPack: every field of a song comes back exactly as it went in, whatever is present or missing.
import Foundation
import Testing
import TunesLibrary
import TunesTestSupport

@Suite struct SongPackTests {
  static func randomText(_ rng: inout SplitMix) -> String {
    let pieces = ["", "a", "Café", "Ünïcødé", "日本語", "🎵", " ", "long name over fifteen bytes", "\u{0}", "x/y.mp3"]
    return (0..<Int(rng.next() % 4)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
  }

  static func randomSong(_ rng: inout SplitMix) -> Song {
    func maybe<T>(_ value: T) -> T? { rng.next() % 3 == 0 ? nil : value }
    let numbers: [Int] = [0, 1, -1, 127, 128, 300, Int(Int32.max), Int.max, Int.min]
    func number() -> Int { numbers[Int(rng.next() % UInt64(numbers.count))] }
    var song = Song(
      id: maybe(Int64(bitPattern: rng.next())), path: randomText(&rng), title: randomText(&rng), artist: randomText(&rng),
      album: randomText(&rng), albumArtist: randomText(&rng), trackNumber: maybe(number()), discNumber: maybe(number()),
      year: maybe(number()), genre: maybe(randomText(&rng)), durationMs: maybe(number()),
      recordingMbid: maybe(randomText(&rng)), releaseMbid: maybe(randomText(&rng)),
      artistMbids: (0..<Int(rng.next() % 3)).map { _ in randomText(&rng) }, playCount: number(),
      lastPlayedAt: maybe(Date(timeIntervalSince1970: Double(Int64(bitPattern: rng.next() % 4_000_000_000_000)) / 1000)))
    song.trackTotal = maybe(number())
    song.discTotal = maybe(number())
    song.fileModifiedAt = maybe(Date(timeIntervalSince1970: Double(rng.next() % 2_000_000_000_000) / 1000))
    return song
  }

  @Test func everySongComesBackAsItWentIn() {
    var rng = SplitMix(state: 5)
    var pack = SongPack()
    var packed: [(SongPack.Slot, Song)] = []
    for _ in 0..<3_000 {
      let song = Self.randomSong(&rng)
      packed.append((pack.append(song), song))
    }
    for (slot, song) in packed {
      #expect(pack.song(at: slot) == song)
      let names = pack.artistAndAlbum(at: slot)
      #expect(names.artist == song.artist && names.album == song.album)
    }
  }

  @Test func compactingKeepsTheChosenSongsInTheirNewOrder() {
    var rng = SplitMix(state: 9)
    var pack = SongPack()
    let songs = (0..<200).map { _ in Self.randomSong(&rng) }
    let slots = songs.map { pack.append($0) }
    let kept = [150, 3, 3, 77]
    let (compacted, moved) = pack.compacted(kept.map { slots[$0] })
    #expect(moved.map { compacted.song(at: $0) } == kept.map { songs[$0] })
    #expect(compacted.byteCount == kept.reduce(0) { $0 + Int(slots[$1].length) })
  }

  @Test func aBatchHoldsItsSongsInOrder() {
    var rng = SplitMix(state: 12)
    let songs = (0..<50).map { _ in Self.randomSong(&rng) }
    let batch = SongBatch(songs)
    #expect(batch.count == 50)
    #expect(batch.songs == songs)
    #expect(batch[17] == songs[17])
  }
}
