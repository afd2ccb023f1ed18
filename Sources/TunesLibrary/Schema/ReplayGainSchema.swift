// ReplayGain values as the song's file tags them (dB of gain, linear peak), kept on the song row so the
// player reads a song's gain with its path in one lookup. NULL where the file carries none. Values that
// `tunes loudness` measures live beside them in the loudness area and are used where these are NULL.
import GRDB

enum ReplayGainSchema {
  static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE song ADD COLUMN trackGain REAL;
        ALTER TABLE song ADD COLUMN trackPeak REAL;
        ALTER TABLE song ADD COLUMN albumGain REAL;
        ALTER TABLE song ADD COLUMN albumPeak REAL;
        """)
  }
}
