// The ReplayGain options in the saved play state, read and written on their own: what `tunes replaygain`
// changes when no player is running (the next `tunes play` restores them with the rest of the session).
// A database with no saved session yet gets the one row with every other column at its default.
import GRDB
import TunesLibrary

public enum SavedReplayGain {
  public static func load(_ library: Library) throws -> ReplayGainSettings {
    do {
      return try library.database(for: .playState).read { db in
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM playerState WHERE id = 1") else {
          return ReplayGainSettings()
        }
        return PlayStateStore.replayGain(row)
      }
    } catch {
      throw PlayerError.stateStore("cannot read the saved state: \(error)")
    }
  }

  public static func save(_ settings: ReplayGainSettings, in library: Library) throws {
    do {
      try library.database(for: .playState).write { db in
        try db.execute(sql: "INSERT OR IGNORE INTO playerState (id) VALUES (1)")
        try db.execute(
          sql: """
            UPDATE playerState SET replayGainMode = ?, replayGainPreamp = ?, replayGainMissingPreamp = ?,
              replayGainLimit = ? WHERE id = 1
            """,
          arguments: [settings.mode.rawValue, settings.preamp, settings.missingPreamp, settings.limit])
      }
    } catch {
      throw PlayerError.stateStore("cannot save: \(error)")
    }
  }
}

extension SavedReplayGain {
  /// The saved random option, which `auto` follows: what a song would be played with now when no player runs.
  public static func savedRandom(_ library: Library) throws -> Bool {
    do {
      return try library.database(for: .playState).read { db in
        try Bool.fetchOne(db, sql: "SELECT random FROM playerState WHERE id = 1") ?? false
      }
    } catch {
      throw PlayerError.stateStore("cannot read the saved state: \(error)")
    }
  }
}
