// The dates a song row keeps that `Song` does not carry, for the areas that sort or decide by them
// inside their own transactions: when the song was added (a playlist sorted by it) and whether it was
// played since a moment (the player's restored listen, which the play count may already hold).
import Foundation
import GRDB

extension Song {
  /// When each of the songs was added to the library (`song.addedAt`); songs not indexed are left out.
  public static func addedAt(_ db: Database, ids: [Int64]) throws -> [Int64: Date] {
    var dates: [Int64: Date] = [:]
    for row in try Row.fetchAll(
      db, sql: "SELECT id, addedAt FROM song WHERE id IN (SELECT value FROM json_each(?))",
      arguments: [String(describing: ids)])
    {
      if let date = DatabaseTimestamp.date(row[1] as DatabaseValue) { dates[row[0]] = date }
    }
    return dates
  }

  /// Whether the song's last play, as `Library.recordPlay` wrote it, is at `timestamp` (text as
  /// `DatabaseTimestamp` writes it) or later. False for a song never played or not indexed.
  public static func wasPlayed(_ db: Database, id: Int64, since timestamp: String) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT lastPlayedAt >= ? FROM song WHERE id = ?", arguments: [timestamp, id]) ?? false
  }
}
