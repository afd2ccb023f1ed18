// One dashboard command's view of ListenBrainz: the user to show (named, or the logged-in one), the
// Dashboard over the network or the cache, and printing its answers for people or as JSON.
import ArgumentParser
import Foundation
import TunesCore
import TunesListenBrainz
import TunesTerminal

/// One command's view of ListenBrainz: the dashboard, the cache behind it and the terminal it draws on.
struct DashboardContext {
  let dashboard: Dashboard
  let wire: CachingWire
  let terminal: TerminalFacts
  let account: ListenBrainzAccess

  init(global: GlobalOptions, options: DashboardOptions) throws {
    try self.init(global: global, offline: options.offline)
  }

  /// `offline`: answers from the cache only (--offline); else from the network, and cached.
  init(global: GlobalOptions, offline: Bool) throws {
    let library = try global.openLibrary(.createIfMissing)
    account = try ListenBrainzAccess(paths: global.paths)
    wire = CachingWire(inner: account.wire, cache: DashboardCache(library: library), mode: offline ? .offline : .online)
    dashboard = Dashboard(wire: wire)
    terminal = TerminalFacts.detect()
  }

  var style: ChartStyle { ChartStyle(colour: terminal.colour) }

  /// The named user, else the logged-in one.
  func user(_ given: String?, for what: String) throws -> String {
    if let given, !given.isEmpty { return given }
    if let name = account.userName { return name }
    throw DashboardError.notLoggedIn(what: what)
  }

  /// Stores the answers just fetched for --offline. A failed write must not hide what was fetched:
  /// the next run simply fetches again.
  func saveAnswers() { try? wire.save() }

  /// Prints `value` as JSON; offline answers carry `cachedAt` (ISO 8601) at the top level.
  func printJSON<T: Encodable>(_ value: T) {
    saveAnswers()
    guard var data = JSONText.data(encoding: value) else { return }
    if let cachedAt = wire.times.oldest, var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
      object["cachedAt"] = DateText.iso(cachedAt)
      data = JSONText.data(serializing: object)
    }
    JSONOutput.write(data)
  }

  /// Prints lines for people, with the age of the answers when they came from the cache.
  func printLines(_ lines: [String]) {
    saveAnswers()
    var out = lines
    if let cachedAt = wire.times.oldest {
      out.insert(style.paint("offline: cached \(DateText.minute(cachedAt))", ChartStyle.dimCode), at: 0)
    }
    FileHandle.standardOutput.write(Data((out.joined(separator: "\n") + "\n").utf8))
  }
}
