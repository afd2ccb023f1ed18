// Tables of ListenBrainz submission: pending and rejected listens, queued feedback, cached responses
// (issues 6 and 7). Owned by TunesListenBrainz; declared here because the library owns the database.
import GRDB

enum ListenSchema {
  static func v1(_ db: Database) throws {
  }
}
