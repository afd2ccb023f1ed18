// `tunes playlist import` of a playlist whose entries are relative to the music folder, as MPD writes
// them, from a file kept somewhere else: the entries are found under the library's music folder, or
// under the folder `--base` names.
import Foundation
import Testing

@Suite struct PlaylistImportBaseTests {
  private func copySong(_ sample: String, to file: URL) throws {
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: TunesExecutable.sampleLibrary.appendingPathComponent(sample), to: file)
  }

  @Test func entriesRelativeToTheMusicFolderAreFound() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    try copySong("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3", to: music.appendingPathComponent("Zoe/kettle.mp3"))
    try copySong("Various Artists/Sunday Sampler/01 Paper Boats.mp3", to: music.appendingPathComponent("Various/boats.mp3"))
    let playlists = try sandbox.makeFolder("mpd/playlists")
    let file = playlists.appendingPathComponent("evening.m3u")
    try "Zoe/kettle.mp3\nVarious/boats.mp3\nVarious/gone.mp3\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try sandbox.run(["index", music.path]).status == 0)

    let imported = try sandbox.run(["playlist", "import", file.path])
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.stdout.hasPrefix("imported 'evening': 3 songs, 1 not in the library"), "\(imported)")
    #expect(imported.stdout.contains("gone.mp3"), "\(imported)")
    #expect(!imported.stdout.contains("kettle.mp3") && !imported.stdout.contains("boats.mp3"), "\(imported)")
  }

  @Test func baseNamesTheFolderEntriesAreRelativeTo() throws {
    let sandbox = try TunesSandbox()
    let music = try sandbox.makeFolder("music")
    // Only one folder indexed: the library's music folder is music/Zoe, not music.
    try copySong("Zoë Marlowe/Small Hours/01 Nocturne for Kettle.mp3", to: music.appendingPathComponent("Zoe/kettle.mp3"))
    let file = try sandbox.makeFolder("elsewhere").appendingPathComponent("one.m3u")
    try "Zoe/kettle.mp3\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try sandbox.run(["index", music.appendingPathComponent("Zoe").path]).status == 0)

    let guessed = try sandbox.run(["playlist", "import", file.path])
    #expect(guessed.stdout.contains("1 not in the library"), "\(guessed)")
    let based = try sandbox.run(["playlist", "import", file.path, "--name", "based", "--base", music.path])
    #expect(based.status == 0, "\(based)")
    #expect(based.stdout == "imported 'based': 1 song\n", "\(based)")

    let wrong = try sandbox.run(["playlist", "import", file.path, "--base", music.appendingPathComponent("nope").path])
    #expect(wrong.status != 0 && wrong.stderr.contains("nope: no such folder"), "\(wrong)")
  }
}
