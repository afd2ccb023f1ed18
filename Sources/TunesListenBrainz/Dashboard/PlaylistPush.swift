// The JSPF body of POST /1/playlist/create and /item/add: title, the public flag ListenBrainz requires
// and one recording URL per track. Local file locations never leave the machine, which is why the
// playlist file writer (it writes file:// locations) is not used here.
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
}

extension Dashboard {
  /// Creates the playlist, or replaces the tracks of the user's playlist with the same title.
  /// Returns the playlist MBID and whether it existed.
  public func push(title: String, user: String, isPublic: Bool, tracks: [PushTrack]) async throws(DashboardError) -> (
    mbid: String, updated: Bool
  ) {
    // count=0 asks for all of them; private ones come along since the token is the user's.
    let mine = try await playlists(user: user, kind: .createdBy, count: 0)
    if let existing = mine.playlists.first(where: { $0.title == title }), let mbid = existing.mbid {
      let current = try await playlist(mbid: mbid)
      try await replaceTracks(playlistMbid: mbid, oldCount: current.tracks.count, recordingMbids: tracks.map(\.recordingMbid))
      return (mbid, true)
    }
    return (try await createPlaylist(jspf: PlaylistPush.createBody(title: title, isPublic: isPublic, tracks: tracks)), false)
  }
}
