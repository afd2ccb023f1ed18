// sort and window on find/search/findadd/searchadd/searchaddpl, and regular-expression filters, as MPD
// 0.23 reads them.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct FindOptionTests {
  private func files(_ reply: String) -> [String] {
    reply.split(separator: "\n").filter { $0.hasPrefix("file: ") }.map { String($0.dropFirst(6).split(separator: "/").last!) }
  }

  @Test func sortIsStableNumericForTracksAndDescendingWithAMinus() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    #expect(
      files(try await exchange(backend, "find artist \"The Beatles\" sort Title")) == [
        "01 Come Together.mp3", "01 Help.mp3", "02 Something.mp3",
      ])
    // Track 1 twice: the tie keeps the library's order (MPD's: loose.mp3 at the root first), descending too.
    #expect(
      files(try await exchange(backend, "search file .mp3 sort -Track")) == [
        "02 Something.mp3", "01 Come Together.mp3", "01 Help.mp3", "loose.mp3", "Feeling Good.mp3",
      ])
    #expect(
      files(try await exchange(backend, "search file .mp3 sort Track window 1:3")) == [
        "Feeling Good.mp3", "01 Come Together.mp3",
      ])  // no track sorts as 0
    #expect(files(try await exchange(backend, "search file .mp3 window 4:9")) == ["Feeling Good.mp3"])
  }

  @Test func optionsOutOfPlaceAreReadAsTheFilter() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    #expect(
      try await exchange(
        backend, "find artist x sort Mood", "find artist x window 0:1 sort Title", "find artist x sort",
        "find artist x window 2:1"
      ) == """
        ACK [2@0] {find} Unknown sort tag
        ACK [2@0] {find} Unknown filter type
        ACK [2@0] {find} Incorrect number of filter arguments
        ACK [2@0] {find} Malformed range: 2:1

        """)
  }

  @Test func findaddAndSearchaddplTakeTheOptions() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    _ = try await exchange(
      backend, "findadd artist \"The Beatles\" sort -Title window 0:2", "searchaddpl mix title o sort Title window 1:")
    #expect(try await backend.queue().items.map(\.song.title) == ["Something", "Help!"])
    #expect(
      try await backend.storedPlaylist(named: "mix").map(\.title) == ["Feeling Good", "Loose \"Quoted\" Song", "Something"])
    #expect(try await exchange(backend, "searchaddpl \"a/b\" title o") == "ACK [2@0] {searchaddpl} Bad playlist name\n")
  }

  @Test func regularExpressionsMatchAnywhereAndFoldCaseForSearch() async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    #expect(files(try await exchange(backend, "find \"(title =~ '^S')\"")) == ["02 Something.mp3"])
    #expect(files(try await exchange(backend, "find \"(title =~ '^s')\"")) == [])
    #expect(files(try await exchange(backend, "search \"(title =~ '^s')\"")) == ["02 Something.mp3"])
    #expect(files(try await exchange(backend, "find \"(artist !~ 'Beat')\"")) == ["loose.mp3", "Feeling Good.mp3"])
    #expect(files(try await exchange(backend, "find \"(file =~ 'Good\\\\.mp3$')\"")) == ["Feeling Good.mp3"])
    // `any` is the tags, never the URI, as in mpd.
    #expect(files(try await exchange(backend, "find \"(any =~ 'Good\\\\.mp3$')\"")) == [])
    #expect(try await exchange(backend, "find \"(title =~ '[')\"") == "ACK [2@0] {find} Error in regex: [\n")
  }

  @Test func aRegexClauseReadsTheSameInPlaceAsFromStrings() throws {
    for (pattern, fold) in [("^Th", false), ("simone$", true), ("o{2}", false), ("(?:Help|Good)", true)] {
      let filter = try MPDFilter.parse(["(artist =~ '\(pattern)')"], substring: fold)
      let matcher = MPDFilter.Matcher(filter)
      for song in fixtureSongs {
        #expect(matchesInPlace(matcher, song) == stringReading(filter, song), "\(pattern) \(song.file)")
        #expect(matcher.matches(song) == stringReading(filter, song), "\(pattern) \(song.file)")
      }
    }
  }
}
