// Statistics as the dashboards show them: top artists/releases/recordings, listening activity, the
// 7×24 daily activity and artist origins. A stat the server has not computed yet is a typed answer.
import Foundation

/// The `range` query values the server accepts (ALLOWED_STATISTICS_RANGE).
public enum StatsRange: String, Codable, Sendable, CaseIterable {
  case thisWeek = "this_week", thisMonth = "this_month", thisYear = "this_year"
  case week, month, quarter, year
  case halfYearly = "half_yearly"
  case allTime = "all_time"
}

/// A statistic, or the server's 204: "not calculated yet" (fresh users until the daily batch job).
public enum StatsAnswer<Value: Sendable & Equatable>: Sendable, Equatable {
  case ready(Value)
  case notCalculated(user: String)

  public var value: Value? {
    if case .ready(let value) = self { return value }
    return nil
  }
}

public enum TopEntity: String, Codable, Sendable, CaseIterable {
  case artists, releases, recordings

  var totalKey: String {
    switch self {
    case .artists: return "total_artist_count"
    case .releases: return "total_release_count"
    case .recordings: return "total_recording_count"
    }
  }
}

/// One line of a top list. `name` is the artist, release or track name as the entity says.
public struct TopEntry: Codable, Sendable, Equatable {
  public var name: String
  /// The artist credit (releases and recordings).
  public var artistName: String?
  /// The release (recordings).
  public var releaseName: String?
  public var mbid: String?
  public var listenCount: Int

  public init(name: String, artistName: String? = nil, releaseName: String? = nil, mbid: String? = nil, listenCount: Int) {
    self.name = name
    self.artistName = artistName
    self.releaseName = releaseName
    self.mbid = mbid
    self.listenCount = listenCount
  }
}

public struct TopList: Codable, Sendable, Equatable {
  public var user: String
  public var entity: TopEntity
  /// As the server said; kept as text so a range added later does not fail decoding.
  public var range: String
  public var entries: [TopEntry]
  public var totalCount: Int?
  public var offset: Int
  public var fromTs: Int?
  public var toTs: Int?
  public var lastUpdated: Int?
}

public struct ActivityBucket: Codable, Sendable, Equatable {
  public var label: String
  public var fromTs: Int?
  public var toTs: Int?
  public var listenCount: Int
  /// Whether the bucket is in the range asked for or in the period before it (see ActivityPeriods).
  public var period: ActivityPeriod = .current
}

/// Listens per day/month/year. `buckets` holds both periods the server sends, oldest first, each
/// marked; `listenCount` counts the range asked for only, as the website does.
public struct ListeningActivity: Codable, Sendable, Equatable {
  public var user: String
  public var range: String
  public var buckets: [ActivityBucket]
  public var lastUpdated: Int?
  /// Listens in the range asked for.
  public var listenCount: Int
  /// Listens in the period before it; nil for all_time, which has none.
  public var previousListenCount: Int?

  public init(user: String, range: String, buckets: [ActivityBucket], lastUpdated: Int?) {
    self.user = user
    self.range = range
    self.buckets = buckets
    self.lastUpdated = lastUpdated
    listenCount = buckets.filter { $0.period == .current }.map(\.listenCount).reduce(0, +)
    previousListenCount =
      range == "all_time" ? nil : buckets.filter { $0.period == .previous }.map(\.listenCount).reduce(0, +)
  }

  public var current: [ActivityBucket] { buckets.filter { $0.period == .current } }
  public var previous: [ActivityBucket] { buckets.filter { $0.period == .previous } }
}

/// Listens per weekday and UTC hour: `counts[0]` is Monday, `counts[d][h]` hour h (0-23).
public struct DailyActivity: Codable, Sendable, Equatable {
  public static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
  public var user: String
  public var range: String
  public var counts: [[Int]]
  public var lastUpdated: Int?

  public var total: Int { counts.joined().reduce(0, +) }

  /// The grid moved to a zone `seconds` east of UTC, as the website moves it to the browser's: the
  /// server counts whole UTC hours, so a zone with a part-hour offset moves by its whole hours (+5:30
  /// by 5), and Sunday 23:00 UTC in UTC+2 is Monday 01:00.
  public func inZone(secondsFromUTC seconds: Int) -> DailyActivity {
    let shift = seconds / 3600
    guard shift != 0, counts.count == 7, counts.allSatisfy({ $0.count == 24 }) else { return self }
    var moved = Array(repeating: Array(repeating: 0, count: 24), count: 7)
    for day in 0..<7 {
      for hour in 0..<24 {
        let slot = ((day * 24 + hour + shift) % 168 + 168) % 168
        moved[slot / 24][slot % 24] += counts[day][hour]
      }
    }
    var out = self
    out.counts = moved
    return out
  }
}

public struct CountryArtists: Codable, Sendable, Equatable {
  /// ISO 3166-1 alpha-3, as the server sends it.
  public var country: String
  public var artistCount: Int
  public var listenCount: Int
  public var artists: [String]
}

public struct ArtistMap: Codable, Sendable, Equatable {
  public var user: String
  public var range: String
  /// Most listened first.
  public var countries: [CountryArtists]
  public var lastUpdated: Int?
}

// MARK: wire

/// The common fields of a stats payload.
struct StatsPayload {
  let c: KeyedDecodingContainer<AnyKey>
  init(_ decoder: any Decoder) throws {
    c = try decoder.container(keyedBy: AnyKey.self).nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("payload"))
  }
  var range: String { c.string(AnyKey("range")) ?? "" }
  var lastUpdated: Int? { c.int(AnyKey("last_updated")) }
}

