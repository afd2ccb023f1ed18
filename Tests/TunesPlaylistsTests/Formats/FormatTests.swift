// The readers against files written by hand the way other players write them, the writers' output,
// and the errors that name the line or the JSON path.
import Foundation
import Testing

@testable import TunesPlaylists

@Suite struct FormatTests {
  let base = "/home/ann/Music/lists"

  func parse(_ text: String, _ format: PlaylistFormat, file: String? = nil) throws -> PlaylistDocument {
    try PlaylistCodec.parse(Data(text.utf8), format: format, file: file ?? base + "/test." + format.rawValue)
  }

  @Test func plainM3UWithAbsolutePathsAndCRLF() throws {
    let text = "/srv/music/a b/01 One.mp3\r\n/srv/music/Zoë/02 Two.mp3\r\n\r\n"
    let document = try parse(text, .m3u)
    #expect(document.entries.map(\.location) == ["/srv/music/a b/01 One.mp3", "/srv/music/Zoë/02 Two.mp3"])
    #expect(document.entries.allSatisfy { $0.title == nil && $0.durationMs == nil })
  }

  @Test func extendedM3UWithDurationsAndRelativePaths() throws {
    let text = """
      #EXTM3U
      #EXTINF:215,Zoë Keating - Café Blues
      ../Zoë Keating/01 Café Blues.mp3
      #EXTINF:-1,Just A Title
      ./sub/02.mp3
      # a comment
      #EXTINF:301.5 tvg-id="x",The Artist - A - B
      file:///srv/music/with%20space.mp3
      """
    let document = try parse(text, .m3u8)
    #expect(document.entries.count == 3)
    #expect(
      document.entries[0]
        == PlaylistFileEntry(
          location: "/home/ann/Music/Zoë Keating/01 Café Blues.mp3", title: "Café Blues", artist: "Zoë Keating",
          durationMs: 215_000))
    #expect(document.entries[1] == PlaylistFileEntry(location: "/home/ann/Music/lists/sub/02.mp3", title: "Just A Title"))
    #expect(document.entries[2].durationMs == 301_500)
    #expect(document.entries[2].artist == "The Artist")
    #expect(document.entries[2].title == "A - B")
    #expect(document.entries[2].location == "/srv/music/with space.mp3")
  }

  @Test func latin1M3UFromOldPlayers() throws {
    var bytes = Array("#EXTM3U\n#EXTINF:10,Bj".utf8)
    bytes += [0xF6] + Array("rk - J".utf8) + [0xF3] + Array("ga\n/m/j.mp3\n".utf8)
    let document = try PlaylistCodec.parse(Data(bytes), format: .m3u, file: "/x/old.m3u")
    #expect(document.entries.first?.artist == "Björk")
    #expect(document.entries.first?.title == "Jóga")
    #expect(throws: PlaylistError.parse(file: "/x/new.m3u8", place: "line 2", reason: "not valid UTF-8 (an .m3u8 must be UTF-8)"))
    {
      try PlaylistCodec.parse(Data(bytes), format: .m3u8, file: "/x/new.m3u8")
    }
  }

  @Test func m3uErrorsNameTheLine() {
    #expect(
      throws: PlaylistError.parse(
        file: base + "/test.m3u8", place: "line 3", reason: "#EXTINF duration 'abc' is not a number of seconds")
    ) {
      try parse("#EXTM3U\n/a.mp3\n#EXTINF:abc,X - Y\n/b.mp3\n", .m3u8)
    }
    #expect(
      throws: PlaylistError.parse(file: base + "/test.m3u8", place: "line 2", reason: "#EXTINF is not followed by a location")
    ) {
      try parse("#EXTM3U\n#EXTINF:12,X - Y\n#EXTINF:13,Z - W\n/b.mp3\n", .m3u8)
    }
    #expect(throws: PlaylistError.self) { try parse("#EXTM3U\n/a.mp3\n#EXTINF:1,X\n", .m3u8) }
  }

  @Test func m3uWriterWritesAbsoluteOrRelativePaths() {
    let document = PlaylistDocument(
      title: "T",
      entries: [
        PlaylistFileEntry(
          location: "/home/ann/Music/Zoë/01 Café.mp3", title: "Café", artist: "Zoë", album: "Trees", durationMs: 215_000),
        PlaylistFileEntry(location: "/home/ann/Music/lists/02.mp3", title: "Two", durationMs: 1_234, recordingMbid: "abc"),
        PlaylistFileEntry(title: "Nowhere"),
      ])
    let absolute = M3U.write(document, relativeTo: nil)
    #expect(
      absolute == """
        #EXTM3U
        #PLAYLIST:T
        #EXTINF:215,Zoë - Café
        #EXTALB:Trees
        /home/ann/Music/Zoë/01 Café.mp3
        #EXTINF:1.234,Two
        #EXTMBID:abc
        /home/ann/Music/lists/02.mp3

        """)
    let relative = M3U.write(document, relativeTo: "/home/ann/Music/lists")
    #expect(relative.contains("\n../Zoë/01 Café.mp3\n"))
    #expect(relative.contains("\n02.mp3\n"))
  }

  @Test func xspfAsVLCWritesIt() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <playlist xmlns="http://xspf.org/ns/0/" xmlns:vlc="http://www.videolan.org/vlc/playlist/ns/0/" version="1">
      \t<title>Playlist</title>
      \t<trackList>
      \t\t<track>
      \t\t\t<location>file:///srv/music/Zo%C3%AB%20Keating/01%20Caf%C3%A9%20Blues%20%26%20more.mp3</location>
      \t\t\t<title>Café Blues &amp; more</title>
      \t\t\t<creator>Zoë Keating</creator>
      \t\t\t<album>Into the Trees</album>
      \t\t\t<identifier>https://musicbrainz.org/recording/8f3471b5-7e6a-48da-86a9-c1c07a0f47ae</identifier>
      \t\t\t<duration>215000</duration>
      \t\t\t<extension application="http://www.videolan.org/vlc/playlist/0">
      \t\t\t\t<vlc:id>0</vlc:id>
      \t\t\t</extension>
      \t\t</track>
      \t\t<track>
      \t\t\t<location>Other%20Folder/02.mp3</location>
      \t\t</track>
      \t</trackList>
      \t<extension application="http://www.videolan.org/vlc/playlist/0">
      \t\t<vlc:item tid="0"/>
      \t</extension>
      </playlist>
      """
    let document = try parse(text, .xspf)
    #expect(document.title == "Playlist")
    #expect(document.entries.count == 2)
    #expect(
      document.entries[0]
        == PlaylistFileEntry(
          location: "/srv/music/Zoë Keating/01 Café Blues & more.mp3", title: "Café Blues & more", artist: "Zoë Keating",
          album: "Into the Trees", durationMs: 215_000, recordingMbid: "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"))
    #expect(document.entries[1].location == base + "/Other Folder/02.mp3")
  }

  @Test func xspfErrorsNameTheLine() {
    let broken =
      "<?xml version=\"1.0\"?>\n<playlist version=\"1\">\n<trackList>\n<track><title>x</titel></track>\n</trackList></playlist>\n"
    #expect(
      throws: PlaylistError.parse(
        file: base + "/test.xspf", place: "line 4, column 24", reason: "XML: a closing tag does not match the open element")
    ) {
      try parse(broken, .xspf)
    }
    #expect(
      throws: PlaylistError.parse(
        file: base + "/test.xspf", place: "line 2", reason: "root element is <rss>, not <playlist>: this is not XSPF")
    ) {
      try parse("<?xml version=\"1.0\"?>\n<rss><channel/></rss>\n", .xspf)
    }
    #expect(
      throws: PlaylistError.parse(
        file: base + "/test.xspf", place: "line 3", reason: "<duration> '3:35' is not a whole number of milliseconds")
    ) {
      try parse(
        "<playlist version=\"1\"><trackList>\n<track><location>/a.mp3</location>\n<duration>3:35</duration></track>\n</trackList></playlist>",
        .xspf)
    }
  }

  /// Foundation on Linux lets XMLParser.parse() succeed on a document that stops before its end: such a
  /// file must be refused, not read as the tracks before the cut.
  @Test func xspfCutShortAnywhereIsRefused() throws {
    let document = PlaylistDocument(
      title: "T",
      entries: [
        PlaylistFileEntry(location: "/m/Zoë/01 Café.mp3", title: "Café", artist: "Zoë", durationMs: 215_000),
        PlaylistFileEntry(location: "/m/b.mp3", title: "B", recordingMbid: "8f34"),
      ])
    let bytes = Array(XSPF.write(document, relativeTo: nil).utf8)
    let end = bytes.count - 1  // the last byte is the newline after </playlist>
    var parsed: [Int] = []
    for length in 0..<end {
      do {
        _ = try PlaylistCodec.parse(Data(bytes[..<length]), format: .xspf, file: "/x/cut.xspf")
        parsed.append(length)
      } catch is PlaylistError {
      }
    }
    #expect(parsed == [], "prefixes of \(bytes.count) bytes read without an error")
    #expect(try PlaylistCodec.parse(Data(bytes[..<end]), format: .xspf, file: "/x/cut.xspf") == document)
  }

  @Test func xspfCutShortOrWithMoreAfterTheRootSaysSo() throws {
    #expect(
      throws: PlaylistError.parse(
        file: base + "/test.xspf", place: "line 1, column 71",
        reason: "the file ends inside <playlist>: it is cut short (no closing </playlist>)")
    ) {
      try parse("<playlist><trackList><track><location>x</location></track></trackList>", .xspf)
    }
    #expect(
      throws: PlaylistError.parse(
        file: base + "/test.xspf", place: "line 2, column 19",
        reason: "the file ends inside <location>: it is cut short (no closing </playlist>)")
    ) {
      try parse("<playlist><trackList><track>\n<location>/m/a%20b", .xspf)
    }
    #expect(
      throws: PlaylistError.parse(file: base + "/test.xspf", place: "line 1, column 34", reason: "more content after </playlist>")
    ) {
      try parse("<playlist><trackList/></playlist><playlist/>", .xspf)
    }
    // Warnings are not errors: a relative namespace URI, a comment after the root.
    let warned = try parse(
      "<playlist xmlns=\"xspf\"><trackList><track><title>A</title></track></trackList></playlist>\n<!-- end -->\n", .xspf)
    #expect(warned.entries.map(\.title) == ["A"])
  }

  @Test func xspfWriterEscapes() {
    let document = PlaylistDocument(
      title: "Rock & Roll",
      entries: [
        PlaylistFileEntry(location: "/m/Zoë/Café 100%.mp3", title: "<Café>", recordingMbid: "8f3471b5")
      ])
    let xml = XSPF.write(document, relativeTo: nil)
    #expect(xml.contains("<title>Rock &amp; Roll</title>"))
    #expect(xml.contains("<location>file:///m/Zo%C3%AB/Caf%C3%A9%20100%25.mp3</location>"))
    #expect(xml.contains("<title>&lt;Café&gt;</title>"))
    #expect(xml.contains("<identifier>https://musicbrainz.org/recording/8f3471b5</identifier>"))
    let relative = XSPF.write(document, relativeTo: "/m/lists")
    #expect(relative.contains("<location>../Zo%C3%AB/Caf%C3%A9%20100%25.mp3</location>"))
  }

  /// GET /1/playlist/{mbid} as ListenBrainz serves it: sorted keys, non-ASCII escaped, identifiers as a
  /// list, the track extension with added_by/added_at, no locations.
  static let listenBrainzJSPF = #"""
    {"playlist":{"annotation":"<p>Songs for the road</p>","creator":"ann","date":"2026-05-01T10:00:00.123456+00:00","extension":{"https://musicbrainz.org/doc/jspf#playlist":{"creator":"ann","last_modified_at":"2026-05-02T10:00:00.000000+00:00","public":true}},"identifier":"https://listenbrainz.org/playlist/4ad3cbb5-f0ce-4e21-b0a4-0d58e3a7d6b9","title":"Road \u00e9t\u00e9","track":[{"album":"Into the Trees","creator":"Zo\u00eb Keating","duration":215000,"extension":{"https://musicbrainz.org/doc/jspf#track":{"added_at":"2026-05-01T10:00:00.123456+00:00","added_by":"ann","artist_identifiers":["https://musicbrainz.org/artist/0f6f2d36-1a5c-4d3e-9a93-0d4c5c2f9a55"]}},"identifier":["https://musicbrainz.org/recording/8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"],"title":"Caf\u00e9 Blues"},{"creator":"THE BEATLES","identifier":"https://musicbrainz.org/recording/00000000-0000-0000-0000-000000000000","title":"come together"},{"creator":"Nobody","identifier":["https://musicbrainz.org/recording/11111111-2222-3333-4444-555555555555"],"title":"Unknown Song"}]}}
    """#

  @Test func jspfAsListenBrainzServesIt() throws {
    let document = try parse(Self.listenBrainzJSPF, .jspf)
    #expect(document.title == "Road été")
    #expect(document.creator == "ann")
    #expect(document.entries.count == 3)
    #expect(
      document.entries[0]
        == PlaylistFileEntry(
          title: "Café Blues", artist: "Zoë Keating", album: "Into the Trees", durationMs: 215_000,
          recordingMbid: "8f3471b5-7e6a-48da-86a9-c1c07a0f47ae"))
    #expect(document.entries[1].recordingMbid == "00000000-0000-0000-0000-000000000000")  // a string, not a list
    #expect(document.entries.allSatisfy { $0.location == nil })
  }

  @Test func jspfErrorsNameTheJSONPath() {
    func place(_ text: String) -> String? {
      do {
        _ = try parse(text, .jspf)
        return nil
      } catch let PlaylistError.parse(_, place, _) {
        return place
      } catch {
        return "unexpected \(error)"
      }
    }
    #expect(place(#"{"playlist":{"track":[{"title":"a"},{"title":"b","duration":"3:35"}]}}"#) == "$.playlist.track[1].duration")
    #expect(
      place(#"{"playlist":{"track":[{"identifier":["https://musicbrainz.org/recording/x", 7]}]}}"#)
        == "$.playlist.track[0].identifier[1]")
    #expect(place(#"{"playlist":{"title":5}}"#) == "$.playlist.title")
    #expect(place(#"{"playlist":{"track":[{"duration":true}]}}"#) == "$.playlist.track[0].duration")
    #expect(place(#"{"playlist":{"track":[{"duration":null,"title":null}]}}"#) == nil)
    #expect(place(#"{"playlists":[]}"#) == "$.playlist")
    #expect(place(#"{"playlist":{"track":{}}}"#) == "$.playlist.track")
    #expect(place(#"{"playlist": {"title": "x",}"#) == "$")
    #expect(place("[1,2]") == "$")
  }

  @Test func jspfWriterUsesIdentifierURLsAndFileURIs() throws {
    let document = PlaylistDocument(
      title: "T",
      entries: [
        PlaylistFileEntry(
          location: "/m/Zoë/a b.mp3", title: "Café", artist: "Zoë", album: "Trees", durationMs: 215_000, recordingMbid: "8f34"),
        PlaylistFileEntry(title: "No mbid"),
      ])
    let data = JSPF.write(document)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let playlist = try #require(object["playlist"] as? [String: Any])
    #expect(playlist["title"] as? String == "T")
    let tracks = try #require(playlist["track"] as? [[String: Any]])
    #expect(tracks[0]["identifier"] as? [String] == ["https://musicbrainz.org/recording/8f34"])
    #expect(tracks[0]["location"] as? [String] == ["file:///m/Zo%C3%AB/a%20b.mp3"])
    #expect(tracks[0]["creator"] as? String == "Zoë")
    #expect((tracks[0]["duration"] as? NSNumber)?.intValue == 215_000)
    #expect(tracks[1]["identifier"] == nil)
  }

  /// A playlist named by a relative path (`tunes playlist import pl/mix.m3u8`): its entries resolve
  /// against that folder under the current directory, not against `/pl`.
  @Test(arguments: PlaylistFormat.allCases)
  func relativeEntriesOfAPlaylistGivenByARelativePath(format: PlaylistFormat) throws {
    let text: String
    switch format {
    case .m3u, .m3u8: text = "sub/a b.mp3\n"
    case .xspf:
      text = #"<playlist version="1"><trackList><track><location>sub/a%20b.mp3</location></track></trackList></playlist>"#
    case .jspf: text = #"{"playlist":{"track":[{"location":"sub/a%20b.mp3"}]}}"#
    }
    let document = try parse(text, format, file: "pl/mix." + format.rawValue)
    let cwd = FileManager.default.currentDirectoryPath
    #expect(document.entries.map(\.location) == [cwd + "/pl/sub/a b.mp3"])
  }

  @Test func fileURIsAndRelativePaths() {
    #expect(FilePaths.localPath(fromLocation: "file://localhost/a%20b/c.mp3", baseFolder: "/x") == "/a b/c.mp3")
    #expect(FilePaths.localPath(fromLocation: "http://radio.example/stream", baseFolder: "/x") == "http://radio.example/stream")
    #expect(FilePaths.localPath(fromLocation: "../a/./b.mp3", baseFolder: "/x/y") == "/x/a/b.mp3")
    #expect(FilePaths.relative(path: "/m/a/b.mp3", to: "/m/lists") == "../a/b.mp3")
    #expect(FilePaths.relative(path: "/m/lists/b.mp3", to: "/m/lists") == "b.mp3")
    #expect(FilePaths.relative(path: "/other/b.mp3", to: "/m/lists") == "../../other/b.mp3")
  }
}
