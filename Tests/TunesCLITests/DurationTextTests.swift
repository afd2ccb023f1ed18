// The one way durations are written in listings and playlists: m:ss, h:mm:ss from an hour on.
import Foundation
import Testing

@testable import tunes

@Suite struct DurationTextTests {
  @Test func durationsReadAsFoundationWouldPrintThem() {
    for ms in [0, 999, 1_000, 7_250, 59_999, 60_000, 605_000, 3_599_999, 3_600_000, 3_661_000, 36_000_000, 359_999_999] {
      let seconds = ms / 1000
      let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
      let expected = h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
      #expect(TableOutput.duration(ms: ms) == expected, "\(ms) ms")
    }
    #expect(TableOutput.duration(ms: nil) == "")
  }

  @Test func playlistDurationsAreRoundedAndDashWhenUnknown() {
    #expect(PlaylistCLI.duration(nil) == "-")
    #expect(PlaylistCLI.duration(0) == "-")
    #expect(PlaylistCLI.duration(1_499) == "0:01")
    #expect(PlaylistCLI.duration(1_500) == "0:02")
    #expect(PlaylistCLI.duration(3_599_500) == "1:00:00")
  }
}
