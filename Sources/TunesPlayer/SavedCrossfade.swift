// The crossfade option in the saved play state, read and written on its own: what `tunes crossfade`
// changes when no player is running (the next `tunes play` restores it with the rest of the session).
import GRDB
import TunesLibrary

public enum SavedCrossfade {
  public static func load(_ library: Library) throws -> Int {
    do {
      return try library.database(for: .playState).read { db in
        try Int.fetchOne(db, sql: "SELECT crossfadeSeconds FROM playerState WHERE id = 1") ?? 0
      }
    } catch {
      throw PlayerError.stateStore("cannot read the saved state: \(error)")
    }
  }

  public static func save(_ seconds: Int, in library: Library) throws {
    do {
      try library.database(for: .playState).write { db in
        try db.execute(sql: "INSERT OR IGNORE INTO playerState (id) VALUES (1)")
        try db.execute(sql: "UPDATE playerState SET crossfadeSeconds = ? WHERE id = 1", arguments: [max(seconds, 0)])
      }
    } catch {
      throw PlayerError.stateStore("cannot save: \(error)")
    }
  }
}
