// The remote commands mean one thing each: `resume` from stop plays the queue, and a command that could
// change nothing (pause while paused, stop while stopped, clear on an empty queue) says so and exits 1.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct RemoteCommandTests {
  @Test func resumeFromStopPlaysAndCommandsThatChangeNothingSaySo() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Anna", album: "Day", seconds: 30)
    try home.makeSong("B/1 two.mp3", title: "Two", artist: "Bert", album: "Dark", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)
    _ = try await home.startDaemon(["--device", "null"])

    #expect(try await home.tunes("stop").status == 0)
    let stoppedAgain = try await home.tunes("stop")
    #expect(stoppedAgain.status == 1 && stoppedAgain.err == "tunes: the player is already stopped\n", "\(stoppedAgain.err)")
    let pauseStopped = try await home.tunes("pause")
    #expect(pauseStopped.status == 1 && pauseStopped.err == "tunes: nothing is playing\n")

    // resume from stop plays the queue.
    let resumed = try await home.tunes("resume")
    #expect(resumed.status == 0, "\(resumed.err)")
    #expect(try await statusJSON(home)["state"] as? String == "play")
    let resumedAgain = try await home.tunes("resume")
    #expect(resumedAgain.status == 1 && resumedAgain.err == "tunes: the player is already playing\n")

    #expect(try await home.tunes("pause").status == 0)
    let pausedAgain = try await home.tunes("pause")
    #expect(pausedAgain.status == 1 && pausedAgain.err == "tunes: the player is already paused\n")
    #expect(try await statusJSON(home)["state"] as? String == "pause")

    #expect(try await home.tunes("clear").status == 0)
    let clearedAgain = try await home.tunes("clear")
    #expect(clearedAgain.status == 1 && clearedAgain.err == "tunes: the queue is already empty\n")
    let resumeEmpty = try await home.tunes("resume")
    #expect(resumeEmpty.status == 1 && resumeEmpty.err == "tunes: the queue is empty\n")
    let toggleEmpty = try await home.tunes("toggle")
    #expect(toggleEmpty.status == 1 && toggleEmpty.err == "tunes: the queue is empty\n")
    #expect(try await home.tunes("quit").status == 0)
  }
}
