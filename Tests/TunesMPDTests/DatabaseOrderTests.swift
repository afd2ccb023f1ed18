// MPD's database order (MPDDatabaseOrder): songs before sub-folders, songs by bytes, folders collated.
import Testing

@testable import TunesMPD

@Suite struct DatabaseOrderTests {
  @Test func songsComeFirstByBytesAndFoldersAreCollated() {
    let files = ["Élan/e.mp3", "Bob/b.mp3", "après.mp3", "alpha/z/a.mp3", "alpha/b.mp3", "Intro.mp3", "Zoë/x.mp3"]
    let sorted = MPDDatabaseOrder.sorted(files.map { MPDSong(file: $0) }).map(\.file)
    #expect(sorted == ["Intro.mp3", "après.mp3", "alpha/b.mp3", "alpha/z/a.mp3", "Bob/b.mp3", "Élan/e.mp3", "Zoë/x.mp3"])
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
