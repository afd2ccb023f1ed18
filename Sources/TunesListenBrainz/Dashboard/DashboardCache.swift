// The dashboard response cache in the library database: every 200/204 answer to a GET is stored with
// its time; `--offline` replays the stored answer of the same request through the same decoding.
import Foundation
import GRDB
import TunesLibrary

public struct CachedAnswer: Sendable, Equatable {
  public var status: Int
  public var body: Data
  public var fetchedAt: Date
}

public struct DashboardCache: Sendable {
  public let library: Library

  public init(library: Library) { self.library = library }

  public func store(key: String, status: Int, body: Data, at date: Date) throws(DashboardError) {
    do {
      try library.pool.write { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO dashboardCache (requestKey, status, body, fetchedAt) VALUES (?, ?, ?, ?)",
          arguments: [key, status, body, date])
      }
    } catch {
      throw .database(reason: "\(error)")
    }
  }

  public func answer(for key: String) throws(DashboardError) -> CachedAnswer? {
    do {
      return try library.pool.read { db in
        try Row.fetchOne(db, sql: "SELECT status, body, fetchedAt FROM dashboardCache WHERE requestKey = ?", arguments: [key])
          .map { CachedAnswer(status: $0["status"], body: $0["body"], fetchedAt: $0["fetchedAt"]) }
      }
    } catch {
      throw .database(reason: "\(error)")
    }
  }
}

/// Records the fetch times of the answers a command used, so it can say how old an offline view is.
public final class FetchTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [Date] = []

  public init() {}

  func add(_ date: Date) {
    lock.lock()
    times.append(date)
    lock.unlock()
  }

  /// The oldest answer shown (nil when nothing came from the cache).
  public var oldest: Date? {
    lock.lock()
    defer { lock.unlock() }
    return times.min()
  }
}

/// A wire that stores GET answers (online) or replays them (offline). Writes pass through online and
/// are refused offline (acting commands queue instead).
public struct CachingWire: DashboardWire {
  public enum Mode: Sendable { case online, offline }

  public let inner: any DashboardWire
  public let cache: DashboardCache
  public let mode: Mode
  public let times: FetchTimes
  private let now: @Sendable () -> Date

  public init(inner: any DashboardWire, cache: DashboardCache, mode: Mode, now: @escaping @Sendable () -> Date = Date.init) {
    self.inner = inner
    self.cache = cache
    self.mode = mode
    self.now = now
    times = FetchTimes()
  }

  public var host: String { inner.host }

  public func send(_ method: String, _ path: String, query: [(String, String)], body: Data?) async -> WireReply {
    let key = WireKey.make(method, path, query)
    switch mode {
    case .offline:
      guard method == "GET", let cached = try? cache.answer(for: key) else {
        return .notCached
      }
      times.add(cached.fetchedAt)
      return .response(status: cached.status, body: cached.body)
    case .online:
      let reply = await inner.send(method, path, query: query, body: body)
      // A failed cache write must not hide the answer; the next run simply fetches again.
      if method == "GET", case .response(let status, let body) = reply, status == 200 || status == 204 {
        try? cache.store(key: key, status: status, body: body, at: now())
      }
      return reply
    }
  }
}
