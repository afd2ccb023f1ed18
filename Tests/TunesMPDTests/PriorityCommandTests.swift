// `prio` and `prioid` on the in-memory backend: the Prio line after Id, ranges clipped as MPD clips them,
// one queue version per command, and MPD's errors (checked against a real mpd by the differential case
// 21-prio).
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct PriorityCommandTests {
  @Test func prioritiesShowAfterTheIdAndErrorsAreMPDs() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    _ = try await exchange(backend, "add Beatles")
    let before = await backend.status().playlistVersion
    let reply = try await exchange(
      backend, "prio 10 0:9", "prioid 5 2", "prio 0 2", "playlistid 2", "prio 256 0", "prio -1 0", "prio 5 7",
      "prioid 5 99", "prio 5")
    #expect(
      reply == """
        OK
        OK
        OK
        file: Beatles/Abbey Road/02 Something.mp3
        Artist: The Beatles
        Title: Something
        Album: Abbey Road
        Track: 2
        Date: 1969
        Genre: Rock
        Time: 182
        duration: 182.250
        Pos: 1
        Id: 2
        Prio: 5
        OK
        ACK [2@0] {prio} Number too large: 256
        ACK [2@0] {prio} Number too large: -1
        ACK [2@0] {prio} Bad song index
        ACK [50@0] {prioid} No such song
        ACK [2@0] {prio} too few arguments for "prio"

        """)
    #expect(await backend.status().playlistVersion == before + 3)
    #expect(await backend.queue().items.map(\.song.priority) == [10, 5, 0])
  }
}
