// The name a user most likely meant when a command, an option or a query field was mistyped, for an
// error's "did you mean": the known name the fewest edits away (a swapped pair of letters counts as
// one), when few enough for a slip of the fingers rather than a different word.
public enum NearestName {
  /// The closest of `names` to `typed`, or nil when none is close.
  public static func to(_ typed: String, among names: [String]) -> String? {
    // One edit in a short word, up to three in a long one: `plya` is play, `zz` is nothing.
    let allowed = min(3, max(1, typed.count / 3))
    let scored = names.map { (name: $0, distance: editDistance(typed, $0)) }.filter { $0.distance <= allowed }
    return scored.min { $0.distance < $1.distance }?.name
  }

  /// Insertions, deletions, substitutions and swaps of neighbours turning `a` into `b` (optimal string
  /// alignment distance).
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 1) }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
