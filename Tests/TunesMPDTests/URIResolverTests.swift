// Where client URIs may point (MPDURIResolver): inside the music folder, normalised, for everyone;
// absolute paths and file:// only for a local client; `update` only inside, whoever asks. Then the same
// rules through the server, on TCP and on the Unix socket, with the ACKs mpd gives.
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct URIResolverTests {
  let remote = MPDURIResolver(local: false)
  let local = MPDURIResolver(local: true)

  @Test func relativeURIsAreNormalisedInsideTheMusicFolder() throws {
    let cases: [(String, String)] = [
      ("", ""), ("/", ""), ("a/b", "a/b"), ("a//b/", "a/b"), ("./a/./b", "a/b"), ("a/../b", "b"), ("a/..", ""),
      ("a:b", "a:b"), ("...", "..."), ("..a/b..", "..a/b.."), ("a/\u{301}x/..", "a"), ("é/../ü", "ü"),
    ]
    for (uri, expected) in cases {
      #expect(try remote.locate(uri) == .inside(expected), "\(uri)")
      #expect(try local.locate(uri) == .inside(expected), "\(uri)")
    }
  }

  /// A "/" that a combining mark joins to the next character is still a "/" on disk: split by bytes.
  @Test func escapingURIsAreRefusedForEveryone() {
    for uri in ["..", "../etc", "a/../..", "a/../../etc", "./..", "../\u{301}", "..\u{301}/../..", "a/b/../../../c"] {
      for resolver in [remote, local] {
        #expect(throws: MPDError.argument("Bad relative path"), "\(uri)") { try resolver.locate(uri) }
      }
    }
    for resolver in [remote, local] {
      #expect(throws: MPDError.argument("Malformed file:// URI")) { try resolver.locate("file://etc") }
      #expect(throws: MPDError.argument("Unsupported URI scheme")) { try resolver.locate("http://example.org/a.mp3") }
      #expect(throws: MPDError.argument("Unsupported URI scheme")) { try resolver.locate("smb+x.y://host/a") }
      #expect(throws: MPDError.argument("Malformed URI")) { try resolver.locate("a\u{0}/../..") }
    }
  }

  @Test func absolutePathsAreForLocalClientsOnly() throws {
    for uri in ["/etc", "/etc/../tmp", "//etc", "file:///etc", "FILE:///etc", "File:///"] {
      #expect(throws: MPDError(.permission, "Access denied"), "\(uri)") { try remote.locate(uri) }
    }
    #expect(try local.locate("/etc/../tmp") == .file("/tmp"))
    #expect(try local.locate("//etc//x/") == .file("/etc/x"))
    #expect(try local.locate("/..") == .file("/"))
    #expect(try local.locate("file:///etc/./passwd") == .file("/etc/passwd"))
    #expect(try local.locate("FILE:///etc").uri == "/etc")
  }

  @Test func updateStaysInsideTheMusicFolderWhoeverAsks() throws {
    for (uri, expected) in [("", ""), ("/", ""), ("a/", "a"), ("a/./b", "a/b"), ("a/../b", "b")] {
      #expect(try MPDURIResolver.updateFolder(uri) == expected)
    }
    for uri in ["../x", "a/../../x", "..", "/tmp", "//tmp", "file:///tmp", "http://x/", "a\u{0}"] {
      #expect(throws: MPDError.argument("Malformed path"), "\(uri)") { try MPDURIResolver.updateFolder(uri) }
    }
  }

  /// A command list's run of `add`s goes to the backend resolved; a URI that does not resolve ends the
  /// run, so that its own `add` gives the ACK.
  @Test func aRunOfAddsIsResolvedAndStopsAtAnEscape() {
    let adds = ["Beatles", "a/../Nina Simone", "../x", "Beatles"].map { MPDRequest(command: "add", arguments: [$0]) }
    #expect(MPDDispatcher.plainAdds(adds, from: 0, authorized: true, uris: remote) == ["Beatles", "Nina Simone"])
    #expect(MPDDispatcher.plainAdds(adds, from: 2, authorized: true, uris: remote) == nil)
    let absolute = ["/m/a.mp3", "file:///m/b.mp3"].map { MPDRequest(command: "add", arguments: [$0]) }
    #expect(MPDDispatcher.plainAdds(absolute, from: 0, authorized: true, uris: remote) == nil)
    #expect(MPDDispatcher.plainAdds(absolute, from: 0, authorized: true, uris: local) == ["/m/a.mp3", "/m/b.mp3"])
  }
}

