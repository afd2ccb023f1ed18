// Control commands against a real player print the state they leave, as mpc does (`-q`: nothing), and
// `seek` takes mpc's forms and refuses a position past the end.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct ControlOutputTests {
  @Test func controlCommandsPrintTheStateTheyLeave() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Ada", album: "First", seconds: 40)
    try home.makeSong("A/2 two.mp3", title: "Two", artist: "Ada", album: "First", seconds: 40)
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])
    defer { kill(pid, SIGKILL) }

    let paused = try await home.tunes("pause")
    #expect(paused.status == 0)
    #expect(paused.out.hasPrefix("⏸ ") && paused.out.contains("One") && paused.out.contains("#1/2"), "\(paused.out)")
    let next = try await home.tunes("next")
    #expect(next.out.contains("Two") && next.out.contains("#2/2"), "\(next.out)")
    let volume = try await home.tunes("volume", "40")
    #expect(volume.out.contains("volume 40%"), "\(volume.out)")
    // Without an argument: the words of the status line (mpc: "volume: 40%"), not a bare number.
    let shown = try await home.tunes("volume")
    #expect(shown.status == 0 && shown.out == "volume 40%\n", "\(shown.out) \(shown.err)")
    let shuffled = try await home.tunes("shuffle", "on")
    #expect(shuffled.out.contains("shuffle on"))
    let repeating = try await home.tunes("repeat", "all", "-q")
    #expect(repeating.status == 0 && repeating.out.isEmpty)
    #expect(try await statusJSON(home)["repeat"] as? String == "all")
    let quietVolume = try await home.tunes("volume", "-10", "-q")
    #expect(quietVolume.status == 0 && quietVolume.out.isEmpty, "\(quietVolume.err)")
    #expect(try await statusJSON(home)["volume"] as? Int == 30)

    // seek: a clock time, a share, a step back, and past the end refused with the player untouched
    // (paused, so the position stays where seek put it).
    if try await statusJSON(home)["state"] as? String == "play" { #expect(try await home.tunes("pause", "-q").out.isEmpty) }
    let clock = try await home.tunes("seek", "0:30")
    #expect(clock.status == 0 && clock.out.contains("0:30/0:40"), "\(clock.out) \(clock.err)")
    do { let e = try await elapsed(home); #expect(e == 30_000, "\(String(describing: e))") }
    // A share is of the song's exact length (the encoder's padding makes it a little over 40 s).
    let length = try #require(try await statusJSON(home)["durationMs"] as? Int)
    #expect(try await home.tunes("seek", "25%", "-q").out.isEmpty)
    do { let e = try await elapsed(home); #expect(e == length / 4, "\(String(describing: e))") }
    #expect(try await home.tunes("seek", "-5", "-q").status == 0)
    do { let e = try await elapsed(home); #expect(e == length / 4 - 5_000, "\(String(describing: e))") }
    let past = try await home.tunes("seek", "+1:00")
    #expect(past.status == 64 && past.err == "tunes: 1:05 is past the end of the song (0:40 long)\n", "\(past.err)")
    do { let e = try await elapsed(home); #expect(e == length / 4 - 5_000, "\(String(describing: e))") }

    // Templates on what the player reports.
    let current = try await home.tunes("current", "-f", "%artist% / %title% #%position%")
    #expect(current.out == "Ada / Two #2\n", "\(current.out) \(current.err)")
    let status = try await home.tunes("status", "--format", "$state $title $volume $repeat")
    #expect(status.out == "pause Two 30 all\n", "\(status.out) \(status.err)")
    let queue = try await home.tunes("queue", "-f", "$position $title $length")
    #expect(queue.out.hasPrefix("1 One 0:40\n") || queue.out.hasPrefix("1 Two 0:40\n"), "\(queue.out)")
    #expect(queue.out.split(separator: "\n").count == 2)

    #expect(try await home.tunes("quit").out.isEmpty)
  }
}

private func elapsed(_ home: PlayerHome) async throws -> Int? {
  try await statusJSON(home)["elapsedMs"] as? Int
}
