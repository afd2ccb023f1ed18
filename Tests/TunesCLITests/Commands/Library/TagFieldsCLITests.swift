// `tunes info` and `ls songs --fields` over the sample library: every field has a key, unknown ones are
// null (a fallback of the listings is no tag), and the audio properties agree with mutagen's reading of
// the same files.
import Foundation
import Testing

@Suite struct TagFieldsCLITests {
  @Test func infoJSONHasEveryKeyAndNullsWhatNoTagSaid() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let listed = try sandbox.run(["ls", "songs", "--json", "title:=Morning Static"])
    let row = try #require((try listed.json() as? [[String: Any]])?.first, "\(listed)")
    // The listing groups by the artist where the file has no album artist, but its JSON says null…
    #expect(row["albumArtist"] is NSNull)
    #expect(row["artist"] as? String == "Ansel Grey")
    let id = try #require((row["id"] as? NSNumber)?.intValue)
    let info = try sandbox.run(["info", String(id), "--json"])
    #expect(info.status == 0, "\(info)")
    let object = try #require(try info.json() as? [String: Any], "\(info)")
    // …and so does info.
    #expect(object["albumartist"] is NSNull)
    #expect(object["title"] as? String == "Morning Static")
    #expect(object["artists"] as? [String] == ["Ansel Grey"])
    #expect(object["composer"] is NSNull && object["isrc"] is NSNull)
    #expect(object.keys.count > 60)
    let text = try sandbox.run(["info", String(id)])
    #expect(text.stdout.contains("(no tag: the artist)"), "\(text)")
  }

  @Test func fieldsGiveTheAudioPropertiesMutagenReads() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let result = try sandbox.run(["ls", "songs", "--json", "--fields", "path,format,samplerate,channels"])
    let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
    #expect(rows.count > 5)
    #expect(rows.allSatisfy { Set($0.keys) == ["path", "format", "samplerate", "channels"] })
    let paths = rows.compactMap { $0["path"] as? String }
    let script = """
      import sys, mutagen
      names = {"MP3": "mp3", "FLAC": "flac", "OggVorbis": "vorbis", "OggOpus": "opus"}
      for p in sys.argv[1:]:
          f = mutagen.File(p)
          kind = type(f).__name__
          codec = names.get(kind) or ("alac" if getattr(f.info, "codec", "") == "alac" else "aac")
          rate = 48000 if kind == "OggOpus" else f.info.sample_rate
          print(rate, f.info.channels, codec)
      """
    let mutagen = try runProcess("/usr/bin/python3", ["-c", script] + paths, environment: [:])
    #expect(mutagen.status == 0, "\(mutagen.err)")
    let expected = mutagen.out.split(separator: "\n").map(String.init)
    let ours = rows.map {
      "\(($0["samplerate"] as? NSNumber)?.intValue ?? 0) \(($0["channels"] as? NSNumber)?.intValue ?? 0) \($0["format"] as? String ?? "")"
    }
    #expect(ours == expected)
    let bad = try sandbox.run(["ls", "songs", "--fields", "title,nonsense"])
    #expect(bad.status != 0 && bad.stderr.contains("nonsense"), "\(bad)")
  }

  /// A file with no tags at all: the listings show its file name as title and group it under no album
  /// artist, and every `--json` of songs (ls, search) says null for the names it does not have.
  @Test func songJSONListingsGiveNullForUntaggedNames() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("untagged")
    let source = TunesExecutable.sampleLibrary.appendingPathComponent("Ansel Grey/Field Notes/02 Birch Road.mp3")
    let copy = folder.appendingPathComponent("Nameless Hum.mp3")
    try FileManager.default.copyItem(at: source, to: copy)
    let strip = try runProcess(
      "/usr/bin/python3", ["-c", "import sys, mutagen; f = mutagen.File(sys.argv[1]); f.delete()", copy.path],
      environment: [:])
    #expect(strip.status == 0, "\(strip.err)")
    let index = try sandbox.run(["index", folder.path])
    #expect(index.status == 0, "\(index)")
    let table = try sandbox.run(["ls", "songs"])
    #expect(table.stdout.contains("Nameless Hum"), "\(table)")
    for arguments in [["ls", "songs", "--json"], ["search", "--json", "nameless"]] {
      let result = try sandbox.run(arguments)
      let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
      #expect(rows.count == 1, "\(arguments): \(result)")
      let row = try #require(rows.first)
      #expect(row["path"] as? String == copy.path)
      for key in ["title", "artist", "album", "albumArtist", "genre"] {
        #expect(row[key] is NSNull, "\(arguments) \(key): \(String(describing: row[key]))")
      }
      // `ls songs` adds the eight fields of the gain the player applies (SongJSON.gainKeys).
      #expect(row.keys.count == (arguments[0] == "ls" ? 26 : 18))
    }
  }
}