@Suite struct URIEscapeProtocolTests {
  /// Commands that name a URI outside the music folder, and what mpd answers a client on TCP.
  static let escapes: [(request: String, ack: String)] = [
    ("listfiles ..", "ACK [2@0] {listfiles} Bad relative path"),
    ("listfiles ../../etc", "ACK [2@0] {listfiles} Bad relative path"),
    ("listfiles file:///etc", "ACK [4@0] {listfiles} Access denied"),
    ("listfiles /etc", "ACK [4@0] {listfiles} Access denied"),
    ("listfiles file://etc", "ACK [2@0] {listfiles} Malformed file:// URI"),
    ("listfiles http://example.org/", "ACK [2@0] {listfiles} Unsupported URI scheme"),
    ("lsinfo ../", "ACK [2@0] {lsinfo} Bad relative path"),
    ("lsinfo /etc", "ACK [4@0] {lsinfo} Access denied"),
    ("listall Beatles/../..", "ACK [2@0] {listall} Bad relative path"),
    ("listallinfo file:///", "ACK [4@0] {listallinfo} Access denied"),
    ("update ../x", "ACK [2@0] {update} Malformed path"),
    ("rescan /tmp", "ACK [2@0] {rescan} Malformed path"),
    ("add ../x.mp3", "ACK [2@0] {add} Bad relative path"),
    ("add /etc/passwd", "ACK [4@0] {add} Access denied"),
    ("addid file:///etc/passwd", "ACK [4@0] {addid} Access denied"),
    ("albumart ../x.mp3 0", "ACK [2@0] {albumart} Bad relative path"),
    ("readpicture /etc/passwd 0", "ACK [4@0] {readpicture} Access denied"),
    ("readcomments ../x", "ACK [2@0] {readcomments} Bad relative path"),
    ("playlistadd p ../x", "ACK [2@0] {playlistadd} Bad relative path"),
    ("sticker list song /etc/passwd", "ACK [4@0] {sticker} Access denied"),
    ("sticker find song .. rating", "ACK [2@0] {sticker} Bad relative path"),
  ]

  @Test func aClientOnTCPReachesNothingOutsideTheMusicFolder() async throws {
    let h = try await Harness.start(tcpPort: 0)
    defer { h.stop() }
    let port = try #require(h.server.tcpPort)
    let text = Self.escapes.map { $0.request + "\n" }.joined() + "urlhandlers\n"
    let reply = try await offCooperativePool {
      try rawExchange(port: port, bytes: Array(text.utf8), replies: Self.escapes.count + 1)
    }
    // No `file://` handler for it either.
    #expect(reply == "OK MPD 0.23.5\n" + Self.escapes.map { $0.ack + "\n" }.joined() + "OK\n")
    let calls = await h.backend.calls
    #expect(!calls.contains { $0.hasPrefix("update") || $0.hasPrefix("add") || $0.hasPrefix("songfile") }, "\(calls)")
  }

  /// On the Unix socket as the same user: files may be named by absolute path, as mpd allows its local
  /// clients, but `..` still cannot leave the music folder and `update` indexes only inside it.
  @Test func aLocalClientStillCannotClimbOrUpdateOutside() async throws {
    let h = try await Harness.start()
    defer { h.stop() }
    let reply = try await h.raw(
      replies: 7,
      """
      listfiles ..
      update ../x
      update /tmp
      rescan file:///tmp
      add "Beatles/Help/../Help/01 Help.mp3"
      update Beatles/./Help/
      urlhandlers

      """)
    #expect(
      reply == """
        OK MPD 0.23.5
        ACK [2@0] {listfiles} Bad relative path
        ACK [2@0] {update} Malformed path
        ACK [2@0] {update} Malformed path
        ACK [2@0] {rescan} Malformed path
        OK
        updating_db: 1
        OK
        handler: file://
        OK

        """)
    let calls = await h.backend.calls
    #expect(
      calls.filter { $0.hasPrefix("add") || $0.hasPrefix("update") } == ["add Beatles/Help/01 Help.mp3", "update Beatles/Help"])
  }
}
