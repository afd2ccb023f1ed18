// The background state writer: the newest snapshot wins, flush waits for the disk, a failing write is
// reported, and after stop the caller writes.
import Foundation
import GRDB
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

  /// Another process's write transaction on the library (a sqlite3 shell, a `tunes index` batch) held past
  /// SQLite's busy timeout: the save is refused, reported once as such, and made once the lock is gone.
  @Test func aSaveRefusedByAnotherWritersLockIsMadeOnceItEnds() throws {
    let (library, folder) = try temporaryLibrary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let failures = Mutex<[String]>([])
    let writer = StateWriter(store: PlayStateStore(library: library), retryInterval: 0.2) { error in
      failures.withLock { $0.append("\(error)") }
    }
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let holder = try DatabaseQueue(path: library.path, configuration: configuration)
    try holder.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    writer.submit(snapshot(volume: 7), at: Date())
    // The save waits out the busy timeout (10 s) and is refused.
    let refusedBy = Date(timeIntervalSinceNow: 120)
    while failures.withLock({ $0.isEmpty }) && Date() < refusedBy { Thread.sleep(forTimeInterval: 0.1) }
    #expect(failures.withLock { $0.count } == 1)
    #expect(failures.withLock { $0.first?.contains("being written by another process") ?? false })
    #expect(try PlayStateStore(library: library).load() == nil)
    try holder.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    let savedBy = Date(timeIntervalSinceNow: 60)
    while try PlayStateStore(library: library).load() == nil && Date() < savedBy { Thread.sleep(forTimeInterval: 0.1) }
    #expect(try PlayStateStore(library: library).load()?.volume == 7)
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
