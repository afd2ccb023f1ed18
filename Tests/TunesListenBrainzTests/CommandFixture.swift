// Test support for the ListenBrainz commands end to end: the fake server with the test's world, a
// library database with the test's songs, and the built binary run against both (no player: the MPD
// socket it is given leads nowhere). The dashboard's and the social commands' tests each start one.
import Foundation
import GRDB

@testable import TunesLibrary

struct CommandFixture {
  var server: FakeListenBrainz
  let db: String

  static func start(world: [String: Any], songs: [Song]) async throws -> CommandFixture {
    let server = try await FakeListenBrainz.start(world: world)
    // Not in the server's folder: a test replaces the server, and its folder goes with it.
    let db = NSTemporaryDirectory() + "tunes-lb-command-\(UUID().uuidString)/library.db"
    let library = try Library(path: db, areas: everyDatabaseArea)
    try await library.pool.write { db in
      for var song in songs { try song.insert(db) }
    }
    return CommandFixture(server: server, db: db)
  }

  func run(_ arguments: String..., extra: [String: String] = [:]) async throws -> TunesRun {
    try await run(arguments, extra: extra)
  }

  func run(_ arguments: [String], extra: [String: String] = [:]) async throws -> TunesRun {
    try await TunesBinary.run(
      arguments, server: server.url, db: db,
      extra: ["TUNES_MPD_SOCKET": server.folder + "/no-player.sock"].merging(extra) { $1 })
  }

  /// The feedback, pins and reviews queued for the server, in order.
  func pending() throws -> [Row] {
    try DatabaseQueue(path: db).read { db in try Row.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY id") }
  }
}
