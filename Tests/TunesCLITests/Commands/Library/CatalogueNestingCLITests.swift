// `tunes index` on a library.json of 50 000 nested `[`: once a stack overflow (SIGSEGV) of the whole run,
// now one malformed catalogue among the run's errors, named with its place, the rest indexed.
import Foundation
import Testing

@Suite struct CatalogueNestingCLITests {
  @Test func aDeeplyNestedCatalogueIsOneErrorOfTheRun() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    let song = TunesExecutable.sampleLibrary.appendingPathComponent("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3")
    try FileManager.default.copyItem(at: song, to: music.appendingPathComponent("song.mp3"))
    let catalogue = music.appendingPathComponent("library.json")
    try Data(String(repeating: "[", count: 50_000).utf8).write(to: catalogue)
    let result = try sandbox.run(["index", music.path])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "added 1, updated 0, moved 0, removed 0, unchanged 0, errors 1\n", "\(result)")
    #expect(
      result.stderr == "tunes: \(catalogue.path):1:65: malformed catalogue: arrays and objects nested deeper than 64 levels\n",
      "\(result)")
  }
}
