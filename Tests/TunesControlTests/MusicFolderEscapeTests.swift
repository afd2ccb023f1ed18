// The real backend keeps every client inside the music folder: `update` of a folder outside it is
// refused (it used to index the folder and move the music folder up to their common parent), `..`
// never climbs out of it, and a client on TCP names no file by absolute path, while the local client
// on the Unix socket may, as mpd's local clients may.
import Foundation
import Testing
import TunesLibrary
import TunesMPD
import TunesMPDTesting

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct MusicFolderEscapeTests {
  /// A song beside the music folder, in a folder no client may reach.
  private func outsideSong(_ p: LivePlayer) async throws -> String {
    let path = p.folder + "/outside/x.mp3"
    try await offCooperativePool { try makeMP3(path, title: "Out", artist: "Side", album: "O", track: 1) }
    return path
  }

  private func raw(_ p: LivePlayer, _ text: String, replies: Int) async throws -> String {
    let socket = p.socket
    return try await offCooperativePool { try rawExchange(path: socket, bytes: Array(text.utf8), replies: replies) }
  }

  @Test func updateOutsideTheMusicFolderIsRefusedAndTheFolderStays() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    _ = try await outsideSong(p)
    let reply = try await raw(
      p, "update ../outside\nrescan ..\nupdate \(p.folder)/outside\nupdate file://\(p.folder)/outside\n", replies: 4)
    #expect(
      reply == "OK MPD 0.23.5\n" + ["update", "rescan", "update", "update"].map { "ACK [2@0] {\($0)} Malformed path\n" }.joined())
    // The backend itself refuses too, whoever calls it.
    for uri in ["../outside", p.folder + "/outside", "Alpha/../../outside"] {
      await #expect(throws: MPDError.argument("Malformed path")) { try await p.backend.update(uri: uri) }
    }
    #expect(await !p.backend.isUpdating)
    // Indexing the folder beside it would have made their parent the music folder.
    #expect(try MusicFolder.of(p.library).root == p.music)
  }

  @Test func listingsStayInsideForEveryClientAndAbsolutePathsAreLocalOnly() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let outside = try await outsideSong(p)
    let tcp = MPDServer(backend: p.backend, configuration: MPDServer.Configuration(tcpPort: 0))
    try await tcp.start()
    defer { tcp.stop() }
    let port = try #require(tcp.tcpPort)
    let song = p.music + "/Beta/01 four.mp3"
    let requests = [
      "listfiles ..", "listfiles ../../etc", "listfiles file:///etc", "listfiles /etc", "lsinfo \(p.folder)",
      "listallinfo ..", "add \"\(song)\"", "addid \"../outside/x.mp3\"", "albumart \"\(song)\" 0",
      "sticker list song \"file://\(song)\"",
    ]
    let remote = try await offCooperativePool {
      try rawExchange(port: port, bytes: Array(requests.map { $0 + "\n" }.joined().utf8), replies: requests.count)
    }
    #expect(
      remote == """
        OK MPD 0.23.5
        ACK [2@0] {listfiles} Bad relative path
        ACK [2@0] {listfiles} Bad relative path
        ACK [4@0] {listfiles} Access denied
        ACK [4@0] {listfiles} Access denied
        ACK [4@0] {lsinfo} Access denied
        ACK [2@0] {listallinfo} Bad relative path
        ACK [4@0] {add} Access denied
        ACK [2@0] {addid} Bad relative path
        ACK [4@0] {albumart} Access denied
        ACK [4@0] {sticker} Access denied

        """)
    #expect(await p.player.queueEntries().isEmpty)
    // Inside the folder, `.` and `..` are normalised: the same listing as the folder's own.
    let inside = try await offCooperativePool {
      try rawExchange(port: port, bytes: Array("listfiles Alpha/../Beta/.\nlistfiles Beta\n".utf8), replies: 2)
    }
    let listings = inside.dropFirst("OK MPD 0.23.5\n".count).components(separatedBy: "OK\n")
    #expect(listings.count == 3 && listings[0] == listings[1] && listings[0].contains("file: 01 four.mp3\nsize: "), "\(inside)")

    // The local client may list and add by absolute path, as mpd's may; `..` still stops at the root.
    let local = try await raw(
      p, "listfiles \"file://\(p.folder)/outside\"\nlistfiles ..\nadd \"\(song)\"\n", replies: 3)
    #expect(local.hasPrefix("OK MPD 0.23.5\nfile: x.mp3\nsize: "), "\(local)")
    #expect(local.hasSuffix("OK\nACK [2@0] {listfiles} Bad relative path\nOK\n"), "\(local)")
    #expect(await p.player.queueEntries().map(\.song.path) == [song])
    #expect(FileManager.default.fileExists(atPath: outside))
  }

  /// A command list's `add`s go to the backend in one call: one that climbs out ends it with its ACK,
  /// the ones before it added, none after.
  @Test func anEscapeInACommandListOfAddsStopsIt() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    _ = try await outsideSong(p)
    let reply = try await raw(
      p, "command_list_begin\nadd Alpha/First\nadd Alpha/./Second/..\nadd ../outside/x.mp3\nadd Beta\ncommand_list_end\n",
      replies: 1)
    #expect(reply == "OK MPD 0.23.5\nACK [2@2] {add} Bad relative path\n")
    #expect(await p.player.queueEntries().map(\.song.title) == ["One", "Two", "One", "Two", "Three"])
  }

  /// The backend's own URI mapping refuses a `..` above the music folder, whoever calls it.
  @Test func theMusicFolderMapsNoURIAboveItself() {
    let folder = MusicFolder(root: "/music")
    #expect(folder.path(forURI: "a/../b") == "/music/b")
    #expect(folder.path(forURI: "/") == "/music")
    #expect(folder.path(forURI: "file:///x/../y") == "/y")
    for uri in ["..", "../x", "a/../../x", "./..", "../\u{301}x"] { #expect(folder.path(forURI: uri) == nil, "\(uri)") }
  }
}
