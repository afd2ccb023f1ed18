// MPD commands that tell about the server rather than the queue (`tagtypes`, `outputs`, `urlhandlers`,
// `commands`, `notcommands`, unknown ones) and `kill`, against both backends over a real Unix socket
// (`decoders`, the same whatever the backend, has its own suite in TunesMPDTests).
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting

@Suite struct ServerCommandTests {
  @Test(arguments: BackendKind.allCases)
  func serverFactsAndUnknownCommands(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let reply = try await h.raw(
      replies: 7, "tagtypes\noutputs\nurlhandlers\nnotcommands\nfrobnicate 1\nstatus 1\nstats\n")
    #expect(
      reply.hasPrefix(
        """
        OK MPD 0.23.5
        tagtype: Artist
        tagtype: ArtistSort
        tagtype: Album
        tagtype: AlbumSort
        tagtype: AlbumArtist
        tagtype: AlbumArtistSort
        tagtype: Title
        tagtype: Track
        tagtype: Name
        tagtype: Genre
        tagtype: Date
        tagtype: OriginalDate
        tagtype: Composer
        tagtype: ComposerSort
        tagtype: Performer
        tagtype: Conductor
        tagtype: Work
        tagtype: Movement
        tagtype: MovementNumber
        tagtype: Ensemble
        tagtype: Location
        tagtype: Grouping
        tagtype: Disc
        tagtype: Label
        tagtype: MUSICBRAINZ_ARTISTID
        tagtype: MUSICBRAINZ_ALBUMID
        tagtype: MUSICBRAINZ_ALBUMARTISTID
        tagtype: MUSICBRAINZ_TRACKID
        tagtype: MUSICBRAINZ_RELEASETRACKID
        tagtype: MUSICBRAINZ_WORKID
        OK
        outputid: 0
        outputname: tunes
        plugin: alsa
        outputenabled: 1
        OK
        handler: file://
        OK
        OK
        ACK [5@0] {} unknown command "frobnicate"
        ACK [2@0] {status} wrong number of arguments for "status"
        uptime: 
        """))
    // 766.75 s of songs: MPD adds whole milliseconds and drops the total's fraction of a second.
    #expect(reply.contains("\nartists: 2\nalbums: 3\nsongs: 5\ndb_playtime: 766\n"))
    let commands = try await h.client { c in try c.run("commands").map(\.value) }
    #expect(commands.contains("plchanges") && commands.contains("idle") && commands.contains("kill"))
    #expect(commands == commands.sorted())
  }

  @Test(arguments: BackendKind.allCases)
  func killAsksTheBackendToShutDown(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    _ = try await h.client { c in try c.run("kill") }
    #expect(h.shutdowns.value == 1)
    if let memory = h.memory { #expect(await memory.calls.last == "kill") }
  }
}
