// `--album NAME` and `--artist NAME` of `tunes play`, `tunes add` and `tunes playlist add` take the exact
// name (ASCII case aside), as mpc's `findadd album NAME`: never the album whose title only holds its
// words ("Midnight Reservoir (Deluxe Edition)") nor the artist whose name does ("Kenji Tanaka Trio").
import Foundation
import Testing

/// Three copies of one sample song, named by a catalogue: an album, its deluxe edition, another artist.
private func reservoirLibrary() throws -> TunesSandbox {
  let sandbox = try TunesSandbox()
  let folder = try sandbox.makeFolder("music")
  let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
  for name in ["a", "b", "c"] {
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name + ".mp3"))
  }
  let catalogue = """
    [
      { "artistName": "Kenji Tanaka", "albums": [
        { "title": "Midnight Reservoir", "songs": [{ "title": "Still Water", "fileName": "a" }] },
        { "title": "Midnight Reservoir (Deluxe Edition)", "songs": [{ "title": "Still Water (Demo)", "fileName": "b" }] }] },
      { "artistName": "Kenji Tanaka Trio", "albums": [{ "title": "Trio Nights", "songs": [{ "title": "Late Set", "fileName": "c" }] }] }
    ]
    """
  try catalogue.write(to: folder.appendingPathComponent("library.json"), atomically: true, encoding: .utf8)
  let indexed = try sandbox.run(["index", folder.path])
  #expect(indexed.status == 0, "\(indexed)")
  return sandbox
}

@Suite struct ExactNameOptionTests {
  /// The titles `tunes play` plays (one line a song when not on a terminal), in order.
  private func played(_ sandbox: TunesSandbox, _ options: [String]) throws -> [String] {
    let result = try sandbox.run(["play"] + options + ["--device", "null", "--pace", "max"])
    #expect(result.status == 0, "\(options): \(result)")
    return result.stdout.split(separator: "\n").compactMap { line in
      line.components(separatedBy: " – ").dropFirst().first?.components(separatedBy: " · ").first
    }
  }

  @Test func playTakesTheExactAlbumAndArtist() throws {
    let sandbox = try reservoirLibrary()
    #expect(try played(sandbox, ["--album", "Midnight Reservoir"]) == ["Still Water"])
    #expect(try played(sandbox, ["--album", "midnight reservoir"]) == ["Still Water"])
    #expect(try played(sandbox, ["--artist", "Kenji Tanaka"]) == ["Still Water", "Still Water (Demo)"])
    #expect(try played(sandbox, ["--artist", "Kenji Tanaka Trio"]) == ["Late Set"])
    // Free words stay the query's: they still find every song holding them.
    #expect(try played(sandbox, ["reservoir"]) == ["Still Water", "Still Water (Demo)"])
  }

  @Test func playlistAddTakesTheExactAlbumAndArtist() throws {
    let sandbox = try reservoirLibrary()
    #expect(try sandbox.run(["playlist", "create", "night"]).status == 0)
    let album = try sandbox.run(["playlist", "add", "night", "--album", "Midnight Reservoir"])
    #expect(album.status == 0 && album.stdout == "added 1 song to 'night'\n", "\(album)")
    let artist = try sandbox.run(["playlist", "add", "night", "--artist", "Kenji Tanaka"])
    #expect(artist.status == 0 && artist.stdout == "added 2 songs to 'night'\n", "\(artist)")
    let none = try sandbox.run(["playlist", "add", "night", "--album", "Midnight"])
    #expect(none.status != 0, "\(none)")
  }
}
