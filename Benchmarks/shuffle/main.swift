// Times the shuffle's arrangement alone (ShufflePass, ShuffleArranger) on the queues that once stalled the
// player: 64k songs of many artists, 64k with one artist over half of them, 20k songs of one artist, and
// 12,000 songs of one artist inserted one by one into a pass. Built by Benchmarks/shuffle.sh.
import Foundation

/// Best of `runs` wall times of `body`, in milliseconds.
func best(_ runs: Int, _ body: () -> Void) -> Double {
  var fastest = Double.infinity
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return fastest
}

let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 3
var rng = SeededRandom(seed: 1)
var names = ShuffleNames()
let many = (0..<65_536).map { names.key(id: $0 + 1, artist: "artist \(rng.below(2000))", album: "album \(rng.below(5))") }
let dominated = (0..<65_536).map { index -> ShuffleKey in
  rng.below(100) < 55
    ? names.key(id: index + 1, artist: "big", album: "album \(rng.below(300))")
    : names.key(id: index + 1, artist: "artist \(rng.below(2000))", album: "album \(rng.below(5))")
}
let solo = (0..<20_000).map { names.key(id: $0 + 1, artist: "Solo", album: "album \(rng.below(2000))") }
let base = ShufflePass(keys: Array(many.prefix(1000)), current: nil, rng: SeededRandom(seed: 3))
let added = (0..<12_000).map { names.key(id: 100_000 + $0, artist: "Same", album: "Same") }

func report(_ label: String, _ body: () -> Void) {
  print(label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%10.1f ms", best(runs, body)))
}
// Before the names were numbered a shuffle built every key (folding each name); now a song's names are
// numbered once, when it is queued, from names seen before: the same 64k keys, 2000 artists.
report("64k keys built (case folding)") {
  var fresh = ShuffleNames()
  _ = (0..<65_536).map { fresh.key(id: $0 + 1, artist: "Artist \($0 % 2000)", album: "Album \($0 % 5)") }
}
report("64k songs, 2000 artists") { _ = ShufflePass(keys: many, current: nil, rng: SeededRandom(seed: 2)) }
report("64k songs, one artist 55%") { _ = ShufflePass(keys: dominated, current: nil, rng: SeededRandom(seed: 2)) }
report("20k songs of one artist") { _ = ShufflePass(keys: solo, current: nil, rng: SeededRandom(seed: 2)) }
report("12,000 single inserts of one song") {
  var pass = base
  for key in added { pass.insert(key) }
}
