// The player's own random number generator: xoshiro256** seeded through SplitMix64, with its own
// bounded-integer algorithm, so `--seed N` gives the same shuffle pass on every platform and Swift version.

/// A small, fast, reproducible generator. Its whole state is four words, persisted with the shuffle pass
/// so a restarted player continues the same random sequence.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable, Codable {
  public private(set) var state: [UInt64]

  /// Expands `seed` into the 256-bit state with SplitMix64 (the seeding its authors recommend).
  public init(seed: UInt64) {
    var x = seed
    var words: [UInt64] = []
    for _ in 0..<4 {
      x &+= 0x9E37_79B9_7F4A_7C15
      var z = x
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      words.append(z ^ (z >> 31))
    }
    state = words
  }

  /// Restores a generator from a persisted state; nil if the state is not four words or all zero.
  public init?(state: [UInt64]) {
    guard state.count == 4, state.contains(where: { $0 != 0 }) else { return nil }
    self.state = state
  }

  /// A seed from the system's entropy, for unseeded runs.
  public static func randomSeed() -> UInt64 { UInt64.random(in: .min ... .max) }

  public mutating func next() -> UInt64 {
    let result = rotl(state[1] &* 5, 7) &* 9
    let t = state[1] << 17
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = rotl(state[3], 45)
    return result
  }

  /// A uniform integer in 0..<bound by rejection (no modulo bias); written here, not taken from the
  /// standard library, so the sequence never depends on the library's algorithm.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    let n = UInt64(bound)
    let limit = UInt64.max - (UInt64.max % n)
    var x = next()
    while x >= limit { x = next() }
    return Int(x % n)
  }

  private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
