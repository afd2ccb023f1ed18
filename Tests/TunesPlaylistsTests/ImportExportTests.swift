// Importing files into the library's playlists (matching by path, MBID, folded names; unmatched entries
// kept as missing and reported), export-then-import round trips, and failed imports creating nothing.
import Foundation
import GRDB
import Testing

@testable import TunesLibrary
@testable import TunesPlaylists

@Suite struct ImportExportTests {
  @Test func importMatchesByPathThenMbidThenFoldedNames() async throws {
    let f = try Fixture()
    let music = f.folder + "/music"
    let m3u = try f.write(
      "lists/mix.m3u8",
      """
      #EXTM3U
      #EXTINF:185,The Beatles - Here Comes the Sun
      ../music/The Beatles/Abbey Road/03 Here Comes the Sun.mp3
      #EXTINF:218,Johnny Cash - Hurt
      \(music)/Johnny Cash/American IV/02 Hurt.mp3
      #EXTINF:200,Nobody - Nothing
      /gone/nothing.mp3
      """)
    let report = try await f.store.importFile(path: m3u)
    #expect(report.name == "mix")
    #expect(report.entryCount == 3)
    #expect(report.unmatched.map(\.position) == [3])
    let contents = try await f.store.show(name: "mix")
    #expect(contents.entries.map(\.songID) == [f.song("hey").id, f.song("hurt").id, nil])
    #expect(contents.entries[2].title == "Nothing")
    #expect(contents.entries[2].path == "/gone/nothing.mp3")

    // ListenBrainz JSPF has no locations: MBID, then case- and diacritic-folded artist + title.
    let jspf = try f.write("lb.jspf", FormatTests.listenBrainzJSPF)
    let lb = try await f.store.importFile(path: jspf, name: "From LB")
    #expect(lb.unmatched.map(\.position) == [3])
    #expect(lb.unmatched.first?.entry.title == "Unknown Song")
    let lbContents = try await f.store.show(name: "From LB")
    #expect(lbContents.entries.map(\.songID) == [f.song("blues").id, f.song("come").id, nil])
    #expect(lbContents.entries[2].recordingMbid == "11111111-2222-3333-4444-555555555555")

    // Folding: "zoe keating" / "CAFE BLUES" find "Zoë Keating" / "Café Blues".
    let folded = try f.write(
      "folded.xspf",
      """
      <playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>
      <track><creator>zoe keating</creator><title>CAFE  BLUES</title></track>
      </trackList></playlist>
      """)
    let foldedReport = try await f.store.importFile(path: folded)
    #expect(foldedReport.unmatched.isEmpty)
    #expect(try await f.store.show(name: "folded").entries.first?.songID == f.song("blues").id)
  }

  @Test func aFileThatDoesNotParseCreatesNothing() async throws {
    let f = try Fixture()
    let bad = try f.write("bad.m3u8", "#EXTM3U\n/a.mp3\n#EXTINF:x,y\n/b.mp3\n")
    let error = await playlistError { _ = try await f.store.importFile(path: bad) }
    #expect(error == .parse(file: bad, place: "line 3", reason: "#EXTINF duration 'x' is not a number of seconds"))
    #expect(error?.exitStatus == .dataError)
    let badJSON = try f.write("bad.jspf", #"{"playlist":{"track":[{"duration":"long"}]}}"#)
    #expect(await playlistError { _ = try await f.store.importFile(path: badJSON) } != nil)
    #expect(
      await playlistError { _ = try await f.store.importFile(path: f.folder + "/absent.xspf") }
        == .unreadable(path: f.folder + "/absent.xspf", reason: "no such file"))
    let text = try f.write("notes.txt", "hello")
    #expect(await playlistError { _ = try await f.store.importFile(path: text) } == .unknownFormat(path: text))
    #expect(try f.playlistCount() == 0)
    #expect(try await f.library.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM playlistItem") } == 0)
  }

  @Test func importRefusesAnExistingName() async throws {
    let f = try Fixture()
    try await f.store.create(name: "mix")
    let path = try f.write("mix.m3u", "/a.mp3\n")
    #expect(await playlistError { _ = try await f.store.importFile(path: path) } == .nameExists(name: "mix"))
    #expect(try f.playlistCount() == 1)
  }

  @Test(arguments: PlaylistFormat.allCases)
  func exportThenImportLosesNothing(format: PlaylistFormat) async throws {
    let f = try Fixture()
    try await f.store.create(name: "Orig", songs: ["blues", "hey", "sun", "hurt", "hey"].map(f.song))
    // One entry whose song left the library: its path, names, duration and MBID must survive too.
    _ = try await f.library.pool.write { db in try Song.deleteOne(db, key: f.song("blues").id) }
    let before = try await f.store.show(name: "Orig").entries
    #expect(before[0].isMissing)

    for relative in [false, true] {
      let file = f.folder + "/out/\(relative ? "rel" : "abs").\(format.rawValue)"
      try FileManager.default.createDirectory(atPath: f.folder + "/out", withIntermediateDirectories: true)
      let data = try await f.store.export(name: "Orig", format: format, relativeTo: relative ? f.folder + "/out" : nil)
      try data.write(to: URL(fileURLWithPath: file))
      let report = try await f.store.importFile(path: file, name: "Copy \(relative)")
      #expect(report.unmatched.count == 1)
      let after = try await f.store.show(name: "Copy \(relative)").entries
      #expect(after == before, "format \(format.rawValue), relative \(relative)")
    }
  }

  @Test func smartPlaylistsExportTheirCurrentSongs() async throws {
    let f = try Fixture()
    try await f.store.createSmart(name: "Beatles", query: "beatles")
    let data = try await f.store.export(name: "Beatles", format: .m3u8)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(f.song("hey").path))
    #expect(text.contains(f.song("come").path))
    #expect(!text.contains(f.song("hurt").path))
  }
}
