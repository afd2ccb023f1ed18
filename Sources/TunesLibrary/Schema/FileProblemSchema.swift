// The table of problems index runs reported (KnownProblems): which file, as it was then (size and
// modification time), failed with which message. A rescan reports a file again only when it changed,
// so a scheduled run does not fail on the same broken file every time. Losing a row costs one report.
import GRDB

enum FileProblemSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE fileProblem (
          path TEXT NOT NULL, problem TEXT NOT NULL, stamp TEXT NOT NULL, PRIMARY KEY (path, problem)
        ) WITHOUT ROWID
        """)
  }
}
