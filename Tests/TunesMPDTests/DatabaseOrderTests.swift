// MPD's database order (MPDDatabaseOrder): songs before sub-folders, a folder's songs by album, disc,
// track and collated name, folders collated.
import Testing

@testable import TunesMPD

@Suite struct DatabaseOrderTests {
  @Test func songsComeFirstByCollatedNameAndFoldersAreCollated() {
    let files = ["Élan/e.mp3", "Bob/b.mp3", "après.mp3", "alpha/z/a.mp3", "alpha/b.mp3", "Intro.mp3", "Zoë/x.mp3"]
    let sorted = MPDDatabaseOrder.sorted(files.map { MPDSong(file: $0) }).map(\.file)
    #expect(sorted == ["après.mp3", "Intro.mp3", "alpha/b.mp3", "alpha/z/a.mp3", "Bob/b.mp3", "Élan/e.mp3", "Zoë/x.mp3"])
  }

  /// A folder's songs: album (none first, collated), disc and track as numbers (none or 0 first), then name.
  @Test func aFoldersSongsGoByAlbumDiscTrackThenName() {
    let songs: [(String, MPDTags)] = [
      ("a.mp3", [.album: "Zeta", .track: "1"]),
      ("b.mp3", [.album: "Alpha", .disc: "2", .track: "1"]),
      ("c.mp3", [.album: "Alpha", .disc: "1", .track: "3"]),
      ("d.mp3", [.album: "Alpha", .disc: "1/2", .track: "10"]),
      ("e.mp3", [.album: "Alpha", .disc: "1", .track: "2/12"]),
      ("f.mp3", [.track: "2"]),
      ("g.mp3", [.album: "Zeta", .track: "0"]),
      ("h.mp3", [.album: "Été", .track: "1"]),
      ("Zed.mp3", [.album: "Same"]),
      ("B.mp3", [.album: "Same"]),
      ("a2.mp3", [.album: "Same"]),
      ("sub/s.mp3", [:]),
    ]
    let sorted = MPDDatabaseOrder.sorted(songs.map { MPDSong(file: $0.0, tags: $0.1) }).map(\.file)
    #expect(
      sorted == [
        "f.mp3", "e.mp3", "c.mp3", "d.mp3", "b.mp3", "h.mp3", "a2.mp3", "B.mp3", "Zed.mp3", "g.mp3", "a.mp3", "sub/s.mp3",
      ])
    let keys = songs.map { (uri: $0.0, key: MPDDatabaseOrder.SongKey(tags: $0.1)) }
    #expect(MPDDatabaseOrder.order(ofSongs: keys).map { songs[$0].0 } == sorted)
  }

  @Test func aFolderEntryComesBeforeWhatItHolds() {
    let entries: [MPDEntry] = [
      .song(MPDSong(file: "b/2.mp3")), .directory(path: "b", lastModified: nil), .song(MPDSong(file: "1.mp3")),
      .playlist(MPDStoredPlaylist(name: "p")), .directory(path: "A", lastModified: nil),
    ]
    #expect(
      MPDDatabaseOrder.sorted(entries) == [
        .song(MPDSong(file: "1.mp3")), .directory(path: "A", lastModified: nil), .directory(path: "b", lastModified: nil),
        .song(MPDSong(file: "b/2.mp3")), .playlist(MPDStoredPlaylist(name: "p")),
      ])
  }
}
