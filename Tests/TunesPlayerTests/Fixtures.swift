// Songs and queues built in code for the player's tests.
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
