// Answers MPD 0.23 gives that differ from the obvious ones, each checked against a real mpd by the
// differential test (Tests/MPDDifferential) and pinned here on the in-memory backend.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct ProtocolAnswerTests {
  @Test func nextAndPreviousWhileStoppedAreNotPlaying() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    let reply = try await exchange(backend, "add \"\"", "next", "previous", "play 0", "pause 1", "next")
    #expect(
      reply == """
        OK
        ACK [55@0] {next} Not playing
        ACK [55@0] {previous} Not playing
        OK
        OK
        OK

        """)
    #expect(await backend.status().song == 1)
  }

  @Test func deleteClipsItsRangeAndMinusOneIsTheWholeQueue() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    let reply = try await exchange(
      backend, "delete 0", "add Beatles", "delete 4", "delete 3", "delete 2:9", "playlistinfo -1", "delete -1")
    #expect(
      reply.hasPrefix(
        """
        OK
        OK
        ACK [2@0] {delete} Bad song index
        OK
        OK
        file: Beatles/Abbey Road/01 Come Together.mp3
        """))
    #expect(reply.hasSuffix("Pos: 1\nId: 2\nOK\nOK\n"))
    #expect(await backend.queue().items.isEmpty)
  }

  @Test func argumentCountsAreWordedAsMPDWordsThem() async throws {
    let reply = try await exchange(InMemoryMPDBackend(), "add", "playlistinfo 1 2", "status 1", "move 0")
    #expect(
      reply == """
        ACK [2@0] {add} too few arguments for "add"
        ACK [2@0] {playlistinfo} too many arguments for "playlistinfo"
        ACK [2@0] {status} wrong number of arguments for "status"
        ACK [2@0] {move} wrong number of arguments for "move"

        """)
  }

  @Test func lsinfoOfASongListsTheSong() async throws {
    let reply = try await exchange(
      InMemoryMPDBackend(songs: fixtureSongs), "lsinfo \"Beatles/Help/01 Help.mp3\"", "lsinfo nowhere.mp3")
    #expect(reply.hasPrefix("file: Beatles/Help/01 Help.mp3\nArtist: The Beatles\n"))
    #expect(reply.hasSuffix("Time: 138\nduration: 138.000\nOK\nACK [50@0] {lsinfo} No such directory\n"))
  }

  /// In MPD's order, too: a folder's songs, then each sub-folder followed by what it holds.
  @Test func listallOfAFolderStartsWithTheFolder() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    #expect(
      try await exchange(backend, "listall Beatles/Help", "listall") == """
        directory: Beatles/Help
        file: Beatles/Help/01 Help.mp3
        OK
        file: loose.mp3
        directory: Beatles
        directory: Beatles/Abbey Road
        file: Beatles/Abbey Road/01 Come Together.mp3
        file: Beatles/Abbey Road/02 Something.mp3
        directory: Beatles/Help
        file: Beatles/Help/01 Help.mp3
        directory: Nina Simone
        file: Nina Simone/Feeling Good.mp3
        OK

        """)
  }

  @Test func listCountsASongWithoutTheTagUnderTheEmptyValue() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    #expect(
      try await exchange(backend, "list date", "list composer artist \"Nina Simone\"", "list genre title nothing") == """
        Date: 
        Date: 1969
        OK
        Composer: 
        OK
        OK

        """)
  }

  @Test func consumeTakesABooleanAsMPD023Does() async throws {
    let backend = InMemoryMPDBackend()
    #expect(
      try await exchange(backend, "consume oneshot", "consume 1") == "ACK [2@0] {consume} Boolean (0/1) expected: oneshot\nOK\n")
    #expect(await backend.status().consume == .on)
  }

  @Test func listallOfASongListsTheSongAndAFilterCannotBeEmpty() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    #expect(
      try await exchange(backend, "listall loose.mp3", "find sort Title", "searchaddpl x") == """
        file: loose.mp3
        OK
        ACK [2@0] {find} Incorrect number of filter arguments
        ACK [2@0] {searchaddpl} too few arguments for "searchaddpl"

        """)
  }

  @Test func aFolderIsAddedInMPDsOrder() async throws {
    // Untagged songs by collated name, an album's songs in track order, both before the sub-folders.
    var songs = ["x/Élan/e.mp3", "x/Bob/b.mp3", "x/après.mp3", "x/alpha/a.mp3", "x/Intro.mp3"].map { MPDSong(file: $0) }
    songs += [("x/Closing.mp3", "2"), ("x/Another.mp3", "3"), ("x/Zero.mp3", "1")].map {
      MPDSong(file: $0.0, tags: [.album: "Tour", .track: $0.1])
    }
    let backend = InMemoryMPDBackend(songs: songs)
    _ = try await exchange(backend, "add x")
    #expect(
      await backend.queue().items.map(\.song.file) == [
        "x/après.mp3", "x/Intro.mp3", "x/Zero.mp3", "x/Closing.mp3", "x/Another.mp3", "x/alpha/a.mp3", "x/Bob/b.mp3",
        "x/Élan/e.mp3",
      ])
  }
}
