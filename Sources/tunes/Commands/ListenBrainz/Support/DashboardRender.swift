// Dashboard data drawn for people: each part as lines fitted to the terminal width, the same
// functions serving `tunes lb dashboard` and the single-part commands. Everything the server sends
// (names, titles, blurbs, other users' text) is shown through TerminalText before it is painted.
import Foundation
import TunesListenBrainz
import TunesTerminal

struct DashboardRender {
  let width: Int
  let style: ChartStyle

  func title(_ text: String) -> String {
    style.paint(DisplayWidth.fit(TerminalText.safe(text), cells: width), ChartStyle.boldCode)
  }
  /// A line of server text cut to the width.
  func line(_ text: String) -> String { DisplayWidth.fit(TerminalText.safe(text), cells: width) }
  func dim(_ text: String) -> String { style.paint(text, ChartStyle.dimCode) }

  func listens(_ page: ListensPage) -> [String] {
    guard !page.listens.isEmpty else { return [dim("no listens")] }
    return page.listens.map { listen in
      line(DashboardText.dateTime(epoch: listen.listenedAt) + "  " + DashboardText.track(listen.track, release: true))
    }
  }

  func playingNow(_ now: PlayingNow) -> String {
    guard let listen = now.listen else { return dim("nothing playing now") }
    return line("▶ " + DashboardText.track(listen.track, release: true))
  }

  func top(_ answer: StatsAnswer<TopList>, heading: String) -> [String] {
    switch answer {
    case .notCalculated(let user): return [title(heading), dim(DashboardText.notCalculated(user))]
    case .ready(let list):
      var head = "\(heading), \(DashboardText.rangeName(list.range))"
      if let total = list.totalCount { head += " (\(total) in all)" }
      guard !list.entries.isEmpty else { return [title(head), dim("nothing listened in this range")] }
      let rows = list.entries.map { entry -> BarRow in
        var label = entry.name
        if list.entity != .artists, let artist = entry.artistName { label = "\(artist) – \(entry.name)" }
        return BarRow(TerminalText.safe(label), entry.listenCount)
      }
      return [title(head)] + BarChart.render(rows, width: width, style: style)
    }
  }

  func activity(_ answer: StatsAnswer<ListeningActivity>, height: Int = 8) -> [String] {
    switch answer {
    case .notCalculated(let user): return [title("Listening activity"), dim(DashboardText.notCalculated(user))]
    case .ready(let activity):
      // The server sends the period before the range too; only the range itself is drawn and counted,
      // the earlier period's total follows for comparison, as the website shows it.
      let head = "Listening activity, \(DashboardText.rangeName(activity.range))"
      var current = activity.current
      if activity.range == "all_time" { current = Array(current.drop { $0.listenCount == 0 }) }
      let before = activity.previousListenCount.map {
        dim("\(DashboardText.previousRangeName(activity.range)): \(DashboardText.count($0, "listen"))")
      }
      guard !current.isEmpty else { return [title(head), dim("no listens in this range")] + (before.map { [$0] } ?? []) }
      return [title(head + " (\(DashboardText.count(activity.listenCount, "listen")))")]
        + ColumnChart.render(
          values: current.map(\.listenCount), labels: current.map { TerminalText.safe($0.label) },
          height: height, width: width, style: style) + (before.map { [$0] } ?? [])
    }
  }

  func daily(_ answer: StatsAnswer<DailyActivity>) -> [String] {
    switch answer {
    case .notCalculated(let user): return [title("Daily activity"), dim(DashboardText.notCalculated(user))]
    case .ready(let utc):
      // Local time, as the website shows it, and the zone said.
      let zone = TimeZone.current
      let offset = zone.secondsFromGMT()
      let daily = utc.inZone(secondsFromUTC: offset)
      let head =
        "Daily activity, \(DashboardText.rangeName(daily.range)) (hours in \(DashboardText.zoneName(zone, offset: offset)))"
      return [title(head)]
        + Heatmap.render(
          counts: daily.counts, rowLabels: DailyActivity.days.map { String($0.prefix(3)) }, width: width, style: style)
    }
  }

  func countries(_ answer: StatsAnswer<ArtistMap>, count: Int) -> [String] {
    switch answer {
    case .notCalculated(let user): return [title("Artist origins"), dim(DashboardText.notCalculated(user))]
    case .ready(let map):
      let head = "Artist origins, \(DashboardText.rangeName(map.range)) (listens)"
      guard !map.countries.isEmpty else { return [title(head), dim("no artists with a known country")] }
      let rows = map.countries.prefix(count).map { BarRow(CountryNames.name(of: $0.country), $0.listenCount) }
      return [title(head)] + BarChart.render(Array(rows), width: width, style: style)
    }
  }

  func follows(_ list: FollowList) -> [String] {
    let head =
      list.direction == .followers
      ? "\(list.user) has \(DashboardText.count(list.names.count, "follower"))"
      : "\(list.user) follows \(DashboardText.count(list.names.count, "user"))"
    return [title(head)] + list.names.map(line)
  }

  func feedback(_ page: FeedbackPage) -> [String] {
    var lines = [title("\(page.user): \(page.totalCount) \(page.score.word) recording\(page.totalCount == 1 ? "" : "s")")]
    for item in page.items {
      let what = item.track.map { DashboardText.track($0) } ?? ("recording " + (item.recordingMbid ?? item.recordingMsid ?? "?"))
      lines.append(line(DashboardText.dateTime(epoch: item.created) + "  " + what))
    }
    return lines
  }

  func pins(_ list: PinList, now: Int) -> [String] {
    var lines = [title("\(list.user): \(DashboardText.count(list.totalCount, "pin"))")]
    for pin in list.pins {
      let what = pin.track.map { DashboardText.track($0) } ?? ("recording " + (pin.recordingMbid ?? pin.recordingMsid ?? "?"))
      let active = (pin.pinnedUntil ?? 0) > now ? "● " : "  "
      // The row id names the pin to `tunes lb unpin ROW_ID` (deleting it from the history); first, so a
      // line cut to the terminal's width keeps it.
      var text = pin.rowId.map { "[\($0)] " } ?? ""
      text += DashboardText.dateTime(epoch: pin.created) + " " + active + what
      if let blurb = pin.blurb { text += " — “\(blurb)”" }
      lines.append(line(text))
    }
    return lines
  }

  func playlists(_ list: RemotePlaylistList) -> [String] {
    let kind: String
    switch list.kind {
    case .createdBy: kind = "by"
    case .createdFor: kind = "for"
    case .collaborator: kind = "with"
    }
    var lines = [title("Playlists \(kind) \(list.user) (\(list.totalCount))")]
    for playlist in list.playlists {
      let date = playlist.date.map { String($0.prefix(10)) } ?? "          "
      lines.append(line("\(date)  \(playlist.mbid ?? "?")  \(playlist.title)"))
    }
    return lines
  }
}
