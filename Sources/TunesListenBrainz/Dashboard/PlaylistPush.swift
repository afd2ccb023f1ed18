// Pushing a playlist to ListenBrainz: the JSPF bodies of POST /1/playlist/create and /item/add (title,
// the public flag ListenBrainz requires, one recording URL per track), and the order of the calls that
// turn the remote playlist into the local one. ListenBrainz has no "set the tracks": a playlist changes
// by item/add (at most MAX_RECORDINGS_PER_ADD = 100 recordings a call) and item/delete (a range). The
// new tracks are added at the end first and the old range deleted last, so a failure at any point
// leaves the playlist with at least the songs it had, and the next push finishes the job: the tracks
// already at the end that begin the wanted list are kept. Local file locations never leave the
// machine, which is why the playlist file writer (it writes file:// locations) is not used here.
import Foundation

public struct PushTrack: Sendable, Equatable {
  public var recordingMbid: String
  public var title: String?
  public var artist: String?

  public init(recordingMbid: String, title: String?, artist: String?) {
    self.recordingMbid = recordingMbid
    self.title = title
    self.artist = artist
  }
}

public enum PlaylistPush {
  /// The server's MAX_RECORDINGS_PER_ADD: item/add (and what tunes puts in a create) carries at most this many.
  public static let maxRecordingsPerAdd = 100

  public static func track(_ track: PushTrack) -> [String: Any] {
    var object: [String: Any] = ["identifier": [RemotePlaylist.recordingPrefix + track.recordingMbid]]
    if let title = track.title { object["title"] = title }
    if let artist = track.artist { object["creator"] = artist }
    return object
  }

  public static func createBody(title: String, isPublic: Bool, tracks: [PushTrack]) -> Data {
    let playlist: [String: Any] = [
      "title": title,
      "extension": [RemotePlaylist.playlistExtension: ["public": isPublic]],
      "track": tracks.map(track),
    ]
    return (try? JSONSerialization.data(withJSONObject: ["playlist": playlist], options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }

  /// A recording MBID as ListenBrainz takes it (lowercase UUID), or nil.
  public static func mbid(_ text: String?) -> String? { MBID.normalised(text) }

  /// The MBID in `https://listenbrainz.org/playlist/<mbid>` or a bare MBID.
  public static func playlistMbid(_ text: String) -> String? { PlaylistWire.playlistMbid(fromIdentifier: text) }

  /// How to turn the remote `current` recordings into `wanted`: the longest run at the end of `current`
  /// that is the start of `wanted` stays (an earlier push that stopped after some adds left it there),
  /// the rest of `wanted` is added after it, then the `current` tracks before it are deleted.
  public struct Plan: Sendable, Equatable {
    /// Tracks at the end of the remote playlist kept as the start of the new list.
    public var kept: Int
    /// Indexes into `wanted` to add, in order.
    public var add: Range<Int>
    /// Tracks deleted from index 0 once every add is in.
    public var delete: Int

    public var isEmpty: Bool { add.isEmpty && delete == 0 }

    public init(kept: Int, add: Range<Int>, delete: Int) {
      self.kept = kept
      self.add = add
      self.delete = delete
    }
  }

  public static func plan(current: [String], wanted: [String]) -> Plan {
    var kept = min(current.count, wanted.count)
    while kept > 0 && !current.suffix(kept).elementsEqual(wanted.prefix(kept)) { kept -= 1 }
    return Plan(kept: kept, add: kept..<wanted.count, delete: current.count - kept)
  }
}

extension Dashboard {
  /// Creates the playlist, or makes the tracks of the user's playlist with the same title the given
  /// ones. Returns the playlist MBID and whether it existed. A failure part way throws `.pushIncomplete`,
  /// which says what the playlist holds; pushing again finishes.
  public func push(title: String, user: String, isPublic: Bool, tracks: [PushTrack]) async throws(DashboardError) -> (
    mbid: String, updated: Bool
  ) {
    // count=0 asks for all of them; private ones come along since the token is the user's.
    let mine = try await playlists(user: user, kind: .createdBy, count: 0)
    if let existing = mine.playlists.first(where: { $0.title == title }), let mbid = existing.mbid {
      let current = try await playlist(mbid: mbid).tracks.map { $0.recordingMbid ?? "" }
      let plan = PlaylistPush.plan(current: current, wanted: tracks.map(\.recordingMbid))
      try await apply(plan, to: mbid, title: title, tracks: tracks)
      return (mbid, true)
    }
    let first = Array(tracks.prefix(PlaylistPush.maxRecordingsPerAdd))
    let mbid = try await createPlaylist(jspf: PlaylistPush.createBody(title: title, isPublic: isPublic, tracks: first))
    let rest = PlaylistPush.Plan(kept: first.count, add: first.count..<tracks.count, delete: 0)
    try await apply(rest, to: mbid, title: title, tracks: tracks)
    return (mbid, false)
  }

  /// Adds in calls of at most 100, then deletes the old range in one call.
  func apply(_ plan: PlaylistPush.Plan, to mbid: String, title: String, tracks: [PushTrack]) async throws(DashboardError) {
    let base = "/1/playlist/\(Self.segment(mbid))"
    var added = 0
    do throws(DashboardError) {
      var start = plan.add.lowerBound
      while start < plan.add.upperBound {
        let end = min(start + PlaylistPush.maxRecordingsPerAdd, plan.add.upperBound)
        _ = try await post(base + "/item/add", ["playlist": ["track": tracks[start..<end].map(PlaylistPush.track)]])
        added += end - start
        start = end
      }
      if plan.delete > 0 { _ = try await post(base + "/item/delete", ["index": 0, "count": plan.delete]) }
    } catch {
      throw .pushIncomplete(
        title: title, old: plan.delete, kept: plan.kept, added: added, of: plan.add.count, cause: error)
    }
  }
}
