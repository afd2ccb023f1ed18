// How far the current play has got toward a listen, saved with the play state (ListenProgress), and
// the listen told and not yet written (ToldListen): new columns of the one playerState row. NULL (an
// older database, or no play under way) restores nothing.
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

  /// Migration `playstate-told-listen-v1`: the listen told and not yet acknowledged written, so that a
  /// kill between its telling and its write leaves it to the next start instead of losing it.
  static func told(_ db: Database) throws {
    try db.alter(table: "playerState") { t in
      /// The library's song (no foreign key: a song removed since is simply not recorded).
      t.add(column: "toldListenSongId", .integer)
      /// Its `listened_at`, as DatabaseTimestamp writes it.
      t.add(column: "toldListenAt", .text)
      /// Audio heard when it counted, in ms.
      t.add(column: "toldListenPlayedMs", .integer)
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
