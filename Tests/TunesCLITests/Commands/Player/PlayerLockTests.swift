// One player per library: a second player on the same database is refused in one line naming the
// running one's pid and socket, whatever XDG_RUNTIME_DIR says; `tunes play QUERY` from a shell with
// another runtime folder, and every remote command from it, reach the running player through the
// library's lock file.
import Foundation
import Testing
import TunesTestSupport

@Suite(.enabled(if: playerToolsPresent), .serialized)
struct PlayerLockTests {
  @Test func aSecondPlayerOnOneLibraryIsRefusedWhateverTheRuntimeFolder() async throws {
    let home = try PlayerHome()
    try home.makeSong("A/1 one.mp3", title: "One", artist: "Anna", album: "Day", seconds: 30)
    try home.makeSong("B/1 two.mp3", title: "Two", artist: "Bert", album: "Dark", seconds: 30)
    try #require(try await home.tunes("index", home.music).status == 0)
    let pid = try await home.startDaemon(["--device", "null"])

    // Another shell: another runtime folder and no TUNES_MPD_SOCKET, so another default socket.
    let other = home.root + "/run-other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    home.extraEnvironment = ["XDG_RUNTIME_DIR": other, "TUNES_MPD_SOCKET": ""]
    let secondDaemon = try await home.tunes("play", "--daemon", "--resume", "--device", "null")
    #expect(secondDaemon.status == 69, "\(secondDaemon.out)\(secondDaemon.err)")
    #expect(
      secondDaemon.err
        == "tunes: a player already plays this library (pid \(pid), socket \(home.socket)); control it with `tunes …` or an MPD client, or end it with `tunes quit`\n"
    )
    let foreground = try await home.tunes("play", "--resume", "--device", "null")
    #expect(foreground.status == 69 && foreground.err.contains("pid \(pid)"), "\(foreground.err)")
    #expect(!FileManager.default.fileExists(atPath: other + "/tunes/mpd.sock"))

    // A query from that shell goes to the running player, found through the lock.
    let handed = try await home.tunes("play", "two")
    #expect(handed.status == 0 && handed.out.contains("1 song"), "\(handed.err)")
    // So do the remote commands, `tunes status` and `tunes` alone: the library's player, not the socket
    // this shell's runtime folder would give.
    let status = try await home.tunes("status")
    #expect(status.status == 0 && status.out.contains("Two"), "\(status.out)\(status.err)")
    let bare = try await home.tunes(arguments: [])
    #expect(bare.status == 0 && bare.out == status.out, "\(bare.out)\(bare.err)")
    #expect(try await home.tunes("volume", "30", "-q").status == 0)
    home.extraEnvironment = [:]
    #expect(try await statusJSON(home)["queueLength"] as? Int == 1)
    #expect(try await statusJSON(home)["volume"] as? Int == 30)

    // Once it has ended, a new player starts.
    #expect(try await home.tunes("quit").status == 0)
    #expect(try await home.waitFor(5) { PlayerHome.ended(pid) })
    let next = try await home.startDaemon(["--device", "null"])
    #expect(next != pid)
    #expect(try await home.tunes("quit").status == 0)
  }
}
