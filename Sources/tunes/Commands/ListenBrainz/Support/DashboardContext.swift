// What every dashboard command shares: the `--json`/`--offline` options, the user to show (named, or
// the logged-in one), the Dashboard over the network or the cache, and printing models as JSON.
import ArgumentParser
import Foundation
import TunesCore
import TunesListenBrainz
import TunesTerminal

struct DashboardOptions: ParsableArguments {
  @Flag(name: .long, help: "Print the data as tunes understood it, as one JSON object.")
  var json = false

  @Flag(name: .long, help: "Show the last answers cached in the library database instead of asking ListenBrainz.")
  var offline = false
}

/// One command's view of ListenBrainz: the dashboard, the cache behind it and the terminal it draws on.
struct DashboardContext {
  let dashboard: Dashboard
  let wire: CachingWire
  let terminal: TerminalFacts
  let options: DashboardOptions
  let account: LBAccess

  init(global: GlobalOptions, options: DashboardOptions) throws {
    let library = try global.openLibrary(.createIfMissing)
    account = try LBAccess(paths: global.paths)
    wire = CachingWire(inner: account.wire, cache: DashboardCache(library: library), mode: options.offline ? .offline : .online)
    dashboard = Dashboard(wire: wire)
    terminal = TerminalFacts.detect()
    self.options = options
  }

  var style: ChartStyle { ChartStyle(colour: terminal.colour) }

  /// The named user, else the logged-in one.
  func user(_ given: String?, for what: String) throws -> String {
    if let given, !given.isEmpty { return given }
    if let name = account.userName { return name }
    throw DashboardError.notLoggedIn(what: what)
  }

  /// Stores the answers just fetched for --offline. A failed write must not hide what was fetched:
  /// the next run simply fetches again.
  func saveAnswers() { try? wire.save() }

  /// Prints `value` as JSON; offline answers carry `cachedAt` (ISO 8601) at the top level.
  func printJSON<T: Encodable>(_ value: T) {
    saveAnswers()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard var data = try? encoder.encode(value) else { return }
    if let cachedAt = wire.times.oldest, var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
      object["cachedAt"] = DashboardText.iso(cachedAt)
      data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? data
    }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
  }

  /// Prints lines for people, with the age of the answers when they came from the cache.
  func printLines(_ lines: [String]) {
    saveAnswers()
    var out = lines
    if let cachedAt = wire.times.oldest {
      out.insert(style.paint("offline: cached \(DashboardText.dateTime(cachedAt))", ChartStyle.dimCode), at: 0)
    }
    FileHandle.standardOutput.write(Data((out.joined(separator: "\n") + "\n").utf8))
  }
}

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

enum DashboardText {
  static func notCalculated(_ user: String) -> String { "statistics for \(user) are not calculated yet" }

  static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: date)
  }

  /// "2026-11-22 14:03" in the local time zone.
  static func dateTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  static func dateTime(epoch: Int?) -> String {
    guard let epoch else { return "                " }
    return dateTime(Date(timeIntervalSince1970: TimeInterval(epoch)))
  }

  /// "Artist – Title" (and the release in parentheses when asked).
  static func track(_ track: TrackInfo, release: Bool = false) -> String {
    var text = "\(track.artistName.isEmpty ? "?" : track.artistName) – \(track.trackName.isEmpty ? "?" : track.trackName)"
    if release, let name = track.releaseName { text += " (\(name))" }
    return text
  }

  static func rangeName(_ range: String) -> String {
    switch range {
    case "all_time": return "all time"
    case "this_week": return "this week"
    case "this_month": return "this month"
    case "this_year": return "this year"
    case "week": return "last week"
    case "month": return "last month"
    case "quarter": return "last quarter"
    case "year": return "last year"
    case "half_yearly": return "last half year"
    default: return range
    }
  }

  static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
  }
}

extension StatsRange: ExpressibleByArgument {}
