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
  /// This area's tables in the library database.
  private var tables: AreaDatabase { library.database(for: .dashboard) }

  public func store(key: String, status: Int, body: Data, at date: Date) throws(DashboardError) {
    do {
      try tables.write { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO dashboardCache (requestKey, status, body, fetchedAt) VALUES (?, ?, ?, ?)",
          arguments: [key, status, body, DatabaseTimestamp.text(date)])
      }
    } catch {
      throw .database(reason: "\(error)")
    }
  }

  /// Stores many answers in one transaction (one disk sync for a whole dashboard, not one per request).
  public func store(_ answers: [(key: String, answer: CachedAnswer)]) throws(DashboardError) {
    guard !answers.isEmpty else { return }
    do {
      try tables.write { db in
        for (key, answer) in answers {
          try db.execute(
            sql: "INSERT OR REPLACE INTO dashboardCache (requestKey, status, body, fetchedAt) VALUES (?, ?, ?, ?)",
            arguments: [key, answer.status, answer.body, DatabaseTimestamp.text(answer.fetchedAt)])
        }
      }
    } catch {
      throw .database(reason: "\(error)")
    }
  }

  public func answer(for key: String) throws(DashboardError) -> CachedAnswer? {
    do {
      return try tables.read { db in
        try Row.fetchOne(db, sql: "SELECT status, body, fetchedAt FROM dashboardCache WHERE requestKey = ?", arguments: [key])
          .map { CachedAnswer(status: $0["status"], body: $0["body"], fetchedAt: $0["fetchedAt"]) }
      }
    } catch {
      throw .database(reason: "\(error)")
    }
  }
}

/// Records the fetch times of the answers a command used (so it can say how old an offline view is)
/// and the answers fetched online that wait to be stored.
public final class FetchTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [Date] = []
  private var unsaved: [(key: String, answer: CachedAnswer)] = []

  public init() {}

  func add(_ date: Date) { lock.withLock { times.append(date) } }

  func keep(_ key: String, _ answer: CachedAnswer) { lock.withLock { unsaved.append((key, answer)) } }

  func takeUnsaved() -> [(key: String, answer: CachedAnswer)] {
    lock.withLock {
      defer { unsaved = [] }
      return unsaved
    }
  }

  /// The oldest answer shown (nil when nothing came from the cache).
  public var oldest: Date? { lock.withLock { times.min() } }
}

/// A wire that keeps GET answers (online; `save()` stores them) or replays them (offline). Writes pass
/// through online and are refused offline (acting commands queue instead).
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
      if method == "GET", case .response(let status, let body) = reply, status == 200 || status == 204 {
        times.keep(key, CachedAnswer(status: status, body: body, fetchedAt: now()))
      }
      return reply
    }
  }

  /// Stores the answers fetched since the last call, in one transaction.
  public func save() throws(DashboardError) {
    try cache.store(times.takeUnsaved())
  }
}
