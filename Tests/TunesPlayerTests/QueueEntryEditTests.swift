// Edits of one or two queue entries as MPD counts them: a swap and a changed entry (its play range) are
// one queue version each, and only the entries they changed are at it (what `plchanges` lists).
import Testing

@testable import TunesLibrary
@testable import TunesPlayer

@Suite struct QueueEntryEditTests {
  @Test func aSwapIsOneVersionAndChangesOnlyTheTwoEntries() {
    var queue = Queue()
    let ids = queue.add((1...5).map { song($0) })
    let before = queue.version
    queue.swap(1, 3)
    #expect(queue.version == before + 1)
    #expect(queue.items.map(\.id) == [ids[0], ids[3], ids[2], ids[1], ids[4]])
    #expect(queue.changes(since: before).map(\.position) == [1, 3])
    queue.swap(2, 2)  // as in MPD: a swap with itself still moves the version on
    #expect(queue.version == before + 2)
    #expect(queue.changes(since: before + 1).map(\.position) == [2])
  }

  @Test func aTouchedEntryIsOneVersionAndAnUnknownIdNone() {
    var queue = Queue()
    let ids = queue.add((1...3).map { song($0) })
    let before = queue.version
    let touched = queue.touch(id: ids[2])
    #expect(touched)
    #expect(queue.changes(since: before).map(\.item.id) == [ids[2]])
    let unknown = queue.touch(id: 999)
    #expect(!unknown)
    #expect(queue.version == before + 1)
  }
}
