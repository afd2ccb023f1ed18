// How the Player's status maps onto MPRIS's properties, and which changes are announced.
import Foundation
import Testing

@testable import TunesLibrary
@testable import TunesMPRIS
@testable import TunesPlayer

@Suite struct MPRISStateTests {
  static let song = Song(
    id: 7, path: "/music/Zoë Marlowe/Late Night/01 Café Blues.mp3", title: "Café Blues",
    artist: "Zoë Marlowe feat. Kenji Tanaka", album: "Late Night", albumArtist: "Zoë Marlowe", trackNumber: 1,
    discNumber: 2, durationMs: 183_500)

  static func status(
    _ state: PlayState, repeat mode: RepeatMode = .off, single: SingleMode = .off, random: Bool = false, volume: Int = 100,
    version: Int = 1
  ) -> PlayerStatus {
    PlayerStatus(
      state: state, volume: volume, repeatMode: mode, random: random, singleMode: single, consume: false, queueVersion: 3,
      queueLength: 2, currentPosition: 0, currentID: 41, nextPosition: 1, nextID: 42, song: song,
      elapsedMs: state == .stopped ? 0 : 12_345, durationMs: 183_500, format: nil, passNumber: 0, error: nil,
      version: version)
  }

  @Test func playStatesAndTheTrack() throws {
    let playing = MPRISState(status: Self.status(.playing), artURL: "file:///music/cover.jpg")
    #expect(playing.playbackStatus == "Playing")
    #expect(MPRISState(status: Self.status(.paused), artURL: nil).playbackStatus == "Paused")
    #expect(MPRISState(status: Self.status(.stopped), artURL: nil).playbackStatus == "Stopped")
    let track = try #require(playing.metadata)
    // One object path per queue entry, not per song.
    #expect(track.trackID == "/org/mpris/MediaPlayer2/tunes/track/41")
    #expect(MPRISMetadata.entryID(of: track.trackID) == 41)
    #expect(track.lengthUs == 183_500_000)
    #expect(track.artist == ["Zoë Marlowe feat. Kenji Tanaka"])
    #expect(track.albumArtist == ["Zoë Marlowe"])
    #expect(track.trackNumber == 1 && track.discNumber == 2)
    #expect(track.url == "file:///music/Zo%C3%AB%20Marlowe/Late%20Night/01%20Caf%C3%A9%20Blues.mp3")
    #expect(track.artURL == "file:///music/cover.jpg")
    #expect(playing.positionUs == 12_345_000)
    #expect(playing.canGoNext && playing.canSeek && playing.canPause)
    // Stopped: play can start, but next, previous and seek have nothing to act on (as the Player's).
    let stopped = MPRISState(status: Self.status(.stopped), artURL: nil)
    #expect(stopped.canPlay && !stopped.canGoNext && !stopped.canSeek)
    #expect(MPRISState.idle.metadata == nil && !MPRISState.idle.canPlay)
  }

  @Test func repeatAndSingleAreTheLoopStatus() {
    #expect(MPRISState(status: Self.status(.playing), artURL: nil).loopStatus == "None")
    #expect(MPRISState(status: Self.status(.playing, repeat: .all), artURL: nil).loopStatus == "Playlist")
    #expect(MPRISState(status: Self.status(.playing, repeat: .one), artURL: nil).loopStatus == "Track")
    // Single without repeat stops after the song: no loop.
    #expect(MPRISState(status: Self.status(.playing, single: .on), artURL: nil).loopStatus == "None")
    #expect(MPRISState(status: Self.status(.playing, volume: 40), artURL: nil).volume == 0.4)
  }

  @Test func onlyWhatChangedIsAnnounced() {
    let before = MPRISState(status: Self.status(.playing), artURL: nil)
    #expect(before.changedProperties(from: before).isEmpty)
    let paused = MPRISState(status: Self.status(.paused, version: 2), artURL: nil)
    // The position moved too, but Position is never announced: clients read it.
    #expect(paused.changedProperties(from: before) == ["PlaybackStatus"])
    let modes = MPRISState(status: Self.status(.playing, repeat: .one, random: true, volume: 50), artURL: nil)
    #expect(modes.changedProperties(from: before) == ["LoopStatus", "Shuffle", "Volume"])
    let stopped = MPRISState(status: Self.status(.stopped), artURL: nil)
    #expect(stopped.changedProperties(from: before) == ["PlaybackStatus", "CanGoNext", "CanGoPrevious", "CanSeek"])
    #expect(MPRISState.idle.changedProperties(from: before).contains("Metadata"))
  }

  @Test func coverFilesBesideTheSong() throws {
    let folder = NSTemporaryDirectory() + "mpris-cover-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(CoverArt.folderCover(of: folder + "/a.mp3") == nil)
    #expect(FileManager.default.createFile(atPath: folder + "/Folder.JPG", contents: Data([1])))
    #expect(CoverArt.folderCover(of: folder + "/a.mp3") == folder + "/Folder.JPG")
    #expect(FileManager.default.createFile(atPath: folder + "/cover.png", contents: Data([1])))
    #expect(CoverArt.folderCover(of: folder + "/a.mp3") == folder + "/cover.png")
  }

  /// An ID3v2.3 tag holding one front-cover APIC frame of `picture` (PNG), then a few bytes of "audio".
  static func taggedFile(picture: [UInt8]) -> Data {
    var body: [UInt8] = [0] + Array("image/png".utf8) + [0, 3, 0] + picture
    let frameSize = UInt32(body.count)
    body = Array("APIC".utf8) + withUnsafeBytes(of: frameSize.bigEndian, Array.init) + [0, 0] + body
    let size = body.count
    let syncsafe: [UInt8] = [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
    return Data(Array("ID3".utf8) + [3, 0, 0] + syncsafe + body + [0xFF, 0xFB, 0x90, 0x00])
  }

  @Test func anEmbeddedCoverIsWrittenToTheCacheOnce() throws {
    let root = NSTemporaryDirectory() + "mpris-embedded-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root + "/album", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5]
    let song = root + "/album/song.mp3"
    try Self.taggedFile(picture: picture).write(to: URL(fileURLWithPath: song))

    let url = try #require(CoverArt(cacheFolder: root + "/cache").url(for: song))
    let file = try #require(URL(string: url)).path
    #expect(file.hasPrefix(root + "/cache/") && file.hasSuffix(".png"), "\(url)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(picture))
    // Another player finds the file already written (the same name for the same song).
    #expect(CoverArt(cacheFolder: root + "/cache").url(for: song) == url)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/cache").count == 1)
    // A cover file beside the song wins: it is what the folder shows.
    #expect(FileManager.default.createFile(atPath: root + "/album/cover.jpg", contents: Data([1])))
    #expect(
      CoverArt(cacheFolder: root + "/cache").url(for: song) == URL(fileURLWithPath: root + "/album/cover.jpg").absoluteString)
  }
}
