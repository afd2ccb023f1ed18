// The indexer with the real tag reader on MP3 files made by sox and lame: tags read, a move
// recognised by its audio hash, and a file that is not an MP3 reported.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct RealFileIndexTests {
  func run(_ tool: String, _ arguments: [String]) throws {
    let result = try ChildProcess.run(tool, arguments)
    #expect(result.status == 0, "\(tool) \(arguments)\n\(result.errors)")
  }

  @Test func indexesRealMP3sAndFollowsAMove() throws {
    let temp = try TempLibrary()
    let wav = temp.root + "/tone.wav"
    try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", wav, "synth", "1", "sine", "440"])
    let one = temp.music + "/a/one.mp3"
    try FileManager.default.createDirectory(atPath: temp.music + "/a", withIntermediateDirectories: true)
    try run(
      "/usr/bin/lame",
      ["--quiet", "--tt", "Café Blues", "--ta", "Zoë Keating", "--tl", "Trees", "--ty", "2010", "--tn", "3/10", wav, one])
    try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", wav, "synth", "1", "sine", "660"])
    try run("/usr/bin/lame", ["--quiet", "--tt", "Other", "--ta", "Daft Punk", wav, temp.music + "/a/two.mp3"])
    let bad = try temp.writeText("bad.mp3", "not audio at all")

    var options = IndexingOptions()
    options.batchSize = 1
    let report = try temp.library.index(paths: [temp.music], options: options)
    #expect(report.added.count == 2)
    #expect(report.errors.map(\.path) == [bad])
    let song = try #require(try temp.library.song(path: one))
    #expect(song.title == "Café Blues")
    #expect(song.artist == "Zoë Keating")
    #expect(song.trackNumber == 3)
    #expect(song.trackTotal == 10)
    #expect(song.year == 2010)
    #expect(try temp.library.songs(matching: "cafe blu").map(\.path) == [one])

    try temp.library.recordPlay(songID: song.id!, at: Date())
    let moved = temp.music + "/moved.mp3"
    try FileManager.default.moveItem(atPath: one, toPath: moved)
    let again = try temp.library.index(paths: [temp.music], options: IndexingOptions())
    #expect(again.moved == [IndexReport.Move(from: one, to: moved)])
    #expect(again.unchanged == 1)
    let after = try #require(try temp.library.song(path: moved))
    #expect(after.id == song.id)
    #expect(after.playCount == 1)
  }
}
