// albumart and readpicture through the real backend: Debian's mpc downloads a song's cover file and
// the picture lame embedded in a tag, byte for byte across several chunks; the raw protocol shows the
// chunks `binarylimit` asks for, and MPD's errors.
import Foundation
import Testing
import TunesLibrary
import TunesMPD
import TunesMPDTesting

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct PictureCommandTests {
  /// A PNG signature (lame checks it before embedding) and 20 KB of every byte value: three chunks of 8 KiB.
  static let image: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: Array(0...255), count: 80).joined()

  /// The bytes of `text` sent on a fresh connection, and what came back until `replies` replies ended.
  func raw(_ p: LivePlayer, _ text: String, replies: Int) async throws -> String {
    let socket = p.socket
    return try await offCooperativePool { try rawExchange(path: socket, bytes: Array(text.utf8), replies: replies) }
  }

  @Test func mpcDownloadsTheCoverFileBesideASong() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    try Data(Self.image).write(to: URL(fileURLWithPath: p.music + "/Alpha/First/cover.png"))
    let out = p.folder + "/art.out"
    let download = try await p.shell("mpc albumart 'Alpha/First/02 two.mp3' > '\(out)'")
    #expect(download.status == 0, "\(download.output)")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == Self.image)

    // A folder named like a cover is no cover.
    try FileManager.default.createDirectory(atPath: p.music + "/Beta/cover.png", withIntermediateDirectories: true)
    let none = try await p.mpc("albumart", "Beta/01 four.mp3")
    #expect(none.status != 0 && none.output.contains("No file exists"), "\(none.output)")
    let notASong = try await p.mpc("albumart", "Alpha/First/cover.png")
    #expect(notASong.status != 0 && notASong.output.contains("No such song"), "\(notASong.output)")
    let outside = try await p.mpc("albumart", "../../etc/passwd")
    #expect(outside.status != 0 && outside.output.contains("Bad relative path"), "\(outside.output)")
  }

  @Test func chunksFollowTheBinaryLimit() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let cover = String(repeating: "0123456789", count: 15)  // 150 bytes of text, so the reply reads as text
    try Data(cover.utf8).write(to: URL(fileURLWithPath: p.music + "/Beta/cover.jpg"))
    let song = "\"Beta/02 five.mp3\""
    let reply = try await raw(
      p, "binarylimit 63\nbinarylimit 64\nalbumart \(song) 0\nalbumart \(song) 100\nalbumart \(song) 150\nalbumart \(song) 151\n",
      replies: 6)
    let first = String(cover.prefix(64)), rest = String(cover.dropFirst(100))
    #expect(
      reply == """
        OK MPD 0.23.5
        ACK [2@0] {binarylimit} Value too small
        OK
        size: 150
        binary: 64
        \(first)
        OK
        size: 150
        binary: 50
        \(rest)
        OK
        size: 150
        binary: 0

        OK
        ACK [2@0] {albumart} Offset too large

        """)
  }

  @Test func mpcReadsThePictureEmbeddedInATag() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    let picture = p.folder + "/cover.png"
    try Data(Self.image).write(to: URL(fileURLWithPath: picture))
    let library = p.library, music = p.music
    try await offCooperativePool {
      try makeMP3(music + "/Gamma/01 six.mp3", title: "Six", artist: "Gamma", album: "Pictured", track: 1, picture: picture)
      _ = try library.index(paths: [music])
    }
    let out = p.folder + "/picture.out"
    let download = try await p.shell("mpc readpicture 'Gamma/01 six.mp3' > '\(out)'")
    #expect(download.status == 0, "\(download.output)")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == Self.image)

    let reply = try await raw(
      p,
      "readpicture \"Gamma/01 six.mp3\" 20480\nreadpicture \"Gamma/01 six.mp3\" 20489\n"
        + "readpicture \"Beta/01 four.mp3\" 0\nreadpicture \"Beta/09 nine.mp3\" 0\n",
      replies: 4)
    // The last 8 bytes of the picture (offset 20 480 of 20 488), one past the end, a song without a
    // picture (nothing but OK, as MPD answers), a song not in the library.
    let tail = String(decoding: Self.image.suffix(8), as: UTF8.self)
    #expect(
      reply == """
        OK MPD 0.23.5
        size: 20488
        type: image/png
        binary: 8
        \(tail)
        OK
        ACK [2@0] {readpicture} Bad file offset
        OK
        ACK [50@0] {readpicture} No such song

        """)
  }
}
