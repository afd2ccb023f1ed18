// Tables of the persisted play state: the queue with stable ids and its shuffle order, and the single
// row of player state (issue 3). Owned by TunesPlayer; declared here because the library owns the database.
import GRDB

enum PlayStateSchema {
  static func v1(_ db: Database) throws {
  }
}
