// Crossfade through the Player and engine on the fake devices: the overlap is the two songs' PCM summed
// under MPD's curve (the incoming song weighed sin²(π/2 · p), the outgoing one cos²(π/2 · p)), computed
// here from the fake decoders' own samples; consecutive tracks of an album in order and a format change
// play exactly as without crossfade; the outgoing song stays current until the fade ends (as in mpd), and
// a seek or a skip during the fade leaves no trace of the fade cut short.
import Foundation
import Testing
import TunesCore
import TunesLibrary

@testable import TunesPlayer

@Suite struct CrossfadeTests {
  static let rate = 8_000
  static let format = AudioFormat(sampleRate: rate, channels: 2)

  func albumSong(_ n: Int, album: String, track: Int?) -> Song {
    Song(
      id: Int64(n), path: "/music/\(n).mp3", title: "Song \(n)", artist: "Artist", album: album,
      albumArtist: "Artist", trackNumber: track, durationMs: 2_500)
  }

  /// The interleaved s16 samples a fake decoder produces for `track` under `tag`.
  func pcm(_ track: FakeTrack, tag: Int) throws -> [Int16] {
    let decoder = FakeDecoder(track: track, tag: tag)
    var samples = [Int16](repeating: 0, count: track.frames * track.format.channels)
    let read = try samples.withUnsafeMutableBytes { try decoder.read(into: $0) }
    #expect(read == track.frames)
    return samples
  }

