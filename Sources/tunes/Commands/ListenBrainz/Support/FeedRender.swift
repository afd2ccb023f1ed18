// A ListenBrainz feed drawn for people: one line per event (a review adds its text, cut to one line),
// in the dashboards' style: the local date and time, a mark for the kind, who did what, and the
// event's KIND/ID for `tunes lb feed hide|unhide|delete|thank`. Everything from the server goes
// through TerminalText; notifications lose their HTML (a link keeps its address).
import Foundation
import TunesListenBrainz
import TunesTerminal

struct FeedRender {
  let render: DashboardRender

  func page(_ page: FeedPage) -> [String] { pageWithEvents(page).lines }

  /// The page's lines, and its events by the index of the line that shows each (its first), named as
  /// `tunes lb feed hide|unhide|delete|thank` takes them (the full-screen UI's feed acts on these).
  func pageWithEvents(_ page: FeedPage) -> (lines: [String], events: [Int: String]) {
    let head: String
    switch page.view {
    case .events: head = "Feed of \(page.user)"
    case .following: head = "Listens of the users \(page.user) follows"
    case .similar: head = "Listens of users with a taste like \(page.user)'s"
    }
    var lines = [render.title(head + " (\(DashboardText.count(page.events.count, "event")))")]
    if page.events.isEmpty { return (lines + [render.dim("nothing in this part of the feed")], [:]) }
    var events: [Int: String] = [:]
    for event in page.events {
      if let name = FeedEventReference.name(of: event) { events[lines.count] = name }
      lines += self.event(event)
    }
    if let older = page.olderThan { lines.append(render.dim("older: --max-ts \(older)")) }
    return (lines, events)
  }

  func event(_ e: FeedEvent) -> [String] {
    let date = DashboardText.dateTime(epoch: e.created)
    let track = e.track.map { DashboardText.track($0, release: true) } ?? "a recording"
    var text: String
    var more: String?
    switch e.kind {
    case .listen:
      text = "♫ \(e.user) listened to \(track)"
      if let similarity = e.similarity { text += String(format: " (similarity %.2f)", similarity) }
    case .follow:
      text = "→ \(e.follower ?? e.user) now follows \(e.followed ?? "?")"
    case .recommendation:
      text = "★ \(e.user) recommends \(track)"
    case .personalRecommendation:
      text = "✉ \(e.user) recommends \(track) to \((e.users ?? []).joined(separator: ", "))"
      if let blurb = e.blurb { text += ": “\(blurb)”" }
    case .pin:
      text = "● \(e.user) pinned \(track)"
      if let blurb = e.blurb { text += ": “\(blurb)”" }
    case .review:
      let r = e.review
      text = "✎ \(e.user) reviewed \(r?.entityName ?? "?")"
      if let type = r?.entityType { text += " (\(type.replacingOccurrences(of: "_", with: " ")))" }
      if let rating = r?.rating, (1...5).contains(rating) {
        text += " " + String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating)
      }
      more = r?.text
    case .notification:
      text = "! " + Self.plain(e.message ?? "")
    case .thanks:
      text = "♥ \(e.thanker ?? e.user) thanked \(e.thankee ?? "?")"
      if let type = e.originalType, let id = e.originalId {
        text +=
          " for "
          + (FeedEventReference(kind: FeedEvent.Kind(rawValue: type) ?? .other, id: id).description)
      }
      if let blurb = e.blurb { text += ": “\(blurb)”" }
    case .other:
      text = "? \(e.user): \(e.type)"
    }
    if let name = FeedEventReference.name(of: e) { text += "  [\(name)]" }
    var line = render.line(date + "  " + text)
    if e.hidden { line += render.dim(" (hidden)") }
    var lines = [line]
    if let more {
      lines.append(render.line("                    " + more.split(whereSeparator: \.isNewline).joined(separator: " ")))
    }
    return lines
  }

  /// A notification's HTML as text: `<a href="U">T</a>` becomes "T (U)", other tags go, entities are read.
  static func plain(_ html: String) -> String {
    var text = html
    if let link = try? NSRegularExpression(
      pattern: #"<a\s[^>]*href\s*=\s*["']([^"']*)["'][^>]*>(.*?)</a>"#, options: [.caseInsensitive])
    {
      text = link.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$2 ($1)")
    }
    if let tag = try? NSRegularExpression(pattern: "<[^>]*>") {
      text = tag.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
  }
}
