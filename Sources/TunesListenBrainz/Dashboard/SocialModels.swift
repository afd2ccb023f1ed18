// Followers/following, loved/hated feedback, pins, playlists and user search as the dashboards show them.
import Foundation

public struct FollowList: Codable, Sendable, Equatable {
  public enum Direction: String, Codable, Sendable { case followers, following }
  public var user: String
  public var direction: Direction
  public var names: [String]
}

/// Recording feedback: love = 1, hate = -1, 0 removes it.
public enum FeedbackScore: Int, Codable, Sendable, CaseIterable {
  case love = 1
  case none = 0
  case hate = -1

  public var word: String {
    switch self {
    case .love: return "loved"
    case .hate: return "hated"
    case .none: return "unrated"
    }
  }
}

public struct FeedbackItem: Codable, Sendable, Equatable {
  public var recordingMbid: String?
  public var recordingMsid: String?
  /// Scores other than 1/-1 are kept as the number sent.
  public var score: Int
  public var created: Int?
  public var track: TrackInfo?
}

public struct FeedbackPage: Codable, Sendable, Equatable {
  public var user: String
  public var score: FeedbackScore
  public var items: [FeedbackItem]
  public var totalCount: Int
  public var offset: Int
}

public struct Pin: Codable, Sendable, Equatable {
  public var rowId: Int?
  public var recordingMbid: String?
  public var recordingMsid: String?
  public var blurb: String?
  public var created: Int?
  public var pinnedUntil: Int?
  public var track: TrackInfo?
}

public struct PinList: Codable, Sendable, Equatable {
  public var user: String
  public var pins: [Pin]
  public var totalCount: Int
  public var offset: Int
}

public enum RemotePlaylistListKind: String, Codable, Sendable, CaseIterable {
  case createdBy = "created-by", createdFor = "created-for", collaborator

  var pathSuffix: String {
    switch self {
    case .createdBy: return ""
    case .createdFor: return "/createdfor"
    case .collaborator: return "/collaborator"
    }
  }
}

public struct PlaylistTrack: Codable, Sendable, Equatable {
  public var title: String?
  public var creator: String?
  public var album: String?
  public var durationMs: Int?
  public var recordingMbid: String?

  public init(title: String?, creator: String?, album: String? = nil, durationMs: Int? = nil, recordingMbid: String?) {
    self.title = title
    self.creator = creator
    self.album = album
    self.durationMs = durationMs
    self.recordingMbid = recordingMbid
  }
}

public struct RemotePlaylist: Codable, Sendable, Equatable {
  public static let identifierPrefix = "https://listenbrainz.org/playlist/"
  public static let recordingPrefix = "https://musicbrainz.org/recording/"
  public static let playlistExtension = "https://musicbrainz.org/doc/jspf#playlist"

  public var mbid: String?
  public var title: String
  public var creator: String?
  public var date: String?
  public var annotation: String?
  public var isPublic: Bool?
  public var createdFor: String?
  public var collaborators: [String]
  public var lastModifiedAt: String?
  public var tracks: [PlaylistTrack]
}

public struct RemotePlaylistList: Codable, Sendable, Equatable {
  public var user: String
  public var kind: RemotePlaylistListKind
  public var playlists: [RemotePlaylist]
  public var totalCount: Int
  public var offset: Int
}

public struct UserSearch: Codable, Sendable, Equatable {
  public var term: String
  public var users: [String]
}

// MARK: wire

struct FollowWire: Decodable {
  let followers: [String], following: [String], user: String?
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    followers = c.list(AnyKey("followers"), of: String.self)
    following = c.list(AnyKey("following"), of: String.self)
    user = c.string(AnyKey("user"))
  }
}

struct FeedbackWire: Decodable {
  let items: [FeedbackItem], total: Int?, offset: Int?
  struct Item: Decodable {
    let item: FeedbackItem
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      item = FeedbackItem(
        recordingMbid: MBID.normalised(c.string(AnyKey("recording_mbid"))), recordingMsid: c.string(AnyKey("recording_msid")),
        score: c.int(AnyKey("score")) ?? 0, created: c.int(AnyKey("created")),
        track: c.object(AnyKey("track_metadata"), as: TrackInfoWire.self)?.track)
    }
  }
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    items = c.list(AnyKey("feedback"), of: Item.self).map(\.item)
    total = c.int(AnyKey("total_count"))
    offset = c.int(AnyKey("offset"))
  }
}

