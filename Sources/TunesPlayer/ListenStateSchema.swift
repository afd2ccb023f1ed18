// How far the current play has got toward a listen, saved with the play state (ListenProgress): new
// columns of the one playerState row. NULL (an older database, or no play under way) restores nothing.
import GRDB

enum ListenStateSchema {
  static func v1(_ db: Database) throws {
    try db.alter(table: "playerState") { t in
      /// When the current play started, as DatabaseTimestamp writes it.
      t.add(column: "listenStartedAt", .text)
      /// The song positions heard of it: "from-to" in ms, comma-separated.
      t.add(column: "listenHeard", .text)
      /// It counted already (or was found counted in the song's `lastPlayedAt` when read).
      t.add(column: "listenFired", .boolean).notNull().defaults(to: false)
    }
  }

  /// The intervals as the `listenHeard` column holds them.
  static func text(_ heard: [Range<Int>]) -> String {
    heard.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
  }

  /// The column read back; pieces that are not "from-to" with 0 ≤ from ≤ to are left out.
  static func intervals(_ text: String) -> [Range<Int>] {
    text.split(separator: ",").compactMap { piece in
      let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count == 2, let from = Int(bounds[0]), let to = Int(bounds[1]), from >= 0, from <= to else { return nil }
      return from..<to
    }
  }
}