  /// Plays `songs` to the end with `seconds` of crossfade; every frame the device got, as (channel 0,
  /// channel 1) samples.
  func play(_ songs: [Song], tracks: [Int: FakeTrack], seconds: Int, random: Bool = false) async throws
    -> [HeardFrame]
  {
    let sink = FakeSink()
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), persist: false)
    await player.setCrossfade(seconds)
    try await player.add(songs)
    if random { await player.setRandom(true) }
    return try await playToTheEnd(player, on: sink)
  }

  @Test func theOverlapIsBothSongsSummedUnderMPDsCurve() async throws {
    let a = FakeTrack(frames: 20_000, format: Self.format)
    let b = FakeTrack(frames: 20_000, format: Self.format)
    let heard = try await play(
      [albumSong(10, album: "One", track: 1), albumSong(20, album: "Two", track: 2)], tracks: [10: a, 20: b],
      seconds: 1)
    let fade = Self.rate
    let outgoing = try pcm(a, tag: 10)
    let incoming = try pcm(b, tag: 20)
    var expected: [HeardFrame] = []
    for frame in 0..<(a.frames - fade) { expected.append(HeardFrame(tag: 10, frame: frame)) }
    for i in 0..<fade {
      let s = sin(Double.pi / 2 * Double(i) / Double(fade))
      let weight = s * s
      func mixed(_ channel: Int) -> Int {
        let value =
          Double(incoming[i * 2 + channel]) * weight
          + Double(outgoing[(a.frames - fade + i) * 2 + channel]) * (1 - weight)
        return Int(value.rounded())
      }
      expected.append(HeardFrame(tag: mixed(1), frame: Int(UInt16(bitPattern: Int16(mixed(0))))))
    }
    for frame in fade..<b.frames { expected.append(HeardFrame(tag: 20, frame: frame)) }
    #expect(heard.count == expected.count, "the fade shortens the pair by exactly its length")
    let differing = zip(heard, expected).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) frames differ from the expected mix")
    // The fade really mixes: halfway through, the tag channel is between the two songs' tags.
    #expect(heard[a.frames - fade + fade / 2].tag == 15)
  }

  @Test func anAlbumInOrderStaysGaplessAndIdenticalToNoCrossfade() async throws {
    let tracks = [10: FakeTrack(frames: 20_000, format: Self.format), 20: FakeTrack(frames: 20_000, format: Self.format)]
    let songs = [albumSong(10, album: "One", track: 1), albumSong(20, album: "One", track: 2)]
    let faded = try await play(songs, tracks: tracks, seconds: 1)
    let plain = try await play(songs, tracks: tracks, seconds: 0)
    #expect(faded.count == plain.count && faded.elementsEqual(plain), "the album plays as without crossfade")
    #expect(runs(faded).map(\.tag) == [10, 20])
    #expect(faded.count == 40_000)
  }

  @Test func theSameAlbumOutOfOrderFades() async throws {
    let tracks = [10: FakeTrack(frames: 20_000, format: Self.format), 20: FakeTrack(frames: 20_000, format: Self.format)]
    // Track 3 after track 1: not the next track of the album.
    let skipping = try await play(
      [albumSong(10, album: "One", track: 1), albumSong(20, album: "One", track: 3)], tracks: tracks, seconds: 1)
    #expect(skipping.count == 40_000 - Self.rate)
  }

  @Test func aFormatChangeIsNeverCrossfaded() async throws {
    let other = AudioFormat(sampleRate: 11_025, channels: 2)
    let tracks = [10: FakeTrack(frames: 20_000, format: Self.format), 20: FakeTrack(frames: 20_000, format: other)]
    let heard = try await play(
      [albumSong(10, album: "One", track: 1), albumSong(20, album: "Two", track: 1)], tracks: tracks, seconds: 1)
    #expect(heard.count == 40_000)
    #expect(runs(heard).map { [$0.tag, $0.from, $0.to] } == [[10, 0, 20_000], [20, 0, 20_000]])
  }

  @Test func aNextSongShorterThanTheFadeIsNotFaded() async throws {
    let tracks = [10: FakeTrack(frames: 20_000, format: Self.format), 20: FakeTrack(frames: 6_000, format: Self.format)]
    let heard = try await play(
      [albumSong(10, album: "One", track: 1), albumSong(20, album: "Two", track: 1)], tracks: tracks, seconds: 1)
    #expect(heard.count == 26_000)
  }

  /// Two songs of different albums, crossfade 1 s, the device held: steps until the fade has begun.
  func fading(third: Bool = false) async throws -> (FakeSink, Player) {
    let sink = FakeSink()
    var tracks = [10: FakeTrack(frames: 40_000, format: Self.format), 20: FakeTrack(frames: 40_000, format: Self.format)]
    var songs = [albumSong(10, album: "One", track: 1), albumSong(20, album: "Two", track: 1)]
    if third {
      tracks[30] = FakeTrack(frames: 20_000, format: Self.format)
      songs.append(albumSong(30, album: "Three", track: 1))
    }
    let player = Player(sink: sink, decoders: fakeLibrary(tracks), persist: false)
    await player.setCrossfade(1)
    try await player.add(songs)
    sink.hold()
    try await drive(sink, player) { try await player.play(position: 0) }
    // The fade begins 8 000 frames before the first song's end; 2 000 frames into it is well inside.
    for _ in 0..<200 {
      if sink.heard.contains(where: { $0.tag != 10 && $0.tag != 20 }), sink.heard.count >= 32_000 + 2_000 { break }
      sink.step()
      await player.quiesce(sink)
    }
    #expect(await player.status().currentID != nil)
    return (sink, player)
  }

  @Test func statusNamesTheOutgoingSongUntilTheFadeEnds() async throws {
    let (sink, player) = try await fading()
    // 34 000 frames heard: 2 000 into the fade, which began at 4 s of song 10. As in mpd, the song fading
    // out is still the current one, its position counting on.
    let during = await player.status()
    #expect(during.song?.path == "/music/10.mp3")
    #expect(during.elapsedMs >= 4_000 && during.elapsedMs <= 5_000)
    #expect(during.durationMs == 5_000)
    // Past the fade's end (40 000 frames heard) the incoming song is current, a whole fade into it.
    for _ in 0..<200 where sink.heard.count < 42_000 {
      sink.step()
      await player.quiesce(sink)
    }
    let after = await player.status()
    #expect(after.song?.path == "/music/20.mp3")
    #expect(after.elapsedMs >= 1_000 && after.elapsedMs <= 1_500)
    sink.release()
    await player.shutdown()
  }

  @Test func aSeekDuringTheFadeSeeksTheOutgoingSongAndFadesAgainAtItsEnd() async throws {
    let (sink, player) = try await fading()
    let before = sink.heard.count
    try await drive(sink, player) { await player.seek(toMs: 3_000) }
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    let after = Array(sink.heard[before...])
    // Song 10 alone from 3 s (frame 24 000) to where the fade begins again, the whole fade, then song 20
    // alone from the fade's end: nothing of the fade cut short is left.
    let start = after.firstIndex { $0 == HeardFrame(tag: 10, frame: 24_000) }
    #expect(start != nil)
    if let start {
      // (The fade's first and last few frames round to one song alone, so the borders are checked by place.)
      let played = Array(after[start...])
      #expect(played.count == 8_000 + 8_000 + 32_000)
      #expect(Array(played.prefix(8_000)) == (24_000..<32_000).map { HeardFrame(tag: 10, frame: $0) })
      #expect(played[8_000 + 4_000].tag == 15, "halfway through the new fade both songs weigh alike")
      #expect(Array(played.suffix(32_000)) == (8_000..<40_000).map { HeardFrame(tag: 20, frame: $0) })
    }
    await player.shutdown()
  }

  @Test func aSkipDuringTheFadeStartsTheIncomingSongCleanly() async throws {
    let (sink, player) = try await fading(third: true)
    let before = sink.heard.count
    // The current song is still the outgoing one, so `next` goes to the song fading in, from its start.
    try await drive(sink, player) { await player.next() }
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    let after = Array(sink.heard[before...])
    let start = after.firstIndex { $0 == HeardFrame(tag: 20, frame: 0) }
    #expect(start != nil)
    if let start {
      // Song 20 alone until its own fade into song 30: nothing of song 10 mixed into it.
      #expect(Array(after[start...].prefix(32_000)) == (0..<32_000).map { HeardFrame(tag: 20, frame: $0) })
    }
    await player.shutdown()
  }

  @Test func theCrossfadeIsSavedWithThePlayStateAndRestored() async throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try SavedCrossfade.load(library) == 0)
    try PlayStateStore(library: library).save(PlayStateSnapshot(crossfade: 3))
    #expect(try PlayStateStore(library: library).load()?.crossfade == 3)
    try SavedCrossfade.save(5, in: library)
    let player = Player(sink: FakeSink(), decoders: fakeLibrary([:]), library: library)
    try await player.restoreSession()
    #expect(await player.crossfade() == 5)
    await player.setCrossfade(0)
    await player.shutdown()
    #expect(try SavedCrossfade.load(library) == 0)
  }
}
