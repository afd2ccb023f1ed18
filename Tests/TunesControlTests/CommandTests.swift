// Every MPD command against both backends (the in-memory one and the real player) over a real Unix
// socket, checking reply text and the backend's resulting state.
import Foundation
import Testing
import TunesMPD
import TunesMPDTesting

@Suite struct CommandTests {
  @Test(arguments: BackendKind.allCases)
  func greetingPingAndStatusOfAnEmptyPlayer(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let reply = try await h.raw(replies: 2, "ping\nstatus\n")
    #expect(
      reply == """
        OK MPD 0.23.5
        OK
        volume: 50
        repeat: 0
        random: 0
        single: 0
        consume: 0
        partition: default
        playlist: 1
        playlistlength: 0
        mixrampdb: 0
        state: stop
        OK

        """)
  }

  @Test(arguments: BackendKind.allCases)
  func playbackCommandsAndStatusWhilePlaying(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let status = try await h.client { c in
      try c.run("add", ["Beatles"])
      try c.run("play", ["1"])
      try c.run("seekcur", ["+30.5"])
      return try c.run("status")
    }
    let fields = MPDClient.dictionary(status)
    #expect(fields["state"] == "play")
    #expect(fields["song"] == "1" && fields["songid"] == "2")
    #expect(fields["nextsong"] == "2" && fields["nextsongid"] == "3")
    // The real player's device does not play on between the seek and the status (HeldDevice).
    #expect(fields["elapsed"] == "30.500" && fields["duration"] == "182.250")
    #expect(fields["time"] == "31:182")
    #expect(fields["playlistlength"] == "3")
    // Key order as MPD writes it.
    let keys = status.map(\.key)
    #expect(keys.firstIndex(of: "state")! < keys.firstIndex(of: "song")!)
    #expect(keys.firstIndex(of: "time")! < keys.firstIndex(of: "elapsed")!)
    #expect(keys.firstIndex(of: "duration")! < keys.firstIndex(of: "nextsong")!)

    let song = try await h.client { c in text(try c.run("currentsong")) }
    #expect(
      song == """
        file: Beatles/Abbey Road/02 Something.mp3
        Artist: The Beatles
        Title: Something
        Album: Abbey Road
        Track: 2
        Date: 1969
        Genre: Rock
        Time: 182
        duration: 182.250
        Pos: 1
        Id: 2

        """)

    try await h.client { c in
      try c.run("seekcur", ["-10"])
      try c.run("pause")
    }
    #expect(try await h.backend.status().state == .pause)
    #expect(try await h.backend.status().elapsed == 20.5)
    try await h.client { c in
      try c.run("pause")
      try c.run("pause", ["0"])
      try c.run("next")
      try c.run("seek", ["0", "12"])
      try c.run("seekid", ["3", "5"])
      try c.run("previous")
      try c.run("playid", ["3"])
      try c.run("stop")
    }
    if let memory = h.memory {
      let calls = await memory.calls
      #expect(
        calls.suffix(11) == [
          "seekcur +30.5", "seekcur -10.0", "pause ", "pause ", "pause 0", "next", "seek 0 12.0", "seekid 3 5.0",
          "previous", "playid 3", "stop",
        ])
    }
    #expect(try await h.backend.status().state == .stop)
  }

  @Test(arguments: BackendKind.allCases)
  func playbackErrors(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let reply = try await h.raw(replies: 6, "play 7\nplay x\nplayid 99\nseek 0\npause 2\nseekcur abc\n")
    #expect(
      reply == """
        OK MPD 0.23.5
        ACK [2@0] {play} Bad song index
        ACK [2@0] {play} Integer expected: x
        ACK [50@0] {playid} No such song
        ACK [2@0] {seek} wrong number of arguments for "seek"
        ACK [2@0] {pause} Boolean (0/1) expected: 2
        ACK [2@0] {seekcur} Float expected: abc

        """)
  }

  @Test(arguments: BackendKind.allCases)
  func volumeAndOptions(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let reply = try await h.raw(
      replies: 12,
      "setvol 70\nvolume -5\ngetvol\nsetvol 101\nsetvol -1\nvolume +200\nrandom 1\nrepeat 1\nsingle oneshot\nconsume 1\nsingle 2\nrandom yes\n"
    )
    #expect(
      reply == """
        OK MPD 0.23.5
        OK
        OK
        volume: 65
        OK
        ACK [2@0] {setvol} Number too large: 101
        ACK [2@0] {setvol} Number is negative: -1
        ACK [2@0] {volume} Number too large: +200
        OK
        OK
        OK
        OK
        ACK [2@0] {single} Unrecognized single mode, expected 0, 1, or oneshot
        ACK [2@0] {random} Boolean (0/1) expected: yes

        """)
    let status = try await h.backend.status()
    #expect(status.volume == 65 && status.random && status.repeatMode && status.single == .oneshot && status.consume == .on)
    #expect(status.volume == 65 && status.random && status.repeatMode && status.single != .off && status.consume == .on)
  }

  @Test(arguments: BackendKind.allCases)
  func volumeIsClamped(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    _ = try await h.client { c in try c.run("volume", ["+80"]) }
    #expect(try await h.backend.status().volume == 100)
  }

  /// Only the in-memory backend can be without a mixer (the player always has its software volume).
  @Test func volumeIsAbsentWithoutMixer() async throws {
    let silent = InMemoryMPDBackend(songs: [], volume: nil)
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = MPDServer(backend: silent, configuration: .init(unixSocketPath: folder + "/s"))
    try await server.start()
    defer { server.stop() }
    let reply = try await offCooperativePool {
      try rawExchange(path: folder + "/s", bytes: Array("getvol\nsetvol 5\n".utf8), replies: 2)
    }
    #expect(reply == "OK MPD 0.23.5\nOK\nACK [52@0] {setvol} No mixer\n")
  }

  @Test(arguments: BackendKind.allCases)
  func queueEditing(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let result = try await h.client { c -> (String, String, [String]) in
      try c.run("add", ["Beatles/Abbey Road"])
      let id = try c.run("addid", ["loose.mp3", "0"])
      try c.run("add", ["Nina Simone/Feeling Good.mp3", "1"])
      let files = MPDClient.songs(try c.run("playlistinfo")).map { "\($0["Pos"]!) \($0["Id"]!) \($0["file"]!)" }
      let second = text(try c.run("playlistinfo", ["1"]))
      return (text(id), second, files)
    }
    #expect(result.0 == "Id: 3\n")
    #expect(
      result.2 == [
        "0 3 loose.mp3", "1 4 Nina Simone/Feeling Good.mp3", "2 1 Beatles/Abbey Road/01 Come Together.mp3",
        "3 2 Beatles/Abbey Road/02 Something.mp3",
      ])
    #expect(result.1.hasPrefix("file: Nina Simone/Feeling Good.mp3\n") && result.1.hasSuffix("Pos: 1\nId: 4\n"))

    let afterEdits = try await h.client { c -> [String] in
      try c.run("move", ["0", "3"])  // loose.mp3 to the end
      try c.run("deleteid", ["4"])  // Nina
      try c.run("delete", ["0:1"])  // Come Together
      return MPDClient.songs(try c.run("playlistid")).map { $0["Id"]! }
    }
    #expect(afterEdits == ["2", "3"])

    let errors = try await h.raw(
      replies: 8,
      "delete 5\ndelete 1:0\ndeleteid 42\nmove 0 9\nadd nothing/here.mp3\naddid loose.mp3 9\nplaylistinfo 9\nplaylistid 77\n")
    // Both say "No such directory" for a missing song, as MPD does.
    #expect(
      errors == """
        OK MPD 0.23.5
        ACK [2@0] {delete} Bad song index
        ACK [2@0] {delete} Malformed range: 1:0
        ACK [50@0] {deleteid} No such song
        ACK [2@0] {move} Bad song index
        ACK [50@0] {add} No such directory
        ACK [2@0] {addid} Number too large: 9
        ACK [2@0] {playlistinfo} Bad song index
        ACK [50@0] {playlistid} No such song

        """)

    try await h.client { c in
      try c.run("add", [""])
      try c.run("shuffle")
      try c.run("clear")
    }
    let status = try await h.backend.status()
    #expect(status.playlistLength == 0)
    if let memory = h.memory { #expect(await memory.calls.contains("shuffle")) }
  }

  /// MPD 0.23: a position starting with + or - is relative to the current song (+0 right after it, -0
  /// right before it) in add, addid and move; without a current song it is an error.
  @Test(arguments: BackendKind.allCases)
  func relativePositionsCountFromTheCurrentSong(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let noCurrent = try await h.raw(replies: 1, "addid loose.mp3 +0\n")
    #expect(noCurrent.hasSuffix("ACK [55@0] {addid} No current song\n"), "\(noCurrent)")
    let files = try await h.client { c -> [String] in
      try c.run("add", ["Beatles"])  // Come Together, Something, Help!
      try c.run("play", ["1"])  // Something
      try c.run("addid", ["loose.mp3", "+0"])  // right after Something
      try c.run("add", ["Nina Simone/Feeling Good.mp3", "-0"])  // right before it
      try c.run("addid", ["Beatles/Help/01 Help.mp3", "+1"])  // one song between
      return MPDClient.songs(try c.run("playlistinfo")).map { $0["file"]! }
    }
    #expect(
      files == [
        "Beatles/Abbey Road/01 Come Together.mp3", "Nina Simone/Feeling Good.mp3", "Beatles/Abbey Road/02 Something.mp3",
        "loose.mp3", "Beatles/Help/01 Help.mp3", "Beatles/Help/01 Help.mp3",
      ])
    let moved = try await h.client { c -> [String] in
      try c.run("move", ["0", "+1"])  // Come Together: one song after Something
      try c.run("move", ["4:6", "-0"])  // both Help!: right before Something
      return MPDClient.songs(try c.run("playlistinfo")).map { $0["file"]! }
    }
    #expect(
      moved == [
        "Nina Simone/Feeling Good.mp3", "Beatles/Help/01 Help.mp3", "Beatles/Help/01 Help.mp3",
        "Beatles/Abbey Road/02 Something.mp3", "loose.mp3", "Beatles/Abbey Road/01 Come Together.mp3",
      ])
    let errors = try await h.raw(replies: 3, "move 3 +0\naddid loose.mp3 +9\nmove 0 -9\n")
    #expect(
      errors == """
        OK MPD 0.23.5
        ACK [2@0] {move} Cannot move current song relative to itself
        ACK [2@0] {addid} Number too large: 9
        ACK [2@0] {move} Bad song index

        """)
  }

  @Test(arguments: BackendKind.allCases)
  func playlistChangesSinceAVersion(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let (changed, positions, all) = try await h.client { c -> ([String], String, Int) in
      try c.run("add", ["Beatles"])  // 3 songs
      let version = Int(MPDClient.dictionary(try c.run("status"))["playlist"]!)!
      try c.run("delete", ["0"])  // the two others shift up
      try c.run("add", ["loose.mp3"])
      let changed = MPDClient.songs(try c.run("plchanges", [String(version)])).map { $0["file"]! }
      let positions = text(try c.run("plchangesposid", [String(version)]))
      let all = MPDClient.songs(try c.run("plchanges", ["0"])).count
      return (changed, positions, all)
    }
    #expect(changed == ["Beatles/Abbey Road/02 Something.mp3", "Beatles/Help/01 Help.mp3", "loose.mp3"])
    #expect(positions == "cpos: 0\nId: 2\ncpos: 1\nId: 3\ncpos: 2\nId: 4\n")
    #expect(all == 3)
  }

  @Test(arguments: BackendKind.allCases)
  func storedPlaylists(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let (names, listed, info, loaded) = try await h.client { c -> ([String], String, Int, Int) in
      try c.run("add", ["Beatles/Abbey Road"])
      try c.run("save", ["road"])
      try c.run("playlistadd", ["mix", "loose.mp3"])
      try c.run("playlistadd", ["mix", "Nina Simone"])
      try c.run("playlistmove", ["mix", "1", "0"])
      try c.run("rename", ["mix", "evening"])
      let names = try c.run("listplaylists").filter { $0.key == "playlist" }.map(\.value)
      let listed = text(try c.run("listplaylist", ["evening"]))
      let info = MPDClient.songs(try c.run("listplaylistinfo", ["road"])).count
      try c.run("clear")
      try c.run("load", ["road", "1:"])
      let loaded = MPDClient.songs(try c.run("playlistinfo")).count
      try c.run("playlistdelete", ["evening", "0"])
      try c.run("playlistclear", ["road"])
      try c.run("rm", ["road"])
      return (names, listed, info, loaded)
    }
    #expect(names == ["evening", "road"])
    #expect(listed == "file: Nina Simone/Feeling Good.mp3\nfile: loose.mp3\n")
    #expect(info == 2)
    #expect(loaded == 1)
    #expect(try await h.backend.storedPlaylists().map(\.name) == ["evening"])
    #expect(try await h.backend.storedPlaylist(named: "evening").map(\.file) == ["loose.mp3"])

    let errors = try await h.raw(
      replies: 7,
      "listplaylist nope\nload nope\nrm nope\nsave evening\nsave a/b\nrename evening evening\nplaylistdelete evening 5\n")
    #expect(
      errors == """
        OK MPD 0.23.5
        ACK [50@0] {listplaylist} No such playlist
        ACK [50@0] {load} No such playlist
        ACK [50@0] {rm} No such playlist
        ACK [56@0] {save} Playlist already exists
        ACK [2@0] {save} Bad playlist name
        ACK [56@0] {rename} Playlist exists already
        ACK [2@0] {playlistdelete} Bad song index

        """)
  }

  /// The reply with each folder's `Last-Modified` time (the clock's, so unknown to the test) as `<time>`;
  /// a time that is not ISO 8601 in UTC stays as it is and fails the comparison.
  private func folderTimesBlanked(_ reply: String) -> String {
    reply.replacing(/Last-Modified: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n/, with: "Last-Modified: <time>\n")
  }

  @Test(arguments: BackendKind.allCases)
  func databaseQueries(_ kind: BackendKind) async throws {
    let h = try await Harness.start(kind)
    defer { h.stop() }
    let r = try await h.client { c -> [String] in
      [
        MPDClient.songs(try c.run("find", ["artist", "The Beatles", "album", "Help!"])).map { $0["file"]! }.joined(
          separator: ","),
        MPDClient.songs(try c.run("search", ["any", "feeling"])).map { $0["file"]! }.joined(separator: ","),
        MPDClient.songs(try c.run("find", ["(Genre == \"Rock\")"])).count.description,
        text(try c.run("list", ["album", "artist", "The Beatles"])),
        text(try c.run("list", ["Artist"])),
        text(try c.run("count", ["artist", "The Beatles"])),
        text(try c.run("lsinfo")),
        text(try c.run("lsinfo", ["Beatles"])),
        text(try c.run("listall", ["Beatles/Help"])),
        MPDClient.songs(try c.run("listallinfo")).count.description,
        text(try c.run("update")),
      ]
    }
    #expect(r[0] == "Beatles/Help/01 Help.mp3")
    #expect(r[1] == "Nina Simone/Feeling Good.mp3")
    #expect(r[2] == "3")
    #expect(r[3] == "Album: Abbey Road\nAlbum: Help!\n")
    // loose.mp3 has no artist: MPD lists it under the empty value.
    #expect(r[4] == "Artist: \nArtist: Nina Simone\nArtist: The Beatles\n")
    #expect(r[5] == "songs: 3\nplaytime: 580\n")
    // The player's folders are on disk and carry their modification time, as MPD's do.
    let folderTimes = kind == .player ? "Last-Modified: <time>\n" : ""
    // MPD's order: the folder's songs, then its sub-folders.
    #expect(folderTimesBlanked(r[6]).hasPrefix("file: loose.mp3\nTitle: Loose \"Quoted\" Song\n"))
    #expect(folderTimesBlanked(r[6]).hasSuffix("directory: Beatles\n\(folderTimes)directory: Nina Simone\n\(folderTimes)"))
    #expect(folderTimesBlanked(r[7]) == "directory: Beatles/Abbey Road\n\(folderTimes)directory: Beatles/Help\n\(folderTimes)")
    // As MPD: a folder's listing starts with the folder itself.
    #expect(r[8] == "directory: Beatles/Help\nfile: Beatles/Help/01 Help.mp3\n")
    #expect(r[9] == "5")
    #expect(r[10] == "updating_db: 1\n")

    let added = try await h.client { c -> Int in
      try c.run("searchadd", ["title", "help"])
      try c.run("findadd", ["artist", "Nina Simone"])
      return MPDClient.songs(try c.run("playlistsearch", ["any", "o"])).count
    }
    #expect(added == 2)

    let errors = try await h.raw(replies: 4, "find colour red\nlist Mood\nlsinfo nowhere\nsearch artist\n")
    #expect(
      errors == """
        OK MPD 0.23.5
        ACK [2@0] {find} Unknown filter type
        ACK [2@0] {list} Unknown tag type: Mood
        ACK [50@0] {lsinfo} No such directory
        ACK [2@0] {search} Incorrect number of filter arguments

        """)
  }
}
