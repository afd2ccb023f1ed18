// `tunes info` of a song a catalogue names: the catalogue's values, and beside each one it replaced the
// file's own value, which mutagen reads from the same file; a song the catalogue does not rename shows none.
import Foundation
import Testing

@Suite struct InfoFileTagsTests {
  @Test func infoShowsTheFilesOwnValueWhereTheCatalogueOverridesIt() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    for name in ["named", "plain"] {
      try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name + ".mp3"))
    }
    let catalogue = """
      [{ "artistName": "Catalogue Artist",
         "albums": [{ "title": "Catalogue Album", "songs": [{ "title": "Catalogue Title", "fileName": "named" }] }] }]
      """
    try catalogue.write(to: folder.appendingPathComponent("library.json"), atomically: true, encoding: .utf8)
    let indexed = try sandbox.run(["index", folder.path])
    #expect(indexed.status == 0, "\(indexed)")

    let script = """
      import sys, mutagen
      f = mutagen.File(sys.argv[1], easy=True)
      for key in ("title", "artist", "album"):
          print(f[key][0])
      """
    let mutagen = try runProcess("/usr/bin/python3", ["-c", script, source.path], environment: [:])
    #expect(mutagen.status == 0, "\(mutagen.err)")
    let file = mutagen.out.split(separator: "\n").map(String.init)
    try #require(file.count == 3)

    let named = folder.appendingPathComponent("named.mp3").path
    let json = try sandbox.run(["info", named, "--json"])
    #expect(json.status == 0, "\(json)")
    let object = try #require(try json.json() as? [String: Any], "\(json)")
    #expect(object["title"] as? String == "Catalogue Title" && object["artist"] as? String == "Catalogue Artist")
    let own = try #require(object["file"] as? [String: Any], "\(json)")
    #expect(own["title"] as? String == file[0] && own["artist"] as? String == file[1] && own["album"] as? String == file[2])
    #expect(own["track"] == nil && own["genre"] == nil, "fields the catalogue leaves alone: \(own)")

    let text = try sandbox.run(["info", named])
    #expect(text.status == 0, "\(text)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("artist ") && $0.hasSuffix("Catalogue Artist (file: \(file[1]))") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("album ") && $0.hasSuffix("Catalogue Album (file: \(file[2]))") }, "\(text)")

    let plain = folder.appendingPathComponent("plain.mp3").path
    let plainJSON = try #require(try sandbox.run(["info", plain, "--json"]).json() as? [String: Any])
    #expect(plainJSON["file"] is NSNull && plainJSON["artist"] as? String == file[1])
    #expect(!(try sandbox.run(["info", plain]).stdout.contains("(file:")))
  }
}
