// The next-song rule as a truth table: every row written by hand from the rules in NextSongRule.swift.
import Testing

@testable import TunesPlayer

@Suite struct NextSongRuleTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var cursor: Int?
    var length: Int
    var repeatMode: RepeatMode
    var single = false
    var consume = false
    var shuffle = false
    var advance: Advance = .songEnded
    var expected: NextSong.Action
    var consumes = false
    var testDescription: String {
      "cursor \(cursor.map(String.init) ?? "nil")/\(length) repeat \(repeatMode) single \(single) consume \(consume) shuffle \(shuffle) \(advance)"
    }
  }

  static let rows: [Row] = [
    // Empty queue and nothing reached.
    Row(cursor: nil, length: 0, repeatMode: .all, expected: .stop),
    Row(cursor: nil, length: 3, repeatMode: .off, expected: .play(0)),
    Row(cursor: -1, length: 3, repeatMode: .off, shuffle: true, expected: .play(0)),
    // Plain order.
    Row(cursor: 0, length: 3, repeatMode: .off, expected: .play(1)),
    Row(cursor: 2, length: 3, repeatMode: .off, expected: .stop),
    Row(cursor: 2, length: 3, repeatMode: .all, expected: .play(0)),
    Row(cursor: 2, length: 3, repeatMode: .all, shuffle: true, expected: .newPass),
    Row(cursor: 1, length: 3, repeatMode: .all, shuffle: true, expected: .play(2)),
    // Repeat one replays on song end, not on the user's next.
    Row(cursor: 1, length: 3, repeatMode: .one, expected: .replay),
    Row(cursor: 1, length: 3, repeatMode: .one, advance: .userNext, expected: .play(2)),
    Row(cursor: 2, length: 3, repeatMode: .one, advance: .userNext, expected: .play(0)),
    Row(cursor: 2, length: 3, repeatMode: .one, shuffle: true, advance: .userNext, expected: .newPass),
    Row(cursor: 0, length: 1, repeatMode: .one, expected: .replay),
    // Single: stop after the song, or loop it with repeat all; the user's next still moves on.
    Row(cursor: 0, length: 3, repeatMode: .off, single: true, expected: .stop),
    Row(cursor: 0, length: 3, repeatMode: .all, single: true, expected: .replay),
    Row(cursor: 0, length: 3, repeatMode: .off, single: true, advance: .userNext, expected: .play(1)),
    // Consume removes the current song; it cannot be replayed.
    Row(cursor: 0, length: 3, repeatMode: .off, consume: true, expected: .play(1), consumes: true),
    Row(cursor: 0, length: 3, repeatMode: .one, consume: true, expected: .play(1), consumes: true),
    Row(cursor: 0, length: 3, repeatMode: .all, single: true, consume: true, expected: .stop, consumes: true),
    Row(cursor: 2, length: 3, repeatMode: .all, consume: true, expected: .play(0), consumes: true),
    Row(cursor: 0, length: 1, repeatMode: .all, consume: true, expected: .stop, consumes: true),
    Row(cursor: 2, length: 3, repeatMode: .off, consume: true, expected: .stop, consumes: true),
    Row(cursor: 0, length: 2, repeatMode: .off, consume: true, advance: .userNext, expected: .play(1), consumes: true),
    // A cursor beyond the order (the song was removed) starts over.
    Row(cursor: 5, length: 3, repeatMode: .off, expected: .play(0)),
  ]

  @Test(arguments: rows) func truthTable(_ row: Row) {
    let next = nextSong(
      cursor: row.cursor, length: row.length, repeat: row.repeatMode, single: row.single, consume: row.consume,
      shuffle: row.shuffle, advance: row.advance)
    #expect(next.action == row.expected)
    #expect(next.consumeCurrent == row.consumes)
  }

  @Test func previousRestartsAfterThreeSeconds() {
    #expect(previousSong(position: 2, length: 3, elapsedMs: 3001, repeat: .off, shuffle: false, hasHistory: true) == .restart)
    #expect(previousSong(position: 2, length: 3, elapsedMs: 3000, repeat: .off, shuffle: false, hasHistory: true) == .play(1))
  }

  @Test func previousAtTheStartWrapsOnlyWithRepeatAll() {
    #expect(previousSong(position: 0, length: 3, elapsedMs: 0, repeat: .off, shuffle: false, hasHistory: false) == .restart)
    #expect(previousSong(position: 0, length: 3, elapsedMs: 0, repeat: .all, shuffle: false, hasHistory: false) == .play(2))
  }

  @Test func previousWhenShufflingUsesTheHistory() {
    #expect(previousSong(position: 0, length: 3, elapsedMs: 0, repeat: .off, shuffle: true, hasHistory: true) == .history)
    #expect(previousSong(position: 0, length: 3, elapsedMs: 0, repeat: .all, shuffle: true, hasHistory: false) == .restart)
    #expect(previousSong(position: nil, length: 0, elapsedMs: 0, repeat: .all, shuffle: false, hasHistory: false) == .restart)
  }
}
