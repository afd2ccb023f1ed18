// swap, swapid, moveid, rangeid and the tag edits MPD refuses for local files, on the in-memory backend.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct QueueEntryCommandTests {
  private func files(_ backend: InMemoryMPDBackend) async throws -> [String] {
    await backend.queue().items.map { String($0.song.file.split(separator: "/").last!) }
  }

  @Test func swapsAndMovesById() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    _ = try await exchange(backend, "add Beatles")  // ids 1, 2, 3
    #expect(
      try await exchange(backend, "swap 0 2", "swap 1 1", "swap 0 3", "swap 0 x") == """
        OK
        OK
        ACK [2@0] {swap} Bad song index
        ACK [2@0] {swap} Integer expected: x

        """)
    #expect(try await files(backend) == ["01 Help.mp3", "02 Something.mp3", "01 Come Together.mp3"])
    #expect(try await exchange(backend, "swapid 1 2", "swapid 1 9") == "OK\nACK [50@0] {swapid} No such song\n")
    #expect(try await files(backend) == ["01 Help.mp3", "01 Come Together.mp3", "02 Something.mp3"])
    #expect(
      try await exchange(backend, "moveid 3 2", "moveid 3 3", "moveid 9 0", "moveid 1 +0") == """
        OK
        ACK [2@0] {moveid} Number too large: 3
        ACK [50@0] {moveid} No such song
        ACK [55@0] {moveid} No current song

        """)
    #expect(try await files(backend) == ["01 Come Together.mp3", "02 Something.mp3", "01 Help.mp3"])
  }

  @Test func rangeIsShownOnTheEntryAndRefusedForThePlayingSong() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    _ = try await exchange(backend, "add Beatles/Help")
    let reply = try await exchange(backend, "rangeid 1 0.5:1.5", "playlistid 1", "rangeid 1 1:", "playlistinfo 0")
    #expect(
      reply == """
        OK
        file: Beatles/Help/01 Help.mp3
        Range: 0.500-1.500
        Artist: The Beatles
        Title: Help!
        Album: Help!
        Track: 1
        Genre: Rock
        Time: 1
        duration: 1.000
        Pos: 0
        Id: 1
        OK
        OK
        file: Beatles/Help/01 Help.mp3
        Range: 1.000-
        Artist: The Beatles
        Title: Help!
        Album: Help!
        Track: 1
        Genre: Rock
        Time: 137
        duration: 137.000
        Pos: 0
        Id: 1
        OK

        """)
    #expect(
      try await exchange(backend, "rangeid 1 :", "rangeid 1 2:1", "rangeid 1 x", "rangeid 7 1:2") == """
        OK
        ACK [2@0] {rangeid} Bad range
        ACK [2@0] {rangeid} Bad range
        ACK [50@0] {rangeid} No such song

        """)
    #expect(await backend.queue().items[0].song.range == nil)
    #expect(try await exchange(backend, "play 0", "rangeid 1 1:2") == "OK\nACK [4@0] {rangeid} Cannot edit the current song\n")
  }

  @Test func tagEditsOfLocalFilesAreRefusedAsMPDRefusesThem() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    _ = try await exchange(backend, "add loose.mp3")
    #expect(
      try await exchange(backend, "addtagid 1 artist X", "cleartagid 1", "addtagid 1 mood x", "cleartagid 5") == """
        ACK [4@0] {addtagid} Cannot edit tags of local file
        ACK [4@0] {cleartagid} Cannot edit tags of local file
        ACK [2@0] {addtagid} Unknown tag type: mood
        ACK [50@0] {cleartagid} No such song

        """)
  }
}
