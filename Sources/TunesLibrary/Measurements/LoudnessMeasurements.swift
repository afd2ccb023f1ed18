// The measurements area's rows (LoudnessSchema) as TunesLoudness reads and keeps them: which songs are
// measured for the file as it is now, and one group's results replacing what was kept for it. The
// measuring itself (decoding, libebur128, albums) is TunesLoudness's; the rows are the library's,
// because whether a measurement still holds depends on the song row's file modification time.
import Foundation
import GRDB

/// A song that may be measured, with what groups it by album and whether its measurement is fresh.
public struct LoudnessCandidate: Sendable, Equatable {
  public var songID: Int64
  public var path: String
  /// The song row's `fileMtime`, kept with the result so a changed file is measured again.
  public var fileMtime: Double?
  public var album: String
  public var albumArtist: String
  /// A measurement of the file as it is now is kept.
  public var isMeasured: Bool
}

/// One song's kept measurement.
public struct LoudnessMeasurement: Sendable, Equatable {
  public var songID: Int64
  /// The song row's `fileMtime` when measured.
  public var fileMtime: Double?
  public var integratedLUFS: Double
  public var truePeak: Double
  public var trackGain: Double
  /// The album's values; nil for a song measured without its album.
  public var albumLUFS: Double?
  public var albumGain: Double?
  public var albumPeak: Double?

  public init(
    songID: Int64, fileMtime: Double?, integratedLUFS: Double, truePeak: Double, trackGain: Double,
    albumLUFS: Double?, albumGain: Double?, albumPeak: Double?
  ) {
    self.songID = songID
    self.fileMtime = fileMtime
    self.integratedLUFS = integratedLUFS
    self.truePeak = truePeak
    self.trackGain = trackGain
    self.albumLUFS = albumLUFS
    self.albumGain = albumGain
    self.albumPeak = albumPeak
  }
}

extension Library {
  /// Every present song, by album artist, album, disc, track and path, with whether it is measured.
  public func loudnessCandidates() throws -> [LoudnessCandidate] {
    try pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT s.id, s.path, s.fileMtime, s.album, s.albumArtist,
            l.songId IS NOT NULL AND l.fileMtime IS s.fileMtime AS fresh
          FROM song s LEFT JOIN loudness l ON l.songId = s.id
          WHERE s.missingSince IS NULL
          ORDER BY s.albumArtist, s.album, s.discNumber, s.trackNumber, s.path
          """
      ).map {
        LoudnessCandidate(
          songID: $0[0], path: $0[1], fileMtime: $0[2], album: $0[3], albumArtist: $0[4], isMeasured: $0[5])
      }
    }
  }

  /// Forgets what was kept for every song of `songIDs` and keeps `measurements` instead, in one
  /// transaction: a song that gave no value this time keeps none from before either.
  public func replaceLoudness(of songIDs: [Int64], with measurements: [LoudnessMeasurement], at date: Date) throws {
    if isReadOnly { throw LibraryOpenError.readOnly(path: path) }
    try pool.write { db in
      let forget = try db.makeStatement(sql: "DELETE FROM loudness WHERE songId = ?")
      for id in songIDs { try forget.execute(arguments: [id]) }
      let statement = try db.makeStatement(
        sql: """
          INSERT OR REPLACE INTO loudness (songId, fileMtime, integratedLufs, truePeak, trackGain, albumLufs,
            albumGain, albumPeak, measuredAt)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      for m in measurements {
        try statement.execute(arguments: [
          m.songID, m.fileMtime, m.integratedLUFS, m.truePeak, m.trackGain, m.albumLUFS, m.albumGain, m.albumPeak,
          DatabaseTimestamp.text(date),
        ])
      }
    }
  }

  /// The kept measurement of a song, whether or not its file changed since; nil when there is none.
  public func loudness(ofSong id: Int64) throws -> LoudnessMeasurement? {
    try pool.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT songId, fileMtime, integratedLufs, truePeak, trackGain, albumLufs, albumGain, albumPeak
          FROM loudness WHERE songId = ?
          """,
        arguments: [id]
      ).map {
        LoudnessMeasurement(
          songID: $0[0], fileMtime: $0[1], integratedLUFS: $0[2], truePeak: $0[3], trackGain: $0[4], albumLUFS: $0[5],
          albumGain: $0[6], albumPeak: $0[7])
      }
    }
  }
}
