// The one way durations are written in listings, playlists and the player's clocks: m:ss, h:mm:ss from
// an hour on, to the nearest second; and how long to wait for a server.
import Foundation
import Testing
import TunesCore

@Suite struct DurationTextTests {
  @Test func durationsReadAsFoundationWouldPrintThem() {
    for ms in [0, 999, 1_000, 7_250, 59_999, 60_000, 605_000, 3_599_999, 3_600_000, 3_661_000, 36_000_000, 359_999_999] {
      let seconds = (ms + 500) / 1000
      let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
      let expected = h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
      #expect(DurationText.cell(ms: ms) == expected, "\(ms) ms")
      #expect(DurationText.clock(ms: ms) == expected, "\(ms) ms")
    }
    #expect(DurationText.cell(ms: nil) == "")
  }

  @Test func clockFormats() {
    #expect(DurationText.clock(ms: 0) == "0:00")
    #expect(DurationText.clock(ms: 61_499) == "1:01")
    #expect(DurationText.clock(ms: 61_999) == "1:02")
    #expect(DurationText.clock(ms: 3_725_000) == "1:02:05")
  }

  /// As mpd rounds `time:` and `Time:`, and so as mpc and ncmpcpp show a song's elapsed time and length.
  @Test func clocksRoundToTheNearestSecondAsMPDClientsShowThem() {
    #expect(DurationText.clock(ms: 11_777) == "0:12")
    #expect(DurationText.clock(ms: 11_499) == "0:11")
    #expect(DurationText.clock(seconds: 11.777) == "0:12")
    #expect(DurationText.clock(seconds: 2.6) == "0:03")
    #expect(DurationText.clock(seconds: 3_599.5) == "1:00:00")
    #expect(DurationText.clock(seconds: -1) == "0:00")
    #expect(DurationText.clock(seconds: .nan) == "0:00")
  }

  @Test func playlistDurationsAreRoundedAndDashWhenUnknown() {
    #expect(DurationText.rounded(ms: nil) == "-")
    #expect(DurationText.rounded(ms: 0) == "-")
    #expect(DurationText.rounded(ms: 1_499) == "0:01")
    #expect(DurationText.rounded(ms: 1_500) == "0:02")
    #expect(DurationText.rounded(ms: 3_599_500) == "1:00:00")
  }

  @Test func waitsAreRoundedUpToTheirUnit() {
    #expect(DurationText.wait(seconds: 45) == "45 s")
    #expect(DurationText.wait(seconds: 119) == "119 s")
    #expect(DurationText.wait(seconds: 121) == "3 min")
    #expect(DurationText.wait(seconds: 7_199) == "120 min")
    #expect(DurationText.wait(seconds: 86_400) == "24 h")
    #expect(DurationText.wait(seconds: 86_401) == "25 h")
  }
}
