// Listens and play ends that could not be written (SQLite said the disk is full, or the database was
// locked too long), kept in memory in the order they happened and written, in that order, when a later
// try succeeds. A write that failed changed nothing (each is one transaction), so writing it again never
// counts a play twice; one that succeeded leaves the list at once.
struct UnrecordedPlays {
  private struct Record {
    let what: String
    let write: @Sendable () throws -> Void
    /// Its failure was told once; later failures of the same record are not told again.
    var told = false
  }

  private var records: [Record] = []

  var isEmpty: Bool { records.isEmpty }
  var count: Int { records.count }

  mutating func append(_ what: String, _ write: @escaping @Sendable () throws -> Void) {
    records.append(Record(what: what, write: write))
  }

  /// Writes the records oldest first until one fails. Returns what is left that was not told of before
  /// (each told once, with the error that kept the first of them), and marks it told.
  mutating func writeInOrder() -> [(what: String, error: any Error)] {
    while let first = records.first {
      do {
        try first.write()
        records.removeFirst()
      } catch {
        var untold: [(what: String, error: any Error)] = []
        for index in records.indices where !records[index].told {
          records[index].told = true
          untold.append((records[index].what, error))
        }
        return untold
      }
    }
    return []
  }
}
