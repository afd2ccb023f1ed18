// The indexer on FLAC, Opus and M4A files and on audio files without an extension: the walk finds them
// by extension or, without one, by their first bytes; a text file without an extension is not a song.
import Foundation
import Testing

@testable import TunesLibrary

@Suite struct FormatIndexTests {
  func run(_ tool: String, _ arguments: [String]) throws {
    let result = try ChildProcess.run(tool, arguments)
    #expect(result.status == 0, "\(tool) \(arguments)\n\(result.errors)")
  }

  @Test func indexesEachFormatByExtensionOrContent() throws {
    let temp = try TempLibrary()
    let wav = temp.root + "/tone.wav"
    try run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "1.5", "sine", "440"])
    let m = temp.music
    try run("/usr/bin/flac", ["-s", "-f", "-T", "TITLE=Lossless", "-T", "ARTIST=Ada", "-o", m + "/a.flac", wav])
    try run("/usr/bin/opusenc", ["--quiet", "--title", "Small", "--artist", "Ada", wav, m + "/b.opus"])
    try run(
      "/usr/bin/ffmpeg",
      ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-metadata", "title=Apple", m + "/c.m4a"])
    // The same FLAC audio under a name without an extension: found by its fLaC marker.
    try run("/usr/bin/flac", ["-s", "-f", "-T", "TITLE=Nameless", "-o", m + "/nameless.flac", wav])
    try FileManager.default.moveItem(atPath: m + "/nameless.flac", toPath: m + "/nameless")
    _ = try temp.writeText("README", "not audio")

    let report = try temp.library.index(paths: [m], options: IndexingOptions())
    #expect(report.errors.isEmpty, "\(report.errors)")
    #expect(report.added.count == 4)
    let flac = try #require(try temp.library.song(path: m + "/a.flac"))
    #expect(flac.title == "Lossless" && flac.artist == "Ada")
    #expect(try temp.library.song(path: m + "/b.opus")?.title == "Small")
    #expect(try temp.library.song(path: m + "/c.m4a")?.title == "Apple")
    #expect(try temp.library.song(path: m + "/nameless")?.title == "Nameless")
    #expect(try temp.library.song(path: m + "/README") == nil)
  }
}
