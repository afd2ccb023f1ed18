// The ListenBrainz view's model: its sections and ranges, "loading…" and errors, answers to reads left
// behind being dropped; the worker that answers on the UI's thread; and the keys that reach it.
import Foundation
import Testing

@testable import TunesUI

@Suite struct ListenBrainzPaneTests {
  @Test func tabGoesThroughTheSectionsAndBack() {
    var pane = ListenBrainzPane()
    #expect(pane.section == .status)
    #expect(pane.heading == "ListenBrainz: [Status] Top artists Top releases Top recordings Activity Feed")
    pane.switchSection(by: 1)
    #expect(pane.section == .artists)
    #expect(pane.heading == "ListenBrainz: Status [Top artists] Top releases Top recordings Activity Feed · all time")
    pane.switchSection(by: 3)
    #expect(pane.section == .activity)
    #expect(pane.heading == "ListenBrainz: Status Top artists Top releases Top recordings [Activity] Feed · all time")
    pane.switchSection(by: -5)
    #expect(pane.section == .feed)
    pane.switchSection(by: 1)
    #expect(pane.section == .status)
  }

  @Test func theRangeTurnsOnlyOnATopListOrTheActivity() {
    var pane = ListenBrainzPane()
    let turned1 = pane.cycleRange(by: 1)
    #expect(!turned1)
    #expect(pane.range == "all_time")
    pane.switchSection(by: 3)
    #expect(pane.section == .recordings)
    let turned2 = pane.cycleRange(by: 1)
    #expect(turned2)
    #expect(pane.range == "this_week")
    let turned3 = pane.cycleRange(by: -1)
    #expect(turned3)
    let turned4 = pane.cycleRange(by: -1)
    #expect(turned4)
    #expect(pane.range == "year")
    pane.switchSection(by: 1)
    #expect(pane.section == .activity)
    let turned5 = pane.cycleRange(by: 1)
    #expect(turned5)
    #expect(pane.range == "all_time")
    let request = pane.request(width: 80)
    #expect(request.section == .activity && request.range == "all_time")
    #expect(pane.notice?.text == "loading activity, all time…")
    pane.switchSection(by: 1)
    let turned6 = pane.cycleRange(by: 1)
    #expect(!turned6)
    #expect(pane.range == "all_time")
  }

  /// Hide and thank act on the event of the feed's selected line: an event's further lines belong to it,
  /// and the heading above the first event to none.
  @Test func theSelectedFeedLineNamesItsEvent() {
    var pane = ListenBrainzPane()
    pane.switchSection(by: -1)
    let feed = pane.request(width: 80)
    let page = ListenBrainzPage(
      lines: ["sent the queued loved A – B", "Feed of alice (2 events)", "★ bob recommends", "✎ bob reviewed", "  text"],
      events: [2: "rec/1", 3: "review/2"])
    let taken = pane.receive(feed, page: .success(page))
    #expect(taken)
    #expect(pane.selectedEvent == nil)
    pane.cursor.select(2, count: 5, height: 10)
    #expect(pane.selectedEvent?.name == "rec/1")
    pane.cursor.select(4, count: 5, height: 10)
    #expect(pane.selectedEvent?.name == "review/2")
    #expect(pane.selectedEvent?.line == 3)
    // Elsewhere there are no events.
    pane.switchSection(by: 1)
    #expect(pane.events.isEmpty)
    #expect(pane.selectedEvent == nil)
  }

  /// The feed read again after a thank lists the new thanks first: the selection follows the event it was
  /// on, so the next hide acts on that event; an event no longer listed leaves the heading selected.
  @Test func theSelectionFollowsItsEventWhenTheFeedIsReadAgain() {
    var pane = ListenBrainzPane()
    pane.switchSection(by: -1)
    let first = pane.request(width: 80)
    pane.receive(
      first, page: .success(ListenBrainzPage(lines: ["Feed of alice (1 event)", "★ bob recommends"], events: [1: "rec/1"])))
    pane.cursor.select(1, count: 2, height: 10)
    #expect(pane.selectedEvent?.name == "rec/1")
    let again = pane.request(width: 80)
    let thanked = ListenBrainzPage(
      lines: ["Feed of alice (2 events)", "♥ alice thanked bob", "  for Vitamin C", "★ bob recommends"],
      events: [1: "thanks/2", 3: "rec/1"])
    pane.receive(again, page: .success(thanked))
    #expect(pane.selectedEvent?.name == "rec/1")
    #expect(pane.cursor.selected == 3)
    let gone = pane.request(width: 80)
    pane.receive(
      gone,
      page: .success(
        ListenBrainzPage(lines: ["hid it", "Feed of alice (1 event)", "♥ alice thanked bob"], events: [2: "thanks/2"])))
    #expect(pane.cursor.selected == 1)
    #expect(pane.selectedEvent == nil)
  }

