// Every area sharing the library database, written once: `Library.init` refuses to migrate without one
// of them (Schema.swift says why), so whatever opens the library (the tunes command, the benchmarks'
// harness, the tests) opens it with this list. It lives above the modules that declare the areas, since
// the library below them cannot name them; the library's own areas (the songs, the measurements) are
// added by the library itself.
import TunesLibrary
import TunesListenBrainz
import TunesPlayer
import TunesPlaylists

public enum LibraryAreas {
  /// The areas every library is opened with.
  public static let all: [DatabaseArea] = [
    PlaylistSchema.area, PlayStateSchema.area, ListenSchema.area, DashboardSchema.area, StickerSchema.area,
  ]
}