struct TopEntryWire: Decodable {
  let artist: TopEntry?, release: TopEntry?, recording: TopEntry?
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    let count = c.int(AnyKey("listen_count")) ?? 0
    let artistName = c.string(AnyKey("artist_name"))
    artist = artistName.map { TopEntry(name: $0, mbid: MBID.normalised(c.string(AnyKey("artist_mbid"))), listenCount: count) }
    release = c.string(AnyKey("release_name")).map {
      TopEntry(name: $0, artistName: artistName, mbid: MBID.normalised(c.string(AnyKey("release_mbid"))), listenCount: count)
    }
    recording = c.string(AnyKey("track_name")).map {
      TopEntry(
        name: $0, artistName: artistName, releaseName: c.string(AnyKey("release_name")),
        mbid: MBID.normalised(c.string(AnyKey("recording_mbid"))), listenCount: count)
    }
  }
}

struct TopListWire {
  static func decode(_ data: Data, entity: TopEntity, user: String) throws -> TopList {
    struct Wire: Decodable {
      let payload: StatsPayload
      init(from decoder: any Decoder) throws { payload = try StatsPayload(decoder) }
    }
    let p = try JSONDecoder().decode(Wire.self, from: data).payload
    let items = p.c.list(AnyKey(entity.rawValue), of: TopEntryWire.self)
    let entries: [TopEntry] = items.compactMap {
      switch entity {
      case .artists: return $0.artist
      case .releases: return $0.release
      case .recordings: return $0.recording
      }
    }
    return TopList(
      user: user, entity: entity, range: p.range, entries: entries, totalCount: p.c.int(AnyKey(entity.totalKey)),
      offset: p.c.int(AnyKey("offset")) ?? 0, fromTs: p.c.int(AnyKey("from_ts")), toTs: p.c.int(AnyKey("to_ts")),
      lastUpdated: p.lastUpdated)
  }
}

struct ListeningActivityWire: Decodable {
  let range: String, buckets: [ActivityBucket], lastUpdated: Int?
  struct Bucket: Decodable {
    let bucket: ActivityBucket
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      bucket = ActivityBucket(
        label: c.string(AnyKey("time_range")) ?? "", fromTs: c.int(AnyKey("from_ts")), toTs: c.int(AnyKey("to_ts")),
        listenCount: c.int(AnyKey("listen_count")) ?? 0)
    }
  }
  init(from decoder: any Decoder) throws {
    let p = try StatsPayload(decoder)
    range = p.range
    lastUpdated = p.lastUpdated
    // Oldest first, whatever order the server used.
    let ordered = p.c.list(AnyKey("listening_activity"), of: Bucket.self).map(\.bucket)
      .enumerated().sorted { ($0.element.fromTs ?? $0.offset, $0.offset) < ($1.element.fromTs ?? $1.offset, $1.offset) }
      .map(\.element)
    buckets = ActivityPeriods.assign(ordered, range: range)
  }
}

struct DailyActivityWire: Decodable {
  let range: String, counts: [[Int]], lastUpdated: Int?
  struct Hour: Decodable {
    let hour: Int?, count: Int
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      hour = c.int(AnyKey("hour"))
      count = c.int(AnyKey("listen_count")) ?? 0
    }
  }
  init(from decoder: any Decoder) throws {
    let p = try StatsPayload(decoder)
    range = p.range
    lastUpdated = p.lastUpdated
    var grid = Array(repeating: Array(repeating: 0, count: 24), count: 7)
    if let days = try? p.c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("daily_activity")) {
      for key in days.allKeys {
        // Unknown day names are ignored; hours outside 0-23 too.
        guard let day = DailyActivity.days.firstIndex(where: { $0.lowercased() == key.stringValue.lowercased() }) else {
          continue
        }
        for item in days.list(key, of: Hour.self) {
          guard let hour = item.hour, (0..<24).contains(hour) else { continue }
          grid[day][hour] += max(0, item.count)
        }
      }
    }
    counts = grid
  }
}

struct ArtistMapWire: Decodable {
  let range: String, countries: [CountryArtists], lastUpdated: Int?
  struct Country: Decodable {
    let value: CountryArtists?
    struct Artist: Decodable {
      let name: String?
      init(from decoder: any Decoder) throws { name = try decoder.container(keyedBy: AnyKey.self).string(AnyKey("artist_name")) }
    }
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      // A country without a listen count tunes can read (absent, or a number such as 1e300) says
      // nothing a chart of listens could show: it is left out rather than drawn as 0.
      guard let country = c.string(AnyKey("country")), let listenCount = c.int(AnyKey("listen_count")) else {
        value = nil
        return
      }
      value = CountryArtists(
        country: country, artistCount: c.int(AnyKey("artist_count")) ?? 0, listenCount: listenCount,
        artists: c.list(AnyKey("artists"), of: Artist.self).compactMap(\.name))
    }
  }
  init(from decoder: any Decoder) throws {
    let p = try StatsPayload(decoder)
    range = p.range
    lastUpdated = p.lastUpdated
    countries = p.c.list(AnyKey("artist_map"), of: Country.self).compactMap(\.value)
      .sorted { ($0.listenCount, $0.artistCount, $1.country) > ($1.listenCount, $1.artistCount, $0.country) }
  }
}
