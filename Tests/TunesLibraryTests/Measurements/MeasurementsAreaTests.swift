// The measurements area: the loudness rows a library kept while they were the play state's are the
// library's now, read with the songs they describe, and only while the file is the one measured.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary

@Suite struct MeasurementsAreaTests {
  /// A measurement as `tunes loudness` wrote it before its table became the measurements area's: through
  /// the play state's database, SQL for SQL.
  static func writeAsBefore(_ library: Library, songID: Int64) throws {
    try library.database(for: .playState).write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO loudness (songId, fileMtime, integratedLufs, truePeak, trackGain, albumLufs,
            albumGain, albumPeak, measuredAt)
          SELECT id, fileMtime, -20, 0.5, 2, -21, 3, 0.6, '2026-01-01 00:00:00.000' FROM song WHERE id = ?
          """, arguments: [songID])
    }
  }

  @Test func aMeasurementKeptBeforeIsReadAfterReopeningUntilTheFileChanges() throws {
    let temp = try TempLibrary()
    let path = try temp.write("a.mp3", ["title": "A", "artist": "X", "album": "L"])
    try temp.write("b.mp3", ["title": "B", "artist": "X", "album": "L"])
    #expect(try temp.index().added.count == 2)
    let id = try #require(try temp.library.song(path: path)?.id)
    try Self.writeAsBefore(temp.library, songID: id)

    let reopened = try Library(path: temp.library.path, areas: everyDatabaseArea)
    let levels = try #require(try reopened.levels(forSongs: [id])[id])
    #expect(levels.measured == StoredGain(trackGain: 2, trackPeak: 0.5, albumGain: 3, albumPeak: 0.6))
    #expect(levels.tagged == StoredGain())
    let candidates = try reopened.loudnessCandidates()
    #expect(candidates.map(\.isMeasured) == [true, false])
    #expect(try reopened.loudness(ofSong: id)?.integratedLUFS == -20)

    // The file changes: the measurement no longer describes it, and is neither applied nor counted.
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: path)
    _ = try reopened.index(paths: [temp.music], options: temp.options())
    #expect(try reopened.levels(forSongs: [id])[id]?.measured == StoredGain())
    #expect(try reopened.loudnessCandidates().map(\.isMeasured) == [false, false])
  }

  @Test func replacingAGroupForgetsWhatItsSongsNoLongerGive() throws {
    let temp = try TempLibrary()
    let a = try temp.write("a.mp3", ["title": "A", "artist": "X", "album": "L"])
    let b = try temp.write("b.mp3", ["title": "B", "artist": "X", "album": "L"])
    #expect(try temp.index().added.count == 2)
    let ids = try [a, b].map { try #require(try temp.library.song(path: $0)?.id) }
    for id in ids { try Self.writeAsBefore(temp.library, songID: id) }
    let mtime = try #require(try temp.library.loudnessCandidates().first?.fileMtime)
    let kept = LoudnessMeasurement(
      songID: ids[0], fileMtime: mtime, integratedLUFS: -10, truePeak: 0.9, trackGain: -8, albumLUFS: nil,
      albumGain: nil, albumPeak: nil)
    try temp.library.replaceLoudness(of: ids, with: [kept], at: Date())
    #expect(try temp.library.loudness(ofSong: ids[0]) == kept)
    #expect(try temp.library.loudness(ofSong: ids[1]) == nil)
  }
}
