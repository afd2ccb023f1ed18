// What `tunes status` prints of the running player: the line for people and the JSON for scripts,
// built from MPD's status and currentsong replies.
import Foundation
import Testing
import TunesControl

@testable import tunes

@Suite struct PlayerReportTests {
  @Test func reportFromStatusAndSong() {
    let report = PlayerReport(
      status: [
        "state": "play", "song": "2", "playlistlength": "12", "random": "1", "repeat": "1", "single": "1",
        "elapsed": "83.250", "duration": "296.000", "volume": "80",
      ],
      currentSong: [
        "file": "a/b.mp3", "Artist": "Nina Simone", "Title": "Feeling Good", "Pos": "2", "Id": "7", "duration": "296.000",
      ])
    #expect(report.line == "▶ Nina Simone – Feeling Good  1:23/4:56  #3/12  shuffle on  repeat one  volume 80%")
    #expect(
      report.json
        == #"{"consume":false,"durationMs":296000,"elapsedMs":83250,"position":2,"queueLength":12,"repeat":"one","shuffle":true,"single":true,"song":{"artist":"Nina Simone","durationMs":296000,"file":"a/b.mp3","id":7,"position":2,"title":"Feeling Good"},"state":"play","volume":80}"#
    )
    let stopped = PlayerReport(status: ["state": "stop", "playlistlength": "0", "repeat": "1"], currentSong: [:])
    #expect(stopped.line == "■ stopped, nothing selected  queue 0  shuffle off  repeat all")
    #expect(stopped.json.contains(#""song":null"#) && stopped.json.contains(#""volume":null"#))
    // Single and consume are shown: single with repeat off plays one song and stops, which "repeat off"
    // alone would hide.
    let modes = PlayerReport(
      status: ["state": "stop", "playlistlength": "0", "repeat": "0", "single": "1", "consume": "1"], currentSong: [:])
    #expect(modes.line == "■ stopped, nothing selected  queue 0  shuffle off  repeat off  single on  consume on")
    #expect(
      modes.json.contains(#""consume":true"#) && modes.json.contains(#""repeat":"off""#) && modes.json.contains(#""single":true"#)
    )
    #expect(stopped.json.contains(#""consume":false"#) && stopped.json.contains(#""single":false"#))
  }

  /// The queue's lengths are the same clocks as every listing's: h:mm:ss from an hour on, rounded as mpd rounds
  /// `Time:` (259.5 s is 4:20, as mpc shows it).
  @Test func queueLinesMarkTheCurrentSong() {
    let songs = [
      ["file": "a.mp3", "Artist": "The Beatles", "Title": "Come Together", "Pos": "0", "Id": "1", "duration": "259.500"],
      ["file": "dir/b.mp3", "Pos": "1", "Id": "2", "Time": "3725"],
    ]
    #expect(PlayerReport.queueLines(songs, current: 1) == [" 1. The Beatles – Come Together  4:20", ">2. b.mp3  1:02:05"])
  }
}
