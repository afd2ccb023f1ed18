// One credit for a song in every view. A song tagged as Picard tags a guest appearance (TPE1 "Zoë
// Marlowe feat. Kenji Tanaka", TXXX:ARTISTS the two names, an artist id each) shows the TPE1 credit on
// the player's line, in `status`, `current`, `queue`, `info`, MPD's `Artist` and the listen's
// artist_name, as mpd and beets show $artist; the separate names stay for searching and the ids.
import Foundation
import Testing
import TunesTestSupport

@Suite(
  .enabled(if: playerToolsPresent && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")), .serialized)
struct SongCreditTests {
  static let credit = "Zoë Marlowe feat. Kenji Tanaka"
  static let zoeID = "7a5d6e2c-2f1b-4c7e-9e3d-1b2a3c4d5e6f"
  static let kenjiID = "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"

  /// Retags `path` with mutagen as ID3v2.4: TPE1 the credit, TXXX:ARTISTS and the artist ids the two names'.
  static func tagAsPicard(_ path: String, environment: [String: String]) throws {
    let script = """
      import sys
      from mutagen.id3 import ID3, TPE1, TXXX
      tags = ID3(sys.argv[1])
      tags.delall("TPE1")
      tags.add(TPE1(encoding=3, text=[sys.argv[2]]))
      tags.add(TXXX(encoding=3, desc="ARTISTS", text=["Zoë Marlowe", "Kenji Tanaka"]))
      tags.add(TXXX(encoding=3, desc="MusicBrainz Artist Id", text=[sys.argv[3], sys.argv[4]]))
      tags.save(v2_version=4)
      """
    let result = try runProcess(
      "/usr/bin/python3", ["-c", script, path, credit, zoeID, kenjiID], environment: environment)
    try #require(result.status == 0, "mutagen: \(result.err)")
  }

  @Test func theCreditIsOneStringInEveryView() async throws {
    let home = try PlayerHome()
    home.extraEnvironment["LANG"] = "C.UTF-8"
    let path = home.music + "/Guests/01 Paper Lanterns.mp3"
    try home.makeSong("Guests/01 Paper Lanterns.mp3", title: "Paper Lanterns", artist: "x", album: "Guests", seconds: 4)
    try Self.tagAsPicard(path, environment: home.environment)
    try #require(try await home.tunes("index", home.music).status == 0)

    // The player's line (printed per song when not on a terminal).
    let played = try await home.tunes("play", "--device", "null", "--pace", "max")
    #expect(played.status == 0, "\(played.err)")
    #expect(played.out.contains("\(Self.credit) – Paper Lanterns · Guests"), "\(played.out)")

    let info = try await home.tunes("info", path)
    let artistLine = info.out.split(separator: "\n").first { $0.hasPrefix("artist ") }
    #expect(artistLine?.hasSuffix("  " + Self.credit) == true, "\(info.out)")

    // A heard song becomes a listen (kept pending: no account), which names the credit and both ids.
    _ = try await home.startDaemon(["--device", "null", "--pace", "realtime", "--repeat", "all", "paper"])
    #expect(
      try await home.waitFor(15) {
        let queued = try runProcess(builtTunes!, ["lb", "queue", "--json"], environment: home.environment)
        return (try? JSONSerialization.jsonObject(with: Data(queued.out.utf8)) as? [Any])?.isEmpty == false
      })
    let queued = try await home.tunes("lb", "queue", "--json")
    let listens = try #require(try JSONSerialization.jsonObject(with: Data(queued.out.utf8)) as? [[String: Any]])
    let metadata = try #require((listens.first?["listen"] as? [String: Any])?["track_metadata"] as? [String: Any])
    #expect(metadata["artist_name"] as? String == Self.credit)
    let ids = (metadata["additional_info"] as? [String: Any])?["artist_mbids"] as? [String]
    #expect(ids == [Self.zoeID, Self.kenjiID])

    let status = try await home.tunes("status")
    #expect(status.out.contains("\(Self.credit) – Paper Lanterns · Guests"), "\(status.out)")
    let current = try await home.tunes("current")
    #expect(current.out.hasPrefix("\(Self.credit) – Paper Lanterns"), "\(current.out)")
    let queue = try await home.tunes("queue")
    #expect(queue.out.contains("1. \(Self.credit) – Paper Lanterns · Guests"), "\(queue.out)")
    let queueJSON = try await home.tunes("queue", "--json")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(queueJSON.out.utf8)) as? [[String: Any]])
    #expect(entries.map { $0["artist"] as? String } == [Self.credit])
    // MPD's Artist is the tag as written, one line, as mpd sends it.
    let mpc = try await home.mpc("-f", "%artist%", "current")
    #expect(mpc.out == Self.credit + "\n", "\(mpc.out)")
    let raw = try await home.mpc("playlist", "-f", "[%artist%]|[%title%]")
    #expect(raw.out == Self.credit + "\n", "\(raw.out)")
    #expect(try await home.tunes("quit").status == 0)
  }

  @Test func theSeparateNamesAreSearchedAndListed() async throws {
    let home = try PlayerHome()
    home.extraEnvironment["LANG"] = "C.UTF-8"
    try home.makeSong("Guests/01 Paper Lanterns.mp3", title: "Paper Lanterns", artist: "x", album: "Guests", seconds: 1)
    try Self.tagAsPicard(home.music + "/Guests/01 Paper Lanterns.mp3", environment: home.environment)
    try home.makeSong("Trio/01 Late.mp3", title: "Late", artist: "Kenji Tanaka Trio", album: "Trio", seconds: 1)
    try #require(try await home.tunes("index", home.music).status == 0)

    let guest = try await home.tunes("ls", "songs", "artists:=Kenji Tanaka", "--format", "$artist")
    #expect(guest.out == Self.credit + "\n", "\(guest)")
    let artists = try await home.tunes("ls", "artists", "--json")
    let names = try #require(try JSONSerialization.jsonObject(with: Data(artists.out.utf8)) as? [[String: Any]])
    #expect(names.compactMap { $0["name"] as? String } == ["Kenji Tanaka", "Kenji Tanaka Trio", "Zoë Marlowe"])
  }
}
