// What the ListenBrainz pane asks of ListenBrainz, given by the program that opens the UI: the same code
// `tunes lb status`, `tunes lb stats`, `tunes lb feed` (and its `hide` and `thank`), `tunes love|hate|unrate`
// and `tunes lb pin` run
// (TunesUI does not link the ListenBrainz client; the wiring in the `tunes` target does). Every call
// blocks until ListenBrainz answers, so the UI makes them on a worker thread (BackgroundWork), never on
// its own; writes go through the outbox, as the commands' writes do.

/// One of the dashboard's top lists.
public enum ListenBrainzChart: String, CaseIterable, Sendable {
  case artists, releases, recordings
}

/// What is done to a song.
public enum ListenBrainzSongAction: String, CaseIterable, Sendable {
  case love, hate, unrate, pin

  /// The words of the message line while it is sent.
  var verb: String {
    switch self {
    case .love: return "loving"
    case .hate: return "hating"
    case .unrate: return "unrating"
    case .pin: return "pinning"
    }
  }
}

/// What is done to an event of the feed.
public enum ListenBrainzEventAction: String, CaseIterable, Sendable {
  case hide, thank

  /// The words of the message line while it is sent.
  var verb: String { self == .hide ? "hiding" : "thanking for" }
}

/// Lines read for the pane, and the feed's events among them: by the index of the line that shows each
/// (its first), the event as `tunes lb feed hide|thank` names it ("rec/1").
public struct ListenBrainzPage: Equatable, Sendable {
  public var lines: [String]
  public var events: [Int: String]

  public init(lines: [String], events: [Int: String] = [:]) {
    self.lines = lines
    self.events = events
  }
}

/// The song acted on.
public enum ListenBrainzSongChoice: Equatable, Sendable {
  /// The song the player plays now.
  case playing
  /// A song of the library, by its absolute path (or the player's URI).
  case path(String)
}

/// Why a read or a write did not happen, in one line.
public struct ListenBrainzFailure: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

public struct ListenBrainzSource: Sendable {
  /// `tunes lb status`: account, pending and rejected listens, last submission.
  public var status: @Sendable () -> [String]
  /// A top list of the logged-in user for a range (StatsRange's names), drawn `width` cells wide.
  public var chart: @Sendable (_ chart: ListenBrainzChart, _ range: String, _ width: Int) -> Result<[String], ListenBrainzFailure>
  /// The listening activity, the daily activity and the artists' countries of the logged-in user for a
  /// range, drawn `width` cells wide.
  public var activity: @Sendable (_ range: String, _ width: Int) -> Result<[String], ListenBrainzFailure>
  /// The logged-in user's feed, `width` cells wide (after the outbox's queued writes are sent).
  public var feed: @Sendable (_ width: Int) -> Result<ListenBrainzPage, ListenBrainzFailure>
  /// Hide or thank for an event of the feed (named as in `ListenBrainzPage.events`): queued in the outbox,
  /// then sent; the lines say how it went.
  public var actOnEvent: @Sendable (_ action: ListenBrainzEventAction, _ event: String) -> Result<[String], ListenBrainzFailure>
  /// Love, hate, unrate or pin a song: queued in the outbox, then sent; the lines say how it went.
  public var act:
    @Sendable (_ action: ListenBrainzSongAction, _ song: ListenBrainzSongChoice) -> Result<[String], ListenBrainzFailure>

  public init(
    status: @escaping @Sendable () -> [String],
    chart: @escaping @Sendable (ListenBrainzChart, String, Int) -> Result<[String], ListenBrainzFailure>,
    activity: @escaping @Sendable (String, Int) -> Result<[String], ListenBrainzFailure>,
    feed: @escaping @Sendable (Int) -> Result<ListenBrainzPage, ListenBrainzFailure>,
    act: @escaping @Sendable (ListenBrainzSongAction, ListenBrainzSongChoice) -> Result<[String], ListenBrainzFailure>,
    actOnEvent: @escaping @Sendable (ListenBrainzEventAction, String) -> Result<[String], ListenBrainzFailure>
  ) {
    self.status = status
    self.chart = chart
    self.activity = activity
    self.feed = feed
    self.act = act
    self.actOnEvent = actOnEvent
  }
}
