// Library rows made up for tests of large queues and lists: no audio, only what the library records.
import TunesMPD

/// `count` songs in folders of a hundred: f0/0.mp3 … f0/99.mp3, f1/100.mp3 … and so on.
func generatedSongs(_ count: Int) -> [MPDSong] {
  (0..<count).map { n in
    MPDSong(
      file: "f\(n / 100)/\(n).mp3", tags: [.title: "Song \(n)", .artist: "Artist \(n % 7)", .album: "Album \(n / 100)"],
      duration: 60)
  }
}
