// One event of a ListenBrainz user's timeline (`/1/user/{user}/feed/events` and its listen views):
// listens of followed or similar users, follows, recommendations (to all followers or personal), pins,
// CritiqueBrainz reviews, notifications and thanks. The server sends one envelope (`event_type`,
// `user_name`, `created`, `id`, `hidden`, `metadata`) whose metadata differs per type; it is read
// defensively (every field optional, unknown types kept with their name) and encoded for --json in
// tunes' camelCase.
import Foundation

public struct FeedEvent: Codable, Sendable, Equatable {
  /// The server's `event_type` values tunes knows; anything else is kept as `.other`.
  public enum Kind: String, Codable, Sendable, CaseIterable {
    case listen
    case follow
    case recommendation = "recording_recommendation"
    case personalRecommendation = "personal_recording_recommendation"
    case pin = "recording_pin"
    case review = "critiquebrainz_review"
    case notification
    case thanks
    case other
  }

  public var kind: Kind
  /// The `event_type` as sent (differs from `kind.rawValue` only for `.other`).
  public var type: String
  /// The event's row id: needed to hide, unhide, delete or thank it; listens and follows have none.
  public var id: Int?
  public var user: String
  public var created: Int?
  public var hidden: Bool
  /// Listens, recommendations and pins.
  public var track: TrackInfo?
  /// Pins, personal recommendations and thanks.
  public var blurb: String?
  /// Personal recommendations: to whom.
  public var users: [String]?
  /// Follows: who followed whom.
  public var follower: String?
  public var followed: String?
  /// Reviews.
  public var review: FeedReview?
  /// Notifications (may hold HTML links; shown as text).
  public var message: String?
  /// Thanks: who thanked whom, for which event.
  public var thanker: String?
  public var thankee: String?
  public var originalType: String?
  public var originalId: Int?
  /// Listens of similar users: how similar (0…1).
  public var similarity: Double?

  public init(kind: Kind, type: String? = nil, id: Int? = nil, user: String, created: Int?, hidden: Bool = false) {
    self.kind = kind
    self.type = type ?? kind.rawValue
    self.id = id
    self.user = user
    self.created = created
    self.hidden = hidden
  }
}

public struct FeedReview: Codable, Sendable, Equatable {
  public var entityName: String?
  public var entityType: String?
  public var entityId: String?
  public var rating: Int?
  public var text: String?
  public var reviewMbid: String?
}

/// Which view of the timeline.
public enum FeedView: String, Codable, Sendable, CaseIterable {
  /// Follows, recommendations, pins, reviews, notifications, thanks.
  case events
  /// Listens of the users followed.
  case following
  /// Listens of users with a similar taste.
  case similar

  var pathSuffix: String {
    switch self {
    case .events: return "/feed/events"
    case .following: return "/feed/events/listens/following"
    case .similar: return "/feed/events/listens/similar"
    }
  }
}

public struct FeedPage: Codable, Sendable, Equatable {
  public var user: String
  public var view: FeedView
  public var events: [FeedEvent]
  /// The `max_ts` that asks for the page before this one (the oldest event's time), nil when empty.
  public var olderThan: Int? { events.compactMap(\.created).min() }
}

/// `GET /1/user/{user}/similar-users`, most similar first.
public struct SimilarUsers: Codable, Sendable, Equatable {
  public struct Entry: Codable, Sendable, Equatable {
    public var user: String
    public var similarity: Double
  }
  public var user: String
  public var users: [Entry]
}

// MARK: wire

struct FeedEventWire: Decodable {
  let event: FeedEvent

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    guard let type = c.string(AnyKey("event_type")) else {
      throw DecodingError.dataCorruptedError(forKey: AnyKey("event_type"), in: c, debugDescription: "no event_type")
    }
    let kind = FeedEvent.Kind(rawValue: type).flatMap { $0 == .other ? nil : $0 } ?? .other
    let created = c.int(AnyKey("created"))
    var event = FeedEvent(
      kind: kind, type: type, id: c.int(AnyKey("id")), user: c.string(AnyKey("user_name")) ?? "", created: created,
      hidden: c.bool(AnyKey("hidden")) ?? false)
    if let similarity = try? c.decodeIfPresent(Double.self, forKey: AnyKey("similarity")) { event.similarity = similarity }
    if let m = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("metadata")) {
      Self.fill(&event, from: m)
    }
    self.event = event
  }

  static func fill(_ event: inout FeedEvent, from m: KeyedDecodingContainer<AnyKey>) {
    switch event.kind {
    case .listen, .recommendation:
      event.track = m.object(AnyKey("track_metadata"), as: TrackInfoWire.self)?.track
      if event.track?.recordingMsid == nil { event.track?.recordingMsid = m.string(AnyKey("recording_msid")) }
    case .personalRecommendation:
      event.track = m.object(AnyKey("track_metadata"), as: TrackInfoWire.self)?.track
      event.users = m.list(AnyKey("users"), of: String.self)
      event.blurb = m.string(AnyKey("blurb_content"))
    case .pin:
      event.track = m.object(AnyKey("track_metadata"), as: TrackInfoWire.self)?.track
      event.blurb = m.string(AnyKey("blurb_content"))
    case .follow:
      event.follower = m.string(AnyKey("user_name_0"))
      event.followed = m.string(AnyKey("user_name_1"))
    case .review:
      event.review = FeedReview(
        entityName: m.string(AnyKey("entity_name")), entityType: m.string(AnyKey("entity_type")),
        entityId: MBID.normalised(m.string(AnyKey("entity_id"))), rating: m.int(AnyKey("rating")), text: m.string(AnyKey("text")),
        reviewMbid: MBID.normalised(m.string(AnyKey("review_mbid"))))
    case .notification:
      event.message = m.string(AnyKey("message"))
    case .thanks:
      event.thanker = m.string(AnyKey("thanker_username"))
      event.thankee = m.string(AnyKey("thankee_username"))
      event.originalType = m.string(AnyKey("original_event_type"))
      event.originalId = m.int(AnyKey("original_event_id"))
      event.blurb = m.string(AnyKey("blurb_content"))
    case .other:
      break
    }
  }
}

struct FeedWire: Decodable {
  let events: [FeedEvent]
  init(from decoder: any Decoder) throws {
    let payload = try decoder.container(keyedBy: AnyKey.self).nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("payload"))
    events = payload.list(AnyKey("events"), of: FeedEventWire.self).map(\.event)
  }
}

struct SimilarUsersWire: Decodable {
  let users: [SimilarUsers.Entry]
  struct Item: Decodable {
    let entry: SimilarUsers.Entry?
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      let similarity = (try? c.decodeIfPresent(Double.self, forKey: AnyKey("similarity"))) ?? nil
      guard let name = c.string(AnyKey("user_name")), let similarity, similarity.isFinite else {
        entry = nil
        return
      }
      entry = SimilarUsers.Entry(user: name, similarity: similarity)
    }
  }
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    users = c.list(AnyKey("payload"), of: Item.self).compactMap(\.entry).sorted { $0.similarity > $1.similarity }
  }
}

struct ServicesWire: Decodable {
  let services: [String]
  init(from decoder: any Decoder) throws {
    services = try decoder.container(keyedBy: AnyKey.self).list(AnyKey("services"), of: String.self)
  }
}
