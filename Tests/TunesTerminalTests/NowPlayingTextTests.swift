// How a playing song is named and clocked (NowPlayingText), the one rendering behind the player's status
// line, `tunes status`, `current` and `queue`; the binary's views are compared in TunesCLITests.
import Testing
import TunesTerminal

@Suite struct NowPlayingTextTests {
  @Test func theNameSaysWhatIsKnown() {
    #expect(NowPlayingText.name(title: "One", artist: "Ada", album: "First", file: "a/1.mp3") == "Ada – One · First")
    #expect(NowPlayingText.name(title: "One", artist: nil, album: "First", file: "a/1.mp3") == "One · First")
    #expect(NowPlayingText.name(title: "One", artist: "", album: "", file: "a/1.mp3") == "One")
    // No title: the file's name stands for it, as the library names an untagged file.
    #expect(NowPlayingText.name(title: nil, artist: "Ada", album: nil, file: "/m/a/1 one.mp3") == "Ada – 1 one.mp3")
    #expect(NowPlayingText.name(title: "", artist: nil, album: nil, file: "loose.flac") == "loose.flac")
  }

  @Test func theClockIsDurationTexts() {
    #expect(NowPlayingText.time(elapsedMs: 83_250, durationMs: 296_000) == "1:23/4:56")
    #expect(NowPlayingText.time(elapsedMs: 5_000, durationMs: nil) == "0:05/?:??")
    #expect(NowPlayingText.time(elapsedMs: nil, durationMs: 3_725_000) == "1:02:05")
    #expect(NowPlayingText.time(elapsedMs: nil, durationMs: nil) == "")
    #expect(
      NowPlayingText.line(title: "One", artist: "Ada", album: nil, file: "x", elapsedMs: 1_000, durationMs: 2_000)
        == "Ada – One  0:01/0:02")
    #expect(NowPlayingText.line(title: "One", artist: nil, album: nil, file: "x", elapsedMs: nil, durationMs: nil) == "One")
  }
}
