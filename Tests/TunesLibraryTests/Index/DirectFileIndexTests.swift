// `tunes index FILE` on a file named directly: an audio file without an extension is indexed when its
// first bytes are audio, as a walk of its folder would index it; one that is not audio is still refused.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct DirectFileIndexTests {
  func run(_ tool: String, _ arguments: [String]) throws {
    let result = try ChildProcess.run(tool, arguments)
    #expect(result.status == 0, "\(tool) \(arguments)\n\(result.errors)")
  }

  @Test func anExtensionlessAudioFileNamedDirectlyIsIndexed() throws {
    let temp = try TempLibrary()
    let wav = temp.root + "/tone.wav"
    try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "1", "sine", "330"])
    let named = temp.music + "/take-one"
    try run("/usr/bin/flac", ["-s", "-f", "-T", "TITLE=Take One", "-o", named + ".flac", wav])
    try FileManager.default.moveItem(atPath: named + ".flac", toPath: named)

    let report = try temp.library.index(paths: [named], options: IndexingOptions())
    #expect(report.errors.isEmpty, "\(report.errors)")
    #expect(report.added.count == 1)
    let song = try #require(try temp.library.song(path: named))
    #expect(song.title == "Take One")
    // 44100 samples at 44.1 kHz: the length comes from the file's STREAMINFO, so it was really read.
    #expect(song.durationMs == 1000)
  }

  @Test func anExtensionlessFileThatIsNotAudioIsStillRefused() throws {
    let temp = try TempLibrary()
    let notes = try temp.writeText("notes", "fLa but not quite")
    #expect(throws: LibraryError.notIndexable(notes)) { try temp.library.index(paths: [notes], options: IndexingOptions()) }
  }
}
