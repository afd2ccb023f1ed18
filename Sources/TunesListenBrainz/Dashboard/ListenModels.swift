// Listens as the dashboards read them back: listen-count, listens (with paging) and playing-now.
// Decoded from the server's snake_case JSON; encoded (for --json) with tunes' own camelCase keys.
import Foundation

/// What a listen, a pin or a feedback item says about its track.
public struct TrackInfo: Codable, Sendable, Equatable {
  public var artistName: String
  public var trackName: String
  public var releaseName: String?
  /// From `mbid_mapping` (the server's match) or the client's own `additional_info.recording_mbid`.
  public var recordingMbid: String?
  public var recordingMsid: String?
  public var releaseMbid: String?
  public var artistMbids: [String]
  public var durationMs: Int?

  public init(
    artistName: String, trackName: String, releaseName: String? = nil, recordingMbid: String? = nil,
    recordingMsid: String? = nil, releaseMbid: String? = nil, artistMbids: [String] = [], durationMs: Int? = nil
  ) {
    self.artistName = artistName
    self.trackName = trackName
    self.releaseName = releaseName
    self.recordingMbid = recordingMbid
    self.recordingMsid = recordingMsid
    self.releaseMbid = releaseMbid
    self.artistMbids = artistMbids
    self.durationMs = durationMs
  }

  /// Reads a `track_metadata` object.
  static func decode(_ container: KeyedDecodingContainer<AnyKey>) -> TrackInfo {
    let info = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("additional_info"))
    let mapping = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("mbid_mapping"))
    var durationMs = info?.int(AnyKey("duration_ms"))
    if durationMs == nil, let seconds = info?.int(AnyKey("duration")) { durationMs = seconds * 1000 }
    return TrackInfo(
      artistName: container.string(AnyKey("artist_name")) ?? "",
      trackName: container.string(AnyKey("track_name")) ?? "",
      releaseName: container.string(AnyKey("release_name")),
      recordingMbid: MBID.normalised(mapping?.string(AnyKey("recording_mbid")))
        ?? MBID.normalised(info?.string(AnyKey("recording_mbid"))),
      recordingMsid: info?.string(AnyKey("recording_msid")),
      releaseMbid: MBID.normalised(mapping?.string(AnyKey("release_mbid")) ?? info?.string(AnyKey("release_mbid"))),
      artistMbids: (mapping?.strings(AnyKey("artist_mbids")) ?? []).isEmpty
        ? (info?.strings(AnyKey("artist_mbids")) ?? []) : (mapping?.strings(AnyKey("artist_mbids")) ?? []),
      durationMs: durationMs)
  }
}

/// `track_metadata` as a standalone decodable (null or absent → nil at the call site).
struct TrackInfoWire: Decodable {
  let track: TrackInfo
  init(from decoder: any Decoder) throws { track = TrackInfo.decode(try decoder.container(keyedBy: AnyKey.self)) }
}

public struct Listen: Codable, Sendable, Equatable {
  /// Unix seconds of the start of the play; nil for playing-now.
  public var listenedAt: Int?
  public var insertedAt: Int?
  public var userName: String?
  public var playingNow: Bool
  public var track: TrackInfo

  public init(listenedAt: Int?, insertedAt: Int? = nil, userName: String? = nil, playingNow: Bool = false, track: TrackInfo) {
    self.listenedAt = listenedAt
    self.insertedAt = insertedAt
    self.userName = userName
    self.playingNow = playingNow
    self.track = track
  }
}

struct ListenWire: Decodable {
  let listen: Listen
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    var track = c.object(AnyKey("track_metadata"), as: TrackInfoWire.self)?.track ?? TrackInfo(artistName: "", trackName: "")
    if track.recordingMsid == nil { track.recordingMsid = c.string(AnyKey("recording_msid")) }
    listen = Listen(
      listenedAt: c.int(AnyKey("listened_at")), insertedAt: c.int(AnyKey("inserted_at")), userName: c.string(AnyKey("user_name")),
      playingNow: c.bool(AnyKey("playing_now")) ?? false, track: track)
  }
}

public struct ListenCount: Codable, Sendable, Equatable {
  public var user: String
  public var count: Int
}

/// One page of `/listens`, newest first. `olderThan` is the `max_ts` that fetches the next older page.
public struct ListensPage: Codable, Sendable, Equatable {
  public var user: String
  public var listens: [Listen]
  public var latestListenAt: Int?
  public var oldestListenAt: Int?

  /// The `max_ts` of the next older page, nil when this page reaches the user's oldest listen.
  public var olderThan: Int? {
    guard let last = listens.last?.listenedAt else { return nil }
    if let oldest = oldestListenAt, last <= oldest { return nil }
    return last
  }
}

public struct PlayingNow: Codable, Sendable, Equatable {
  public var user: String
  public var listen: Listen?
}

// MARK: wire envelopes

struct ListenCountWire: Decodable {
  let count: Int
  init(from decoder: any Decoder) throws {
    let top = try decoder.container(keyedBy: AnyKey.self)
    let payload = try top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("payload"))
    guard let count = payload.int(AnyKey("count")) else {
      throw DecodingError.dataCorruptedError(forKey: AnyKey("count"), in: payload, debugDescription: "no listen count")
    }
    self.count = count
  }
}

struct ListensWire: Decodable {
  let listens: [Listen]
  let latest: Int?
  let oldest: Int?
  init(from decoder: any Decoder) throws {
    let top = try decoder.container(keyedBy: AnyKey.self)
    let payload = try top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("payload"))
    listens = payload.list(AnyKey("listens"), of: ListenWire.self).map(\.listen)
    // 0 means "no listens at all" on the wire.
    latest = payload.int(AnyKey("latest_listen_ts")).flatMap { $0 > 0 ? $0 : nil }
    oldest = payload.int(AnyKey("oldest_listen_ts")).flatMap { $0 > 0 ? $0 : nil }
  }
}
