// `tunes index` follows a symlinked folder (as MPD does by default) and lists its songs under the path
// through the link; a link back up to the library does not make it loop.
import Foundation
import Testing

@Suite struct SymlinkIndexTests {
  @Test func aSymlinkedFolderIsIndexedThroughTheLink() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    let elsewhere = try sandbox.makeFolder("elsewhere")
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: source, to: elsewhere.appendingPathComponent("song.mp3"))
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: music.appendingPathComponent("linked").path, withDestinationPath: elsewhere.path)
    try manager.createSymbolicLink(atPath: elsewhere.appendingPathComponent("loop").path, withDestinationPath: elsewhere.path)

    let indexed = try sandbox.run(["index", music.path])
    #expect(indexed.status == 0, "\(indexed)")
    #expect(indexed.stdout.hasPrefix("added 1,"), "\(indexed)")
    let listed = try sandbox.run(["ls", "songs", "--json"])
    let songs = try #require(try listed.json() as? [[String: Any]], "\(listed)")
    let expected = URL(fileURLWithPath: music.path).resolvingSymlinksInPath().path + "/linked/song.mp3"
    #expect(songs.compactMap { $0["path"] as? String } == [expected], "\(listed)")
  }
}
