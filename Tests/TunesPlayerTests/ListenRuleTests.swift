// The listen rule as timelines of heard intervals: pause, seek forward, seek back, unknown duration.
import Foundation
import Testing

@testable import TunesPlayer

@Suite struct ListenRuleTests {
  let start = Date(timeIntervalSince1970: 1_700_000_000)

  @Test(arguments: [
    (Optional(200_000), 100_000), (Optional(600_000), 240_000), (Optional(480_000), 240_000),
    (Optional(0), 240_000), (nil, 240_000), (Optional(1_000), 500),
  ])
  func threshold(durationMs: Int?, expected: Int) {
    #expect(ListenRule.thresholdMs(durationMs: durationMs) == expected)
  }

  struct Timeline: Sendable, CustomTestStringConvertible {
    var name: String
    var durationMs: Int?
    var intervals: [(Int, Int)]
    /// Index of the interval whose feed must fire; nil when no listen.
    var firesAt: Int?
    var playedMs: Int?
    var testDescription: String { name }
  }

  static let timelines: [Timeline] = [
    Timeline(
      name: "played straight through", durationMs: 200_000,
      intervals: [(0, 50_000), (50_000, 99_999), (99_999, 100_000), (100_000, 200_000)], firesAt: 2, playedMs: 100_000),
    Timeline(
      name: "pause in the middle changes nothing (no interval while paused)", durationMs: 200_000,
      intervals: [(0, 60_000), (60_000, 60_000), (60_000, 100_000)], firesAt: 2, playedMs: 100_000),
    Timeline(
      name: "seek forward does not count the skipped part", durationMs: 200_000,
      intervals: [(0, 30_000), (150_000, 200_000)], firesAt: nil),
    Timeline(
      name: "seek back does not count twice", durationMs: 200_000,
      intervals: [(0, 60_000), (0, 60_000), (20_000, 90_000), (90_000, 99_000)], firesAt: nil),
    Timeline(
      name: "seek back then new ground reaches it", durationMs: 200_000,
      intervals: [(0, 60_000), (10_000, 60_000), (60_000, 100_000)], firesAt: 2, playedMs: 100_000),
    Timeline(
      name: "long song caps at four minutes", durationMs: 3_600_000,
      intervals: [(0, 239_000), (239_000, 240_500)], firesAt: 1, playedMs: 240_500),
    Timeline(
      name: "unknown duration needs four minutes", durationMs: nil,
      intervals: [(0, 120_000), (120_000, 239_999), (239_999, 240_000)], firesAt: 2, playedMs: 240_000),
    Timeline(
      name: "disjoint stretches add up", durationMs: 200_000,
      intervals: [(0, 40_000), (100_000, 140_000), (160_000, 180_000)], firesAt: 2, playedMs: 100_000),
    Timeline(
      name: "backwards interval counts nothing", durationMs: 200_000,
      intervals: [(150_000, 0), (0, 10_000)], firesAt: nil),
  ]

  @Test(arguments: timelines) func timeline(_ t: Timeline) {
    var rule = ListenRule(durationMs: t.durationMs, startedAt: start)
    var fired: [Int] = []
    for (index, (from, to)) in t.intervals.enumerated() {
      if let listen = rule.heard(from: from, to: to) {
        fired.append(index)
        #expect(listen.listenedAt == start)
        #expect(listen.playedMs == t.playedMs)
      }
    }
    #expect(fired == (t.firesAt.map { [$0] } ?? []))
  }

  @Test func firesExactlyOncePerPlay() {
    var rule = ListenRule(durationMs: 10_000, startedAt: start)
    var count = 0
    for second in 0..<10 where rule.heard(from: second * 1000, to: (second + 1) * 1000) != nil { count += 1 }
    _ = rule.heard(from: 0, to: 10_000)
    #expect(count == 1)
    #expect(rule.fired)
  }

  @Test func eachReplayIsItsOwnListenStampedWithItsOwnStart() {
    // Repeat one: the player starts a new rule per play.
    var listens: [Listen] = []
    for play in 0..<3 {
      let startedAt = start.addingTimeInterval(Double(play) * 10)
      var rule = ListenRule(durationMs: 10_000, startedAt: startedAt)
      if let listen = rule.heard(from: 0, to: 10_000) { listens.append(listen) }
    }
    #expect(listens.map(\.listenedAt) == [start, start.addingTimeInterval(10), start.addingTimeInterval(20)])
  }

  @Test func aRestoredPlayNeverBecomesAListen() {
    var rule = ListenRule(durationMs: 10_000, startedAt: start, countable: false)
    #expect(rule.heard(from: 0, to: 10_000) == nil)
    #expect(rule.heardMs == 10_000)
  }
}
