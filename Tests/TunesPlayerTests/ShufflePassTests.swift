// Shuffle rules: examples, then thousands of seeded random sequences of advance, new pass, add, remove,
// jump and previous, checking the rules after every step.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

@Suite struct ShufflePassTests {
  @Test func aPassPlaysEverySongExactlyOnce() {
    var pass = ShufflePass(keys: keys(["a", "b", "c", "d", "e"]), current: nil, rng: SeededRandom(seed: 1))
    var played: [Int] = []
    while let id = pass.advance() { played.append(id) }
    #expect(played.sorted() == [1, 2, 3, 4, 5])
  }

  @Test func sameSeedSamePassDifferentSeedDifferentPass() {
    let k = keys((0..<20).map { "artist \($0)" })
    let a = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: 99)).orderIDs
    let b = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: 99)).orderIDs
    let c = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: 100)).orderIDs
    #expect(a == b)
    #expect(a != c)
  }

  @Test func switchingShuffleOnKeepsTheCurrentSongFirst() {
    let pass = ShufflePass(keys: keys(["a", "b", "c", "d"]), current: 3, rng: SeededRandom(seed: 5))
    #expect(pass.orderIDs.first == 3)
    #expect(pass.cursor == 0)
    #expect(pass.history == [3])
  }

  @Test func twoSongsAlternateAcrossPasses() {
    var pass = ShufflePass(keys: keys(["a", "a"]), current: nil, rng: SeededRandom(seed: 3))
    var played: [Int] = []
    for _ in 0..<10 {
      if let id = pass.advance() { played.append(id) } else if let id = pass.beginNewPass() { played.append(id) }
    }
    for index in 1..<played.count { #expect(played[index] != played[index - 1]) }
  }

  @Test func sameArtistSpreadWhenTheQueueAllows() {
    // 4 of a, 3 of b, 2 of c: an arrangement with no neighbours of one artist exists.
    let k = keys(["a", "a", "a", "a", "b", "b", "b", "c", "c"])
    for seed in 0..<200 {
      let order = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: UInt64(seed))).order
      for index in 1..<order.count { #expect(order[index].artist != order[index - 1].artist, "seed \(seed)") }
    }
  }

  @Test func whenOneArtistDominatesTheOthersSeparateIt() {
    // 5 of a and 2 others: a must sit next to itself, but never more often than needed (5 − 3 = 2 pairs).
    let k = keys(["a", "a", "a", "a", "a", "b", "c"])
    for seed in 0..<100 {
      let order = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: UInt64(seed))).order
      let pairs = (1..<order.count).filter { order[$0].artist == order[$0 - 1].artist }.count
      #expect(pairs == 2, "seed \(seed)")
    }
  }

  @Test func sameAlbumOfDifferentArtistsIsSpreadToo() {
    // A compilation: one album, different artists, plus other albums.
    let artists = ["x", "y", "z", "w", "v", "u"]
    let albums = ["Hits", "Hits", "Hits", "Solo", "Live", "Demo"]
    for seed in 0..<200 {
      let order = ShufflePass(keys: keys(artists, albums: albums), current: nil, rng: SeededRandom(seed: UInt64(seed))).order
      for index in 1..<order.count { #expect(order[index].album != order[index - 1].album, "seed \(seed)") }
    }
  }

  @Test func previousWalksBackThroughWhatPlayedAndForwardAgain() {
    var pass = ShufflePass(keys: keys(["a", "b", "c", "d"]), current: nil, rng: SeededRandom(seed: 11))
    let first = pass.advance()!
    let second = pass.advance()!
    pass.jump(to: pass.unplayed.last!.id)
    let third = pass.history.last!
    #expect(pass.back() == second)
    #expect(pass.back() == first)
    #expect(pass.back() == nil)
    #expect(pass.forward() == second)
    #expect(pass.forward() == third)
    #expect(pass.forward() == nil)
  }

  @Test func jumpingToAnUnplayedSongTakesItOutOfTheRestOfThePass() {
    var pass = ShufflePass(keys: keys(["a", "b", "c", "d", "e"]), current: nil, rng: SeededRandom(seed: 2))
    _ = pass.advance()
    let target = pass.unplayed.last!.id
    pass.jump(to: target)
    var rest: [Int] = []
    while let id = pass.advance() { rest.append(id) }
    #expect(!rest.contains(target))
    #expect(rest.count == 3)
  }

  @Test func restoringContinuesThePassInsteadOfReshuffling() {
    let k = keys((0..<12).map { "artist \($0 % 5)" })
    var pass = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: 8))
    for _ in 0..<4 { _ = pass.advance() }
    var restored = ShufflePass(
      restoring: pass.orderIDs, keys: k, cursor: pass.cursor, number: pass.number, history: pass.history,
      historyIndex: pass.historyIndex, rng: pass.rng)
    #expect(restored == pass)
    var a: [Int] = []
    var b: [Int] = []
    while let id = pass.advance() { a.append(id) }
    while let id = restored.advance() { b.append(id) }
    #expect(a == b)
    #expect(pass.beginNewPass() == restored.beginNewPass())
  }

  // MARK: Property test

  /// A model of the rules, checked after every random step.
  @Test(arguments: 0..<8) func randomSequencesKeepEveryRule(block: Int) {
    var rng = SeededRandom(seed: UInt64(1000 + block))
    // #expect in a hot loop is slow in debug builds: record only failures.
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { Issue.record(Comment(rawValue: message())) }
    }
    for _ in 0..<250 {
      var nextID = 1
      let artistPool = 1 + rng.below(6)
      func makeKey() -> ShuffleKey {
        defer { nextID += 1 }
        let artist = "artist \(rng.below(artistPool))"
        return ShuffleKey(id: nextID, artist: artist, album: artist + " album \(rng.below(2))")
      }
      var queue = (0..<(1 + rng.below(12))).map { _ in makeKey() }
      var pass = ShufflePass(keys: queue, current: nil, rng: SeededRandom(seed: rng.next()))
      var reachedThisPass = Set<Int>()
      var lastOfPreviousPass: Int?
      var actuallyPlayed: [Int] = []
      for _ in 0..<40 {
        switch rng.below(10) {
        case 0..<5:  // next
          if let id = pass.advance() {
            check(!reachedThisPass.contains(id), "a song came twice in one pass")
            reachedThisPass.insert(id)
            actuallyPlayed.append(id)
          } else if !queue.isEmpty {
            // The pass is over: every song still queued was reached exactly once.
            check(Set(queue.map(\.id)).isSubset(of: reachedThisPass), "a pass ended without every song")
            lastOfPreviousPass = pass.order.last?.id
            let first = pass.beginNewPass()
            if queue.count >= 2 { check(first != lastOfPreviousPass, "new pass began with the song just played") }
            reachedThisPass = first.map { [$0] } ?? []
            if let first { actuallyPlayed.append(first) }
          }
        case 5, 6:  // add mid-pass: it lands in the unplayed part
          let key = makeKey()
          queue.append(key)
          pass.insert(key)
          let index = pass.order.firstIndex(of: key)!
          check(index > pass.cursor, "added song landed in the played part")
        case 7:  // remove
          guard !queue.isEmpty else { continue }
          let gone = queue.remove(at: rng.below(queue.count))
          pass.remove(id: gone.id)
          check(!pass.orderIDs.contains(gone.id), "removed song still in the pass")
          check(!pass.history.contains(gone.id), "removed song still in the history")
          actuallyPlayed.removeAll { $0 == gone.id }
        case 8:  // previous, then forward again: only songs that actually played, newest first
          var back: [Int] = []
          while let id = pass.back() { back.append(id) }
          let expected = Array(actuallyPlayed.reversed().dropFirst().prefix(back.count))
          check(back == expected, "previous went \(back), played \(expected)")
          var steps = 0
          while pass.forward() != nil { steps += 1 }
          check(steps == back.count, "forward did not return")
        default:  // the user picks a song
          guard !queue.isEmpty else { continue }
          let id = queue[rng.below(queue.count)].id
          let wasReached = reachedThisPass.contains(id)
          pass.jump(to: id)
          reachedThisPass.insert(id)
          actuallyPlayed.append(id)
          if !wasReached { check(pass.orderIDs.firstIndex(of: id) == pass.cursor, "jumped song not at the cursor") }
        }
        // The order is always a permutation of the queue.
        check(pass.orderIDs.sorted() == queue.map(\.id).sorted(), "order is not a permutation of the queue")
        check(pass.cursor >= -1 && pass.cursor < max(pass.order.count, 1), "cursor out of range")
        let limited = Array(actuallyPlayed.suffix(ShufflePass.historyLimit))
        check(pass.history == limited, "history differs from what played")
      }
    }
  }

  @Test(arguments: 0..<4) func randomQueuesAreSpreadWheneverPossible(block: Int) {
    var rng = SeededRandom(seed: UInt64(77 + block))
    for _ in 0..<500 {
      let n = 2 + rng.below(20)
      let artistCount = 1 + rng.below(5)
      let k = (0..<n).map { ShuffleKey(id: $0 + 1, artist: "a\(rng.below(artistCount))", album: "") }
      let largest = Dictionary(grouping: k, by: \.artist).values.map(\.count).max()!
      let order = ShufflePass(keys: k, current: nil, rng: SeededRandom(seed: rng.next())).order
      let pairs = (1..<order.count).filter { order[$0].artist == order[$0 - 1].artist }.count
      // The fewest neighbour pairs any arrangement can have: the biggest artist's surplus over the rest.
      let minimum = max(0, largest - (n - largest) - 1)
      if pairs != minimum { Issue.record("\(k.map(\.artist)) → \(order.map(\.artist))") }
    }
  }

  @Test func keysFoldCaseAndSpacesAndNeverMatchAnUnknownName() {
    var names = ShuffleNames()
    let a = names.key(id: 1, artist: "  The Band\t", album: " Stage Fright ")
    let b = names.key(id: 2, artist: "the band", album: "stage fright")
    #expect(a.artist == b.artist && a.album == b.album)
    #expect(names.key(id: 3, artist: "Café", album: "X").artist == names.key(id: 4, artist: "CAFÉ", album: "").artist)
    // Spaces inside a name stay; a line break is not a space here.
    #expect(names.key(id: 5, artist: "A  B", album: "").artist != names.key(id: 6, artist: "a b", album: "").artist)
    #expect(names.key(id: 7, artist: "\nA", album: "").artist != names.key(id: 8, artist: "a", album: "").artist)
    // One album name under two artists is two albums.
    #expect(names.key(id: 9, artist: "Other", album: "Stage Fright").album != a.album)
    // Unknown (empty or blank) names are never "the same" as each other.
    let u1 = names.key(id: 10, artist: " ", album: ""), u2 = names.key(id: 11, artist: "", album: "")
    #expect(u1.artist != u2.artist && u1.album != u2.album)
    #expect("\u{3000}x\u{00A0}".trimmingEnds(in: .whitespaces) == "x")  // ideographic and no-break spaces are spaces
  }
}
