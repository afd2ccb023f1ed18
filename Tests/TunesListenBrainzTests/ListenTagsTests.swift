// A listen carries every id and number the song's stored tags know (release track, release group and
// work ids, ISRC, disc number), and the artist as tagged, not a join of the artist values.
import Foundation
import GRDB
import Testing
import TunesTags

@testable import TunesLibrary
@testable import TunesListenBrainz

@Suite struct ListenTagsTests {
  let track = "1d2e3f40-1111-4222-8333-944455566677"
  let group = "aa11bb22-cc33-4d44-8e55-ff6677889900"
  let work = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d"

  func additionalInfo(_ payload: Data?) throws -> ([String: Any], [String: Any]) {
    let bytes = try #require(payload)
    let listen = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    let metadata = try #require(listen["track_metadata"] as? [String: Any])
    return (metadata, try #require(metadata["additional_info"] as? [String: Any]))
  }

  @Test func aQueuedListenCarriesTheStoredTagsIds() throws {
    let library = try temporaryLibrary()
    let song = try insertSong(library, title: "Song", artist: "A feat. B")
    let id = try #require(song.id)
    try library.pool.write { db in
      try db.execute(
        sql: """
          UPDATE song SET releaseTrackMbid = ?, releaseGroupMbid = ?, isrc = 'GBAYE0000351', discNumber = 2
          WHERE id = ?;
          INSERT INTO songTag (songId, name, value, position) VALUES (?, 'mb_workid', ?, 0), (?, 'artist', 'A', 0),
            (?, 'artist', 'B', 1);
          """, arguments: [track, group, id, id, work, id, id])
    }
    let scrobbler = Scrobbler(library: library, client: nil, submitter: nil)
    let queued = try #require(
      try scrobbler.listened(song: song, listenedAt: Date(timeIntervalSince1970: 1_700_000_000), playedMs: 200_000))
    let payload = try library.pool.read { db in
      try String.fetchOne(db, sql: "SELECT body FROM outbox WHERE id = ?", arguments: [queued])
    }
    let (metadata, info) = try additionalInfo(payload.map { Data($0.utf8) })
    #expect(metadata["artist_name"] as? String == "A feat. B")
    #expect(info["track_mbid"] as? String == track)
    #expect(info["release_group_mbid"] as? String == group)
    #expect(info["work_mbids"] as? [String] == [work])
    #expect(info["isrc"] as? String == "GBAYE0000351")
    #expect(info["discnumber"] as? Int == 2)
    #expect(info["tracknumber"] as? String == "3")
  }

  @Test func withoutStoredTagsNoIdIsMadeUp() throws {
    let song = Song(path: "/m/a.mp3", title: "T", artist: "A")
    let (_, info) = try additionalInfo(ListenPayload.listen(song: song, tags: TagSet(), listenedAt: Date(), playedMs: 60_000))
    for key in ["track_mbid", "release_group_mbid", "work_mbids", "isrc", "discnumber", "artist_mbids"] {
      #expect(info[key] == nil, "\(key)")
    }
  }
}
