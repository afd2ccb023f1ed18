// The ListenBrainz view's own state: which section it shows (the submission status, the top artists,
// releases or recordings of a range, the activity charts of a range, the feed), the lines last read for
// it with the feed events they show, whether a read is under way or failed, and its cursor: in the feed a
// selected line (whose event hide and thank act on), elsewhere the top of the lines shown. Reads are
// answered on a worker thread; each carries the ticket it was asked with, and only the answer to the
// newest one is taken, so a slow answer for a section left behind never replaces the one shown.

struct ListenBrainzPane {
  enum Section: Int, CaseIterable {
    case status, artists, releases, recordings, activity, feed

    var title: String {
      switch self {
      case .status: return "Status"
      case .artists: return "Top artists"
      case .releases: return "Top releases"
      case .recordings: return "Top recordings"
      case .activity: return "Activity"
      case .feed: return "Feed"
      }
    }

    var chart: ListenBrainzChart? {
      switch self {
      case .artists: return .artists
      case .releases: return .releases
      case .recordings: return .recordings
      case .status, .activity, .feed: return nil
      }
    }

    /// Whether the section is read for a range (`t`/`T` turn it): the top lists and the activity.
    var hasRange: Bool { chart != nil || self == .activity }
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
  /// The feed's events by the line that shows each (its first), named as `tunes lb feed` names them.
  private(set) var events: [Int: String] = [:]
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
    receive(request, page: answer.map { ListenBrainzPage(lines: $0) })
  }

  /// Takes an answer with the events its lines show; false (and nothing changes) when a newer read was asked.
  @discardableResult
  mutating func receive(_ request: Request, page answer: Result<ListenBrainzPage, ListenBrainzFailure>) -> Bool {
    guard request.ticket == ticket else { return false }
    switch answer {
    case .success(let read):
      // The feed read again after a hide or thank may list the events on other lines (a new thanks comes
      // first): the selection follows its event, so the next key acts on the same one.
      let kept = selectedEvent?.name
      lines = read.lines
      events = read.events
      load = .loaded
      if let kept { cursor.selected = line(ofEvent: kept) }
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
    events = [:]
    cursor = ListCursor()
  }

  /// The next or previous range; false when the section shown has none (status, feed).
  mutating func cycleRange(by delta: Int) -> Bool {
    guard section.hasRange, let index = Self.ranges.firstIndex(of: range) else { return false }
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
    return section.hasRange ? tabs + " · " + Self.name(ofRange: range) : tabs
  }

  /// The feed event the selected line belongs to (an event's further lines belong to it): its name and
  /// first line; nil outside the feed or above its first event.
  var selectedEvent: (name: String, line: Int)? {
    guard section == .feed, !lines.isEmpty else { return nil }
    let line = (0...min(cursor.selected, lines.count - 1)).last { events[$0] != nil }
    return line.flatMap { line in events[line].map { ($0, line) } }
  }

  /// The first line of the event named `name`, or the feed's heading (the line above its first event)
  /// when it is no longer listed.
  private func line(ofEvent name: String) -> Int {
    if let line = events.first(where: { $0.value == name })?.key { return line }
    return max(0, (events.keys.min() ?? 1) - 1)
  }

  /// The line under the heading while a read is under way or after it failed; nil otherwise.
  var notice: (text: String, isError: Bool)? {
    switch load {
    case .loading:
      let what = section.hasRange ? "\(section.title.lowercased()), \(Self.name(ofRange: range))" : section.title.lowercased()
      return ("loading \(what)…", false)
    case .failed(let message): return (message, true)
    case .idle, .loaded: return nil
    }
  }
}
