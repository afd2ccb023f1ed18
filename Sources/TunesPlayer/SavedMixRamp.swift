// MixRamp's settings in the saved play state, read and written on their own: what `tunes mixrampdb` and
// `tunes mixrampdelay` change when no player is running (the next `tunes play` restores them).
import GRDB
import TunesLibrary

public enum SavedMixRamp {
  public static func load(_ library: Library) throws -> MixRampSettings {
    do {
      return try library.database(for: .playState).read { db in
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM playerState WHERE id = 1") else { return MixRampSettings() }
        return PlayStateStore.mixRamp(row)
      }
    } catch {
      throw PlayerError.stateStore("cannot read the saved state: \(error)")
    }
  }

  public static func save(_ settings: MixRampSettings, in library: Library) throws {
    do {
      try library.database(for: .playState).write { db in
        try db.execute(sql: "INSERT OR IGNORE INTO playerState (id) VALUES (1)")
        try db.execute(
          sql: "UPDATE playerState SET mixRampDb = ?, mixRampDelay = ? WHERE id = 1",
          arguments: [Double(settings.db), PlayStateStore.column(delay: settings.delay)])
      }
    } catch {
      throw PlayerError.stateStore("cannot save: \(error)")
    }
  }
}
