// `field:=value` on the command line is an exact match, not the word search `field:value`, and free
// words find names written with an apostrophe (`obrien` finds "O'Brien"), end to end.
import Foundation
import Testing

/// A library of three copies of one sample song, named by a catalogue.
private func namedLibrary() throws -> TunesSandbox {
  let sandbox = try TunesSandbox()
  let folder = try sandbox.makeFolder("music")
  let source = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
  for name in ["a", "b", "c"] {
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name + ".mp3"))
  }
  let catalogue = """
    [
      { "artistName": "Daft Punk", "albums": [{ "title": "Discovery", "songs": [{ "title": "One More Time", "fileName": "a" }] }] },
      { "artistName": "Daft Punk Tribute Band", "albums": [{ "title": "Covers", "songs": [{ "title": "Tribute", "fileName": "b" }] }] },
      { "artistName": "Dónal O'Brien", "albums": [{ "title": "Reels", "songs": [{ "title": "Solitude", "fileName": "c" }] }] }
    ]
    """
  try catalogue.write(to: folder.appendingPathComponent("library.json"), atomically: true, encoding: .utf8)
  let indexed = try sandbox.run(["index", folder.path])
  #expect(indexed.status == 0, "\(indexed)")
  return sandbox
}

private func titles(_ sandbox: TunesSandbox, _ arguments: [String]) throws -> [String] {
  let result = try sandbox.run(["ls", "songs"] + arguments + ["--json"])
  #expect(result.status == 0, "\(arguments): \(result)")
  let songs = try #require(try result.json() as? [[String: Any]], "\(result)")
  return songs.compactMap { $0["title"] as? String }.sorted()
}

@Suite struct QueryMatchTests {
  @Test func anExactMatchIsTheWholeValueWithItsCase() throws {
    let sandbox = try namedLibrary()
    #expect(try titles(sandbox, ["artist:Daft Punk"]) == ["One More Time", "Tribute"])
    #expect(try titles(sandbox, ["artist:=Daft Punk"]) == ["One More Time"])
    #expect(try titles(sandbox, [#"artist:="Daft Punk""#]) == ["One More Time"])
    #expect(try titles(sandbox, ["artist:=daft punk"]) == [])
    #expect(try titles(sandbox, ["artist:=~daft punk"]) == ["One More Time"])
    #expect(try titles(sandbox, ["punk", "-artist:=Daft Punk"]) == ["Tribute"])
  }

  @Test func wordsFindNamesWrittenWithAnApostrophe() throws {
    let sandbox = try namedLibrary()
    for word in ["obrien", "o'brien", "O’Brien", "brien"] {
      #expect(try titles(sandbox, [word]) == ["Solitude"], "\(word)")
    }
    let search = try sandbox.run(["search", "obrien"])
    #expect(search.status == 0 && search.stdout.contains("Solitude"), "\(search)")
  }
}
