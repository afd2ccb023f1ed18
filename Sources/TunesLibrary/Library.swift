// The handle on one library database: opens it (WAL, migrations), and is what every other module
// reads songs from and records plays into.
import Foundation
import GRDB
import TunesCore

public final class Library: Sendable {
  /// The database; other modules define their own records over their own tables through it.
  public let pool: DatabasePool
  public let path: String

  /// Opens (creating folders and file as needed) and migrates the database at `path`.
  public init(path: String) throws {
    self.path = path
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    pool = try DatabasePool(path: path, configuration: configuration)
    try Schema.migrator.migrate(pool)
  }
}
