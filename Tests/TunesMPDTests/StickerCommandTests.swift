// `sticker … song …` on the in-memory backend: the replies mpd 0.23 gives with a sticker database,
// checked against a real mpd by the differential case 14-stickers.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct StickerCommandTests {
  @Test func stickersAreSetListedFoundAndDeletedAsMPDDoes() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    let come = "\"Beatles/Abbey Road/01 Come Together.mp3\"", help = "\"Beatles/Help/01 Help.mp3\""
    let reply = try await exchange(
      backend, "sticker set song \(come) rating 5", "sticker set song \(come) mood calm",
      "sticker set song \(help) rating 3", "sticker get song \(come) rating", "sticker list song \(come)",
      "sticker find song Beatles rating", "sticker find song \"\" rating > 3", "sticker find song Beatles rating < 5",
      "sticker find song Beatles rating = 5", "sticker find song nowhere rating", "sticker delete song \(come) rating",
      "sticker get song \(come) rating", "sticker delete song \(come) rating", "sticker delete song \(help)",
      "sticker list song \(help)", "sticker get song nowhere.mp3 rating", "sticker get playlist x rating",
      "sticker bogus song x", "sticker find song Beatles mood ~ x", "sticker get")
    #expect(
      reply == """
        OK
        OK
        OK
        sticker: rating=5
        OK
        sticker: mood=calm
        sticker: rating=5
        OK
        file: Beatles/Abbey Road/01 Come Together.mp3
        sticker: rating=5
        file: Beatles/Help/01 Help.mp3
        sticker: rating=3
        OK
        file: Beatles/Abbey Road/01 Come Together.mp3
        sticker: rating=5
        OK
        file: Beatles/Help/01 Help.mp3
        sticker: rating=3
        OK
        file: Beatles/Abbey Road/01 Come Together.mp3
        sticker: rating=5
        OK
        OK
        OK
        ACK [50@0] {sticker} no such sticker
        ACK [50@0] {sticker} no such sticker
        OK
        OK
        ACK [50@0] {sticker} No such song
        ACK [2@0] {sticker} unknown sticker domain
        ACK [2@0] {sticker} bad request
        ACK [2@0] {sticker} bad operator
        ACK [2@0] {sticker} too few arguments for "sticker"

        """)
  }
}