struct PinWire: Decodable {
  let pin: Pin
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    pin = Pin(
      rowId: c.int(AnyKey("row_id")), recordingMbid: MBID.normalised(c.string(AnyKey("recording_mbid"))),
      recordingMsid: c.string(AnyKey("recording_msid")), blurb: c.string(AnyKey("blurb_content")),
      created: c.int(AnyKey("created")),
      pinnedUntil: c.int(AnyKey("pinned_until")), track: c.object(AnyKey("track_metadata"), as: TrackInfoWire.self)?.track)
  }
}

struct PinListWire: Decodable {
  let pins: [Pin], total: Int?, offset: Int?
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    pins = c.list(AnyKey("pinned_recordings"), of: PinWire.self).map(\.pin)
    total = c.int(AnyKey("total_count"))
    offset = c.int(AnyKey("offset"))
  }
}

/// `{"pinned_recording": pin|null}` (current pin and the answer of POST /1/pin).
struct OnePinWire: Decodable {
  let pin: Pin?
  init(from decoder: any Decoder) throws {
    pin = try decoder.container(keyedBy: AnyKey.self).object(AnyKey("pinned_recording"), as: PinWire.self)?.pin
  }
}

struct PlaylistWire: Decodable {
  let playlist: RemotePlaylist
  struct Track: Decodable {
    let track: PlaylistTrack
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      let mbid = c.strings(AnyKey("identifier")).lazy.compactMap(PlaylistWire.recordingMbid(fromIdentifier:)).first
      track = PlaylistTrack(
        title: c.string(AnyKey("title")), creator: c.string(AnyKey("creator")), album: c.string(AnyKey("album")),
        durationMs: c.int(AnyKey("duration")), recordingMbid: mbid)
    }
  }
  /// The playlist object itself (inside `{"playlist": …}`).
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    let identifier = c.strings(AnyKey("identifier")).first
    let ext = (try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("extension")))
      .flatMap { try? $0.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(RemotePlaylist.playlistExtension)) }
    playlist = RemotePlaylist(
      mbid: identifier.flatMap(PlaylistWire.playlistMbid(fromIdentifier:)), title: c.string(AnyKey("title")) ?? "",
      creator: c.string(AnyKey("creator")) ?? ext?.string(AnyKey("creator")), date: c.string(AnyKey("date")),
      annotation: c.string(AnyKey("annotation")), isPublic: ext?.bool(AnyKey("public")),
      createdFor: ext?.string(AnyKey("created_for")),
      collaborators: ext?.list(AnyKey("collaborators"), of: String.self) ?? [],
      lastModifiedAt: ext?.string(AnyKey("last_modified_at")),
      tracks: c.list(AnyKey("track"), of: Track.self).map(\.track))
  }

  /// The last path segment of a recording URL (or a bare MBID), when it is a UUID.
  static func recordingMbid(fromIdentifier text: String) -> String? {
    MBID.normalised(text.split(separator: "/").last.map(String.init))
  }

  /// A playlist MBID from `https://listenbrainz.org/playlist/<mbid>` (with or without a slash at the end) or a bare MBID.
  public static func playlistMbid(fromIdentifier text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let path = trimmed.split(separator: "?").first.map(String.init) ?? trimmed
    return MBID.normalised(path.split(separator: "/").last.map(String.init))
  }
}

struct PlaylistEnvelopeWire: Decodable {
  let playlist: RemotePlaylist?
  init(from decoder: any Decoder) throws {
    playlist = try decoder.container(keyedBy: AnyKey.self).object(AnyKey("playlist"), as: PlaylistWire.self)?.playlist
  }
}

struct RemotePlaylistListWire: Decodable {
  let playlists: [RemotePlaylist], total: Int?, offset: Int?
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    playlists = c.list(AnyKey("playlists"), of: PlaylistEnvelopeWire.self).compactMap(\.playlist)
    total = c.int(AnyKey("playlist_count"))
    offset = c.int(AnyKey("offset"))
  }
}

struct UserSearchWire: Decodable {
  let users: [String]
  struct User: Decodable {
    let name: String?
    init(from decoder: any Decoder) throws {
      // Either {"user_name": …} or, defensively, a bare string.
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        name = text
      } else {
        name = try decoder.container(keyedBy: AnyKey.self).string(AnyKey("user_name"))
      }
    }
  }
  init(from decoder: any Decoder) throws {
    users = try decoder.container(keyedBy: AnyKey.self).list(AnyKey("users"), of: User.self).compactMap(\.name)
  }
}
