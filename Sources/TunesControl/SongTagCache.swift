// The stored tags and audio formats of the songs the MPD side shows over and over (the queue, the current
// song), read from the library in one batch and kept until the library's generation changes: `plchanges`
// and `playlistinfo` on a 10k-song queue would otherwise read every song's tags on each request. The
// format is kept beside the tags so that `playlistfind (AudioFormat == …)` on the queue selects what
// `find` selects in the library.
import TunesLibrary
import TunesMPD
import TunesTags

struct SongTagCache {
  /// What the library stores of one song, as the MPD side shows it.
  struct Stored {
    var tags: TagSet?
    /// As an `AudioFormat` filter reads it (`LibrarySongs.filterFormat`); nil: unknown.
    var format: MPDAudioFormat?
  }

  private var generation: Int?
  private var songs: [Int64: Stored] = [:]

  /// The stored tags and formats of `ids`, reading only those not cached for the library's current generation.
  mutating func stored(_ ids: [Int64], library: Library) throws -> [Int64: Stored] {
    let now = try library.generation()
    if now != generation {
      generation = now
      songs = [:]
    }
    let missing = ids.filter { songs[$0] == nil }
    if !missing.isEmpty {
      let tags = try library.tags(forSongs: missing)
      let audio = try library.audio(forSongs: missing)
      for id in missing {
        songs[id] = Stored(tags: tags[id], format: audio[id].flatMap(LibrarySongs.filterFormat))
      }
    }
    return songs
  }
}
