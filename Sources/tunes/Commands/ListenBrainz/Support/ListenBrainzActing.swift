// What love/hate/unrate and pin share: the song acted on (a SONG named by id, path or query, else the
// song the running player plays) and the recording id ListenBrainz knows it by: its recording MBID, else
// the MBID or MSID of the same track among the user's recent listens.
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesListenBrainz
import TunesMPD

enum ListenBrainzActing {
  /// The song acted on, as ListenBrainz may know it.
  struct Target {
    var label: String
    var artist: String
    var title: String
    var recordingMbid: String?
    var recordingMsid: String?
  }

  /// The song named by `words` (an id, a path, or a query matching exactly one song), or the playing one.
  static func song(_ words: [String], global: GlobalOptions) throws -> Target {
    let library = try global.openLibrary(.createIfMissing)
    if words.isEmpty { return try playing(library: library, global: global) }
    let text = words.joined(separator: " ")
    if let found = try SongArgument.byIdOrPath(words, in: library) { return target(found) }
    let candidates = try library.songs(matching: LibraryQuery.parse(arguments: words))
    guard !candidates.isEmpty else { throw DashboardError.noSong(text) }
    guard candidates.count == 1 else {
      throw DashboardError.invalidArgument(
        "\(candidates.count) songs match '\(text)'; name one by id or path (see `tunes search`)")
    }
    return target(candidates[0])
  }

  static func target(_ song: Song) -> Target {
    Target(
      label: "\(song.artist) – \(song.title)", artist: song.artist, title: song.title,
      recordingMbid: song.recordingMbid.flatMap { UUID(uuidString: $0) != nil ? $0.lowercased() : nil }, recordingMsid: nil)
  }

  /// The running player's song: the library's row for its file when there is one (it has the MBID).
  static func playing(library: Library, global: GlobalOptions) throws -> Target {
    let result = Result { () throws(ControlError) -> PlayerReport in
      try PlayerReport.read(from: try PlayerRemote.connect(socketPath: global.playerSocket))
    }
    let report: PlayerReport
    switch result {
    case .success(let value): report = value
    case .failure(let error):
      if case .noPlayer = error { throw DashboardError.invalidArgument("no player is running; name a SONG (id, path or query)") }
      throw error
    }
    guard let song = report.song else { throw DashboardError.nothingPlaying }
    if let found = try library.song(path: song.file) { return target(found) }
    let artist = song.artist ?? ""
    let title = song.title ?? ""
    return Target(label: song.label, artist: artist, title: title, recordingMbid: nil, recordingMsid: nil)
  }

  /// Fills in an MBID or MSID from the user's recent listens when the library has no MBID.
  static func identify(_ target: Target, dashboard: Dashboard, user: String?) async throws(DashboardError) -> Target {
    if target.recordingMbid != nil { return target }
    guard let user else { throw .noRecordingId(song: target.label) }
    let page = try await dashboard.listens(user: user, count: 100)
    let key = fold(target.artist) + "\u{1F}" + fold(target.title)
    guard let listen = page.listens.first(where: { fold($0.track.artistName) + "\u{1F}" + fold($0.track.trackName) == key })
    else {
      throw .noRecordingId(song: target.label)
    }
    var found = target
    found.recordingMbid = listen.track.recordingMbid
    found.recordingMsid = listen.track.recordingMsid
    guard found.recordingMbid != nil || found.recordingMsid != nil else { throw .noRecordingId(song: target.label) }
    return found
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The dashboard over the network (acting never reads the cache).
  static func online(global: GlobalOptions) throws -> (Dashboard, ListenBrainzAccess, Library) {
    let access = try ListenBrainzAccess(paths: global.paths)
    guard access.client.hasToken else { throw DashboardError.loginNeeded(what: "sending feedback or pins") }
    return (Dashboard(wire: access.wire), access, try global.openLibrary(.createIfMissing))
  }

  /// Queues `score` for the song and sends everything queued, oldest first. Returns what to print.
  static func giveFeedback(_ score: FeedbackScore, song words: [String], global: GlobalOptions) async throws -> String {
    let (dashboard, access, library) = try online(global: global)
    let target = try await identify(try song(words, global: global), dashboard: dashboard, user: access.userName)
    let queue = FeedbackQueue(library: library)
    try queue.enqueue(
      recordingMbid: target.recordingMbid, recordingMsid: target.recordingMbid == nil ? target.recordingMsid : nil, score: score,
      label: target.label)
    let report = try await queue.flush(using: dashboard)
    var lines: [String] = []
    for (row, message) in report.dropped { lines.append("ListenBrainz refused feedback on \(row.label): \(message)") }
    if let stop = report.stoppedBy {
      guard stop.isTransient else { throw stop }
      lines.append(
        "\(score.word) \(target.label): queued (\(stop.description)); \(report.remaining) waiting, sent by the next feedback or `tunes lb flush`"
      )
    } else {
      lines.append("\(score.word) \(target.label)")
      let earlier = report.sent.count - 1
      if earlier > 0 { lines.append("(and \(earlier) queued earlier)") }
    }
    return lines.joined(separator: "\n")
  }
}

extension ListenBrainzActing {
  /// For `tunes lb flush`: sends queued feedback; nil when none was waiting.
  static func flushFeedback(global: GlobalOptions) async throws -> String? {
    let (dashboard, _, library) = try online(global: global)
    let queue = FeedbackQueue(library: library)
    guard !(try queue.pending().isEmpty) else { return nil }
    let report = try await queue.flush(using: dashboard)
    var line = "Sent \(report.sent.count) feedback."
    if !report.dropped.isEmpty {
      line += " \(report.dropped.count) refused: \(report.dropped.map { "\($0.0.label) (\($0.1))" }.joined(separator: ", "))."
    }
    if let stop = report.stoppedBy { line += " \(report.remaining) still queued: \(stop.description)" }
    return line
  }
}
