// The JSON of a ListenBrainz statistic: the statistic itself, or `{"user", "calculated": false}` while
// ListenBrainz has not calculated it yet.
import TunesListenBrainz

/// The JSON form of a statistic that may not be calculated yet.
struct StatsJSON<Value: Encodable & Sendable & Equatable>: Encodable {
  let answer: StatsAnswer<Value>

  func encode(to encoder: any Encoder) throws {
    switch answer {
    case .ready(let value): try value.encode(to: encoder)
    case .notCalculated(let user):
      var c = encoder.container(keyedBy: Keys.self)
      try c.encode(user, forKey: .user)
      try c.encode(false, forKey: .calculated)
    }
  }
  enum Keys: String, CodingKey { case user, calculated }
}
