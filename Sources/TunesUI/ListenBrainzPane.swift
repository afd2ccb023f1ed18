// The ListenBrainz view's own state: which section it shows (the submission status, the top artists,
// releases or recordings of a range, the feed), the lines last read for it, whether a read is under way
// or failed, and its cursor. Reads are answered on a worker thread; each carries the ticket it was asked
// with, and only the answer to the newest one is taken, so a slow answer for a section left behind never
// replaces the one shown.

struct ListenBrainzPane {
  enum Section: Int, CaseIterable {
    case status, artists, releases, recordings, feed

    var title: String {
      switch self {
      case .status: return "Status"
      case .artists: return "Top artists"
      case .releases: return "Top releases"
      case .recordings: return "Top recordings"
      case .feed: return "Feed"
      }
    }

    var chart: ListenBrainzChart? {
      switch self {
      case .artists: return .artists
      case .releases: return .releases
      case .recordings: return .recordings
      case .status, .feed: return nil
      }
    }
  }

  /// The ranges of ListenBrainz's statistics, shortest first, as `tunes lb stats --range` names them.
  static let ranges = ["this_week", "this_month", "this_year", "week", "month", "quarter", "half_yearly", "year", "all_time"]

  enum Load: Equatable {
    case idle, loading, loaded
    case failed(String)
  }

  /// One read asked of ListenBrainz.
  struct Request: Equatable {
    var ticket: Int
    var section: Section
    var range: String
    var width: Int
  }

  var section = Section.status
  /// The range of the charts (`lb stats`' default: all time).
  var range = "all_time"
  private(set) var lines: [String] = []
  private(set) var load = Load.idle
  private(set) var ticket = 0
  var cursor = ListCursor()

  /// Starts a read of the section shown: the lines stay until the answer comes.
  mutating func request(width: Int) -> Request {
    ticket += 1
    load = .loading
    return Request(ticket: ticket, section: section, range: range, width: width)
  }

  /// Takes an answer; false (and nothing changes) when a newer read was asked since.
  @discardableResult
  mutating func receive(_ request: Request, _ answer: Result<[String], ListenBrainzFailure>) -> Bool {
    guard request.ticket == ticket else { return false }
    switch answer {
    case .success(let read):
      lines = read
      load = .loaded
    case .failure(let failure):
      load = .failed(failure.message)
    }
    return true
  }

  /// Tab / Shift-Tab: the next or previous section, empty until its read is answered.
  mutating func switchSection(by delta: Int) {
    let all = Section.allCases
    section = all[(section.rawValue + delta % all.count + all.count) % all.count]
    lines = []
    cursor = ListCursor()
  }

  /// The next or previous range; false when the section shown has none (status, feed).
  mutating func cycleRange(by delta: Int) -> Bool {
    guard section.chart != nil, let index = Self.ranges.firstIndex(of: range) else { return false }
    let count = Self.ranges.count
    range = Self.ranges[(index + delta % count + count) % count]
    return true
  }

  /// The range as people say it: "this week", "all time".
  static func name(ofRange range: String) -> String {
    range == "half_yearly" ? "half year" : range.replacingOccurrences(of: "_", with: " ")
  }

  /// The pane's heading: its name, the sections, the one shown in brackets, and the range of a chart.
  var heading: String {
    let tabs = "ListenBrainz: " + Section.allCases.map { $0 == section ? "[\($0.title)]" : $0.title }.joined(separator: " ")
    return section.chart == nil ? tabs : tabs + " · " + Self.name(ofRange: range)
  }

  /// The line under the heading while a read is under way or after it failed; nil otherwise.
  var notice: (text: String, isError: Bool)? {
    switch load {
    case .loading:
      let what = section.chart == nil ? section.title.lowercased() : "\(section.title.lowercased()), \(Self.name(ofRange: range))"
      return ("loading \(what)…", false)
    case .failed(let message): return (message, true)
    case .idle, .loaded: return nil
    }
  }
}
