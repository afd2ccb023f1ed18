// The stored tags of the songs the MPD side shows over and over (the queue, the current song), read
// from the library in one batch and kept until the library's generation changes: `plchanges` and
// `playlistinfo` on a 10k-song queue would otherwise read every song's tags on each request.
import TunesLibrary
import TunesTags

struct SongTagCache {
  private var generation: Int?
  private var tags: [Int64: TagSet] = [:]

  /// The tags of `ids`, reading only those not cached for the library's current generation.
  mutating func tags(_ ids: [Int64], library: Library) throws -> [Int64: TagSet] {
    let now = try library.generation()
    if now != generation {
      generation = now
      tags = [:]
    }
    let missing = ids.filter { tags[$0] == nil }
    if !missing.isEmpty {
      for (id, set) in try library.tags(forSongs: missing) { tags[id] = set }
    }
    return tags
  }
}
