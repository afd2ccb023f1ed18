// What MPD clients read about the library beyond the plain listings, through the real backend:
// `list TAG group G…` nested as MPD prints it, and each song's Last-Modified.
import Foundation
import Testing
import TunesLibrary
import TunesMPDTesting

@testable import TunesControl
@testable import TunesMPD

/// `list TAG group G…` and `count … group TAG` through the real backend: nested as MPD prints it (the last group outermost, a
/// group's line when its value changes, "" for a missing group tag), and MPD's errors.
@Suite(.enabled(if: toolsPresent))
struct ListGroupTests {
  @Test func listGroupsNestAsMPDPrintsThem() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let socket = p.socket
    let requests = [
      "list album group artist", "list title group album group artist", "list album group date",
      "list album artist Alpha group artist", "list album group album", "list album group nothing",
    ]
    let reply = try await offCooperativePool {
      try rawExchange(path: socket, bytes: Array((requests.joined(separator: "\n") + "\n").utf8), replies: requests.count)
    }
    #expect(
      reply == """
        OK MPD 0.23.5
        Artist: Alpha
        Album: First
        Album: Second
        Artist: Beta
        Album: Fourth
        OK
        Artist: Alpha
        Album: First
        Title: One
        Title: Two
        Album: Second
        Title: Three
        Artist: Beta
        Album: Fourth
        Title: Five
        Title: Four
        OK
        Date: 
        Album: First
        Album: Fourth
        Album: Second
        OK
        Artist: Alpha
        Album: First
        Album: Second
        OK
        ACK [2@0] {list} Conflicting group
        ACK [2@0] {list} Unknown tag type: nothing

        """)
    // count takes one group: a count per value, sorted.
    let counts = try await p.client { c in try c.run("count", ["group", "artist"]).map { "\($0.key): \($0.value)" } }
    #expect(counts.filter { !$0.hasPrefix("playtime: ") } == ["Artist: Alpha", "songs: 3", "Artist: Beta", "songs: 2"])
    #expect(counts.filter { $0.hasPrefix("playtime: ") }.count == 2)
    let filtered = try await p.client { c in
      try c.run("count", ["album", "First", "group", "artist"]).map { "\($0.key): \($0.value)" }
    }
    #expect(filtered.prefix(2) == ["Artist: Alpha", "songs: 2"] && filtered.count == 3)
    // mpc sends the same request and prints the values.
    let mpc = try await p.mpc("list", "album", "group", "artist")
    #expect(mpc.status == 0 && mpc.output.contains("Fourth"), "\(mpc.output)")
  }
}

/// Songs carry their file's modification time as MPD's Last-Modified, from the index.
@Suite(.enabled(if: toolsPresent))
struct LastModifiedTests {
  @Test func songsShowTheirFilesModificationTime() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let modified = try #require(
      try FileManager.default.attributesOfItem(atPath: p.music + "/Beta/01 four.mp3")[.modificationDate] as? Date)
    let expected = "Last-Modified: \(MPDFormat.timestamp(modified))"
    for request in [["lsinfo", "Beta"], ["find", "title", "Four"], ["listallinfo", "Beta"]] {
      let reply = try await p.client { c in try text(c.run(request[0], Array(request.dropFirst()))) }
      let lines = reply.split(separator: "\n").map(String.init)
      let at = try #require(lines.firstIndex(of: "file: Beta/01 four.mp3"), "\(request): \(reply)")
      #expect(lines[at + 1] == expected, "\(request): \(reply)")
    }
  }
}

/// `find (modified-since …)` against the files' times, which a rescan reads again.
@Suite(.enabled(if: toolsPresent))
struct ModifiedSinceTests {
  @Test func findsTheSongsModifiedSinceATime() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    // Two files dated 2001, then rescanned: the three others keep today's time.
    for file in ["Alpha/First/01 one.mp3", "Beta/01 four.mp3"] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 978_307_200)], ofItemAtPath: p.music + "/" + file)
    }
    let library = p.library, music = p.music
    _ = try await offCooperativePool { try library.index(paths: [music]) }
    func files(_ filter: String) async throws -> [String] {
      try await p.client { c in try c.run("find", [filter]).filter { $0.key == "file" }.map(\.value) }
    }
    #expect(try await files("(modified-since '2010-01-01')").count == 3)
    #expect(try await files("(modified-since '2001-01-01T00:00:00Z')").count == 5)
    #expect(try await files("(!(modified-since '2010-01-01'))") == ["Alpha/First/01 one.mp3", "Beta/01 four.mp3"])
    #expect(try await files("(modified-since '978307201')").count == 3)
    let bad = try await p.mpc("find", "(modified-since 'soon')")
    #expect(bad.status != 0 && bad.output.contains("Failed to parse time stamp"), "\(bad.output)")
  }
}

/// `tunes index` run from another terminal changes the database under a running player: its idle
/// clients hear of it as they hear of their own `update`.
@Suite(.enabled(if: toolsPresent))
struct OtherIndexRunTests {
  @Test func anIndexRunElsewhereWakesIdleClients() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let socket = p.socket
    let idle = Task {
      try await offCooperativePool { try rawExchange(path: socket, bytes: Array("idle database\n".utf8), replies: 1) }
    }
    try await waitForClients(p, count: 1)  // the idle client is connected: the change is kept for it
    // Another Library on the same file, as another process's would be.
    let music = p.music, path = p.folder + "/library.db"
    let report = try await offCooperativePool { () -> IndexReport in
      try makeMP3(music + "/Gamma/01 six.mp3", title: "Six", artist: "Gamma", album: "Later", track: 1)
      return try Library(path: path, areas: everyDatabaseArea).index(paths: [music])
    }
    #expect(report.added.count == 1)
    // The exchange gives up after a minute without data: the change must come within that.
    #expect(try await idle.value == "OK MPD 0.23.5\nchanged: database\nOK\n")
    let found = try await p.client { c in try c.run("find", ["(Title == 'Six')"]).filter { $0.key == "file" }.map(\.value) }
    #expect(found == ["Gamma/01 six.mp3"])
  }
}
