// Queue: positions, stable ids that survive moves, and per-entry versions for `plchanges`.
import Testing
import TunesLibrary
@testable import TunesPlayer

@Suite struct QueueTests {
  @Test func idsAreStableAcrossMovesAndNeverReused() {
    var queue = Queue()
    let ids = queue.add([song(1), song(2), song(3)])
    #expect(ids == [1, 2, 3])
    queue.move(from: 0, to: 2)
    #expect(queue.items.map(\.id) == [2, 3, 1])
    #expect(queue.items.map(\.song.path) == ["/music/2.mp3", "/music/3.mp3", "/music/1.mp3"])
    queue.remove(at: 2)
    let more = queue.add([song(4)])
    #expect(more == [4])
    #expect(queue.position(ofID: 4) == 2)
    #expect(queue.position(ofID: 1) == nil)
  }

  @Test func addAtAPositionShiftsTheRest() {
    var queue = Queue()
    queue.add([song(1), song(2)])
    let ids = queue.add([song(3), song(4)], at: 1)
    #expect(ids == [3, 4])
    #expect(queue.items.map(\.id) == [1, 3, 4, 2])
  }

  @Test func changesSinceAVersionListOnlyTouchedEntries() {
    var queue = Queue()
    queue.add([song(1), song(2), song(3), song(4)])
    let seen = queue.version
    queue.move(from: 1, to: 2)  // entries at positions 1 and 2 change
    let changed = queue.changes(since: seen)
    #expect(changed.map(\.position) == [1, 2])
    #expect(changed.map(\.item.id) == [3, 2])
    let afterMove = queue.version
    queue.remove(at: 0)  // everything after shifts
    #expect(queue.changes(since: afterMove).map(\.item.id) == [3, 2, 4])
    #expect(queue.changes(since: queue.version).isEmpty)
  }

  @Test func everyEditBumpsTheVersion() {
    var queue = Queue()
    var last = queue.version
    queue.add([song(1), song(2)])
    #expect(queue.version > last); last = queue.version
    queue.move(from: 0, to: 1)
    #expect(queue.version > last); last = queue.version
    queue.reorder([1, 2])
    #expect(queue.version > last); last = queue.version
    queue.clear()
    #expect(queue.version > last)
    #expect(queue.isEmpty)
  }

  @Test func restoringKeepsIdsAndNeverReusesOne() {
    var queue = Queue()
    queue.add([song(1), song(2), song(3)])
    queue.remove(at: 2)
    var restored = Queue(items: queue.items, version: queue.version, nextID: 1)
    #expect(restored.add([song(9)]) == [3])
    #expect(restored.items.map(\.id) == [1, 2, 3])
  }
}
