// Queue: positions, stable ids that survive moves, and per-entry versions for `plchanges`.
import Testing
import TunesLibrary

@testable import TunesPlayer

@Suite struct QueueTests {
  /// The shuffle's keys are numbered as songs join the queue (a shuffle reads no song): names equal but
  /// for case and blanks share a number across separate adds, and a replaced song is numbered anew.
  @Test func shuffleKeysNumberNamesAcrossAddsAndFollowAReplacedSong() {
    var queue = Queue()
    queue.add([song(1, artist: "The Band", album: "Stage Fright"), song(2, artist: "Other")])
    queue.add([song(3, artist: " the band ", album: "STAGE FRIGHT"), song(4, artist: "", album: "")])
    let keys = queue.shuffleKeys()
    #expect(keys.map(\.id) == queue.items.map(\.id))
    #expect(keys[0].artist == keys[2].artist && keys[0].album == keys[2].album)
    #expect(keys[1].artist != keys[0].artist && keys[3].artist != keys[1].artist)
    queue.replaceSong(id: keys[1].id, with: song(5, artist: "THE BAND", album: "stage fright"))
    let after = queue.shuffleKeys()
    #expect(after[1].artist == after[0].artist && after[1].album == after[0].album)
    let restored = Queue(items: queue.items, version: queue.version, nextID: queue.nextID).shuffleKeys()
    #expect(restored[1].album == restored[2].album && restored[3].artist != restored[2].artist)
  }

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
    queue.reorder(positions: [1, 0])
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

/// The packed queue against a plain list of entries, over random edits (removals compact the pack).
@Suite struct PackedQueueTests {
  @Test(arguments: [1 as UInt64, 2, 3])
  func randomEditsAgreeWithAPlainList(seed: UInt64) {
    var rng = SplitMix(state: seed)
    var queue = Queue()
    var model: [QueueItem] = []
    var nextSong = 0
    func songs(_ count: Int) -> [Song] {
      (0..<count).map { _ in
        nextSong += 1
        // Long names, so that removed entries soon pass the compaction threshold.
        return song(
          nextSong, artist: "Artist \(nextSong % 7) " + String(repeating: "x", count: 200), album: "Album \(nextSong % 5)")
      }
    }
    for _ in 0..<1_500 {
      switch rng.next() % 6 {
      case 0, 1:
        let added = songs(1 + Int(rng.next() % 20))
        let position = model.isEmpty || rng.next() % 2 == 0 ? nil : Int(rng.next() % UInt64(model.count + 1))
        let batch = rng.next() % 2 == 0
        let ids = batch ? queue.add(SongBatch(added), at: position) : queue.add(added, at: position)
        let new = zip(ids, added).map { QueueItem(id: $0, song: $1, version: queue.version) }
        model.insert(contentsOf: new, at: position ?? model.count)
      case 2, 3:
        guard !model.isEmpty else { continue }
        let position = Int(rng.next() % UInt64(model.count))
        #expect(queue.remove(at: position).id == model.remove(at: position).id)
      case 4:
        guard model.count > 1 else { continue }
        let from = Int(rng.next() % UInt64(model.count)), to = Int(rng.next() % UInt64(model.count))
        queue.move(from: from, to: to)
        model.insert(model.remove(at: from), at: to)
      default:
        if rng.next() % 10 == 0 {
          queue.clear()
          model.removeAll()
        }
      }
      #expect(queue.count == model.count)
    }
    #expect(queue.items.map(\.id) == model.map(\.id))
    #expect(queue.items.map(\.song) == model.map(\.song))
    #expect(queue.shuffleKeys().map(\.id) == model.map(\.id))
    if let last = model.last { #expect(queue.item(id: last.id)?.song == last.song) }
  }
}

/// Several edits made one, as one MPD command is: the version moves on by one and every entry changed
/// since carries it, so `plchanges` from the old version still lists them.
@Test func collapsedEditsAreOneVersion() {
  var queue = Queue()
  _ = queue.add((1...5).map { song($0) })
  let before = queue.version
  queue.remove(at: 1)
  queue.remove(at: 1)
  #expect(queue.version == before + 2)
  queue.collapseVersions(since: before)
  #expect(queue.version == before + 1)
  #expect(queue.items.map(\.version) == [before, before + 1, before + 1])
}