  @Test func aReadShowsLoadingThenItsLinesOrItsError() {
    var pane = ListenBrainzPane()
    pane.switchSection(by: 1)
    let first = pane.request(width: 80)
    #expect(first.section == .artists && first.range == "all_time" && first.width == 80)
    #expect(pane.notice?.text == "loading top artists, all time…")
    #expect(pane.notice?.isError == false)
    let taken6 = pane.receive(first, .success(["Top artists of alice", "Can ███ 40"]))
    #expect(taken6)
    #expect(pane.notice == nil)
    #expect(pane.lines == ["Top artists of alice", "Can ███ 40"])

    let second = pane.request(width: 80)
    let taken7 = pane.receive(second, .failure(ListenBrainzFailure("cannot reach ListenBrainz")))
    #expect(taken7)
    #expect(pane.notice?.text == "cannot reach ListenBrainz")
    #expect(pane.notice?.isError == true)
    // The lines read before stay under the error.
    #expect(pane.lines == ["Top artists of alice", "Can ███ 40"])
  }

  @Test func anAnswerToAReadLeftBehindIsDropped() {
    var pane = ListenBrainzPane()
    pane.switchSection(by: 1)
    let artists = pane.request(width: 80)
    pane.switchSection(by: 4)
    #expect(pane.section == .feed)
    let feed = pane.request(width: 80)
    let taken8 = pane.receive(artists, .success(["Top artists of alice"]))
    #expect(!taken8)
    #expect(pane.lines.isEmpty)
    #expect(pane.notice?.text == "loading feed…")
    let taken9 = pane.receive(feed, .success(["Feed of alice (0 events)"]))
    #expect(taken9)
    #expect(pane.lines == ["Feed of alice (0 events)"])
  }

  @Test func rangesAreSaidAsPeopleSayThem() {
    #expect(ListenBrainzPane.name(ofRange: "this_month") == "this month")
    #expect(ListenBrainzPane.name(ofRange: "half_yearly") == "half year")
    #expect(ListenBrainzPane.ranges.count == 9)
  }

  /// Stands in for the UI: what the completions change.
  final class Board: @unchecked Sendable { var said: [String] = [] }

  @Test func workAnswersOnTheThreadThatDrainsAndWakesItsPipe() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    let work = BackgroundWork<Board>(wakeFD: fds[1])
    let gate = DispatchSemaphore(value: 0)
    work.run(
      .writes,
      { () -> String in
        gate.wait()
        return "loved"
      }
    ) { board, answer in board.said.append(answer) }
    // Nothing is ready while the job waits.
    #expect(work.drain().isEmpty)
    gate.signal()
    var byte: UInt8 = 0
    var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    try #require(poll(&poller, 1, 60_000) == 1)
    #expect(read(fds[0], &byte, 1) == 1)
    #expect(byte == BackgroundWork<Board>.wakeLetter)
    let board = Board()
    for completion in work.drain() { completion(board) }
    #expect(board.said == ["loved"])
    #expect(work.drain().isEmpty)
  }

  @Test func loveHatePinAndRangeHaveKeysInTheHelp() {
    let map = KeyMap()
    #expect(map[.character("f")] == .love)
    #expect(map[.character("H")] == .hate)
    #expect(map[.character("u")] == .unrate)
    #expect(map[.character("*")] == .pin)
    #expect(map[.character("t")] == .nextRange)
    #expect(map[.character("T")] == .previousRange)
    #expect(map[.character("X")] == .hideEvent)
    #expect(map[.character("Y")] == .thankEvent)
    #expect(UIAction(rawValue: "thank_event") == .thankEvent)
    #expect(UIAction(rawValue: "love") == .love)
    #expect(UIAction.pin.summary.contains("pin"))
  }
}
