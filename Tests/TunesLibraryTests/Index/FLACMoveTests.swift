// A FLAC file is named by its stream's signature (AudioHash.signature) since tunes stopped hashing FLAC
// audio; a row written before holds the hash of the audio's ends, and a file moved after the upgrade
// must still find it: its play count stays, and the row takes the signature.
import Foundation
import GRDB
import Testing
import TunesTags

@testable import TunesLibrary

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flac")))
struct FLACMoveTests {
  @Test func aFileMovedAfterTheUpgradeKeepsItsRow() throws {
    let temp = try TempLibrary()
    let wav = temp.root + "/tone.wav"
    let before = temp.music + "/old/a.flac"
    let after = temp.music + "/new/a.flac"
    try FileManager.default.createDirectory(atPath: temp.music + "/old", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: temp.music + "/new", withIntermediateDirectories: true)
    #expect(
      try ChildProcess.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "3", "sine", "440"]).status
        == 0)
    #expect(try ChildProcess.run("/usr/bin/flac", ["-s", "-f", "-T", "TITLE=Kept", "-o", before, wav]).status == 0)
    _ = try temp.library.index(paths: [temp.music], options: IndexingOptions())
    let audio = try TagReader.read(path: before).audio
    let legacy = try #require(AudioHash.ofRegion(path: before, offset: audio.audioOffset, length: audio.audioLength))
    #expect(legacy != audio.audioHash)
    // The row as the tunes before signatures wrote it, played three times.
    try temp.library.pool.write { db in
      try db.execute(sql: "UPDATE song SET audioHash = ?, playCount = 3 WHERE path = ?", arguments: [legacy, before])
    }
    try FileManager.default.moveItem(atPath: before, toPath: after)
    let report = try temp.library.index(paths: [temp.music], options: IndexingOptions())
    #expect(report.moved == [IndexReport.Move(from: before, to: after)])
    #expect(report.added.isEmpty && report.missing.isEmpty)
    let rows = try temp.library.pool.read { db in
      try Row.fetchAll(db, sql: "SELECT path, audioHash, playCount FROM song")
    }
    #expect(rows.count == 1)
    #expect(rows.first?["path"] == after)
    #expect(rows.first?["audioHash"] == audio.audioHash)
    #expect(rows.first?["playCount"] == 3)
  }
}
