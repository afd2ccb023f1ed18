// `tagtypes` per connection, over a socket: what one client disables leaves its own song blocks and no
// one else's, and `list` keeps every tag. The differential case 29-tagtypes-per-connection checks the
// same against a real mpd.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct TagTypesTests {
  @Test func disabledTypesLeaveThisConnectionsSongBlocksOnly() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let song = "Beatles/Help/01 Help.mp3"
    let (own, listed, types) = try await h.client { c in
      _ = try c.run("tagtypes", ["disable", "Artist", "genre"])
      return (
        try c.run("lsinfo", [song]).map(\.0), try c.run("list", ["artist"]).map(\.1),
        try c.run("tagtypes").map(\.1)
      )
    }
    #expect(own == ["file", "Title", "Album", "Track", "Time", "duration"])
    #expect(listed == ["", "Nina Simone", "The Beatles"])
    #expect(types.count == MPDTag.allCases.count - 2 && !types.contains("Artist") && !types.contains("Genre"))
    let other = try await h.client { c in try c.run("lsinfo", [song]).map(\.0) }
    #expect(other == ["file", "Artist", "Title", "Album", "Track", "Genre", "Time", "duration"])
  }

  @Test func aCommandListChangesTheTypesForTheCommandsAfterIt() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    let requests = try ["tagtypes clear", "lsinfo loose.mp3", "tagtypes enable Title", "lsinfo loose.mp3"].map {
      try MPDRequestParser.parse($0)
    }
    let result = await MPDDispatcher(backend: backend).run(
      MPDBatch(requests: requests, mode: .list, authorized: true, binaryLimit: 8192), password: nil)
    #expect(
      String(decoding: result.output, as: UTF8.self) == """
        file: loose.mp3
        Time: 10
        duration: 10.000
        file: loose.mp3
        Title: Loose "Quoted" Song
        Time: 10
        duration: 10.000
        OK

        """)
    #expect(result.tagTypes == [.title])
  }

  @Test func namesAreCheckedBeforeAnyChangeAndSubCommandsAreLowerCase() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    let requests = try ["tagtypes disable Title nosuch", "tagtypes CLEAR", "tagtypes reset", "tagtypes enable"].map {
      try MPDRequestParser.parse($0)
    }
    var replies: [String] = []
    for request in requests {
      let result = await MPDDispatcher(backend: backend).run(
        MPDBatch(requests: [request], mode: .single, authorized: true, binaryLimit: 8192), password: nil)
      #expect(result.tagTypes == nil)
      replies.append(String(decoding: result.output, as: UTF8.self))
    }
    #expect(
      replies == [
        "ACK [2@0] {tagtypes} Unknown tag type\n", "ACK [2@0] {tagtypes} Unknown sub command\n",
        "ACK [2@0] {tagtypes} Unknown sub command\n", "ACK [2@0] {tagtypes} Not enough arguments\n",
      ])
  }
}
