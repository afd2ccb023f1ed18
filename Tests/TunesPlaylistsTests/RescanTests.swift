// Playlists across real rescans by the library's indexer: an entry whose file vanished is shown as
// missing and comes back when the file reappears. MP3 fixtures are made with sox and lame.
import Foundation
import Testing
import TunesLibrary

@testable import TunesPlaylists

@Suite struct RescanTests {
  /// A one-second tagged MP3 at `path`.
  func makeMP3(_ path: String, title: String, artist: String) throws {
    let wav = path + ".wav"
    for (tool, arguments) in [
      ("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", wav, "synth", "1", "sine", "440"]),
      ("/usr/bin/lame", ["--quiet", "--tt", title, "--ta", artist, "--tl", "Album", wav, path]),
    ] {
      let result = try ChildProcess.run(tool, arguments)
      #expect(result.status == 0, "\(tool) failed: \(result.errors)")
    }
    try FileManager.default.removeItem(atPath: wav)
  }

  @Test func aVanishedFileIsMissingUntilItComesBack() async throws {
    let f = try Fixture()
    // One reader thread: this test is about playlists, not the indexer's parallel reading.
    var options = IndexingOptions()
    options.readerThreads = 1
    let music = f.folder + "/scan"
    try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
    try makeMP3(music + "/one.mp3", title: "One", artist: "Ann")
    try makeMP3(music + "/two.mp3", title: "Two", artist: "Ann")
    _ = try f.library.index(paths: [music], options: options)
    let one = try #require(try f.library.song(path: music + "/one.mp3"))
    let two = try #require(try f.library.song(path: music + "/two.mp3"))
    try await f.store.create(name: "Scan", songs: [one, two])

    try FileManager.default.moveItem(atPath: music + "/two.mp3", toPath: f.folder + "/two.mp3")
    _ = try f.library.index(paths: [music], options: options)
    var entries = try await f.store.show(name: "Scan").entries
    #expect(entries.map(\.isMissing) == [false, true])
    #expect(entries[1].title == "Two")
    #expect(entries[1].path == music + "/two.mp3")
    #expect(try await f.store.playableSongs(name: "Scan").map(\.title) == ["One"])

    try FileManager.default.moveItem(atPath: f.folder + "/two.mp3", toPath: music + "/two.mp3")
    _ = try f.library.index(paths: [music], options: options)
    entries = try await f.store.show(name: "Scan").entries
    #expect(entries.map(\.isMissing) == [false, false])
    #expect(try await f.store.playableSongs(name: "Scan").map(\.title) == ["One", "Two"])
  }
}
