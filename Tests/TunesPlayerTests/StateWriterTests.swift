// The background state writer: the newest snapshot wins, flush waits for the disk, a failing write is
// reported, and after stop the caller writes.
import Foundation
import Synchronization
import Testing

@testable import TunesLibrary
@testable import TunesPlayer

@Suite struct StateWriterTests {
  func snapshot(volume: Int, songs: Int = 3) -> PlayStateSnapshot {
    var queue = Queue()
    queue.add(
      (1...songs).map { n -> Song in
        var s = song(n); s.id = nil; return s
      })
    return PlayStateSnapshot(queue: queue, volume: volume, version: volume)
  }

  @Test func aBurstOfChangesEndsWithTheNewestOnDisk() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = StateWriter(store: PlayStateStore(library: library)) { _ in }
    for volume in 1...50 { writer.submit(snapshot(volume: volume, songs: 1 + volume % 4), at: Date()) }
    writer.flush()
    let saved = try #require(try PlayStateStore(library: library).load())
    #expect(saved == snapshot(volume: 50, songs: 1 + 50 % 4))
    writer.stop()
  }

  @Test func flushSkipsTheSettlingTime() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = StateWriter(store: PlayStateStore(library: library), settle: 60) { _ in }
    let start = ContinuousClock.now
    writer.submit(snapshot(volume: 7), at: Date())
    writer.flush()
    #expect(try PlayStateStore(library: library).load()?.volume == 7)
    // A minute to settle, yet written at once: flush did not wait it out.
    #expect(ContinuousClock.now - start < .seconds(20))
    writer.stop()
  }

  /// Polls the store until `volume` is saved or `limit` passes; true when it was.
  func saved(volume: Int, in library: Library, within limit: Duration) throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if try PlayStateStore(library: library).load()?.volume == volume { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  @Test func aSnapshotThatNeedNotSettleIsWrittenWithoutWaiting() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = StateWriter(store: PlayStateStore(library: library), settle: 60) { _ in }
    writer.submit(snapshot(volume: 9), at: Date(), settles: false)
    // A minute to settle, yet on disk without a flush.
    #expect(try saved(volume: 9, in: library, within: .seconds(20)))
    writer.stop()
  }

  @Test func aChangeStillSettlingKeepsItsTimeWhenAPositionFollows() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = StateWriter(store: PlayStateStore(library: library), settle: 60) { _ in }
    writer.submit(snapshot(volume: 4), at: Date())
    writer.submit(snapshot(volume: 5), at: Date(), settles: false)
    #expect(try !saved(volume: 5, in: library, within: .milliseconds(500)))
    writer.flush()
    #expect(try PlayStateStore(library: library).load()?.volume == 5)
    writer.stop()
  }

  @Test func aFailedWriteIsReportedAndTheNextIsStillTried() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let failures = Mutex<[PlayerError]>([])
    let writer = StateWriter(store: PlayStateStore(library: library)) { error in failures.withLock { $0.append(error) } }
    try library.pool.write { db in try db.execute(sql: "ALTER TABLE queueItem RENAME TO queueItemAway") }
    writer.submit(snapshot(volume: 1), at: Date())
    writer.flush()
    #expect(failures.withLock { $0.count } == 1)
    try library.pool.write { db in try db.execute(sql: "ALTER TABLE queueItemAway RENAME TO queueItem") }
    writer.submit(snapshot(volume: 2), at: Date())
    writer.flush()
    #expect(try PlayStateStore(library: library).load()?.volume == 2)
    #expect(failures.withLock { $0.count } == 1)
    writer.stop()
  }

  @Test func afterStopTheCallerWrites() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = StateWriter(store: PlayStateStore(library: library)) { _ in }
    writer.submit(snapshot(volume: 3), at: Date())
    writer.stop()
    #expect(try PlayStateStore(library: library).load()?.volume == 3)
    writer.submit(snapshot(volume: 4), at: Date())
    // No flush: written before submit returned.
    #expect(try PlayStateStore(library: library).load()?.volume == 4)
  }
}
