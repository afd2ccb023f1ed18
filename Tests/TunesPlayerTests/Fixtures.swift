// Songs and queues built in code for the player's tests.
import Synchronization
import TunesLibrary

@testable import TunesPlayer

func song(_ n: Int, artist: String = "Artist", album: String = "Album", durationMs: Int? = 200_000) -> Song {
  Song(id: Int64(n), path: "/music/\(n).mp3", title: "Song \(n)", artist: artist, album: album, durationMs: durationMs)
}

func keys(_ artists: [String], albums: [String]? = nil) -> [ShuffleKey] {
  artists.enumerated().map { index, artist in
    ShuffleKey(id: index + 1, artist: artist, album: albums?[index] ?? "album of \(artist)")
  }
}

/// One set of shuffle names for every key the tests build by name, so that keys made apart (a queue and
/// the songs added to it later) number the same names the same way, as the queue's own keys do.
private let testNames = Mutex(ShuffleNames())

extension ShuffleKey {
  init(id: Int, artist: String, album: String) {
    self = testNames.withLock { $0.key(id: id, artist: artist, album: album) }
  }
}
