// Lyrics as the now-playing view finds them, compared with mutagen: an MP3's USLT and SYLT frames (timed
// in milliseconds, and in MPEG frames made milliseconds at the stream's frame length) and a FLAC's LYRICS
// comment written by mutagen and read back by it, then by tunes; an .lrc file beside the song coming
// first; and sizes over the bound refused with a message naming the file.
import Foundation
import Testing
import TunesTags
import TunesTestSupport

@testable import TunesUI

private let mutagenPresent =
  FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  && (try? ChildProcess.run("/usr/bin/python3", ["-c", "import mutagen"]).status) == 0

@Suite(.enabled(if: mutagenPresent && FormatFixtures.toolsPresent)) struct LyricsSourceTests {
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "tunes-lyrics-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// The start of the MP3 scripts: `path` (the first argument) and its ID3 tag as `tags`, a new empty
  /// one when the file has none yet; `sys`, `json` and `ID3` imported.
  static let openTags = """
    import sys, json
    from mutagen.id3 import ID3, ID3NoHeaderError
    path = sys.argv[1]
    try:
        tags = ID3(path)
    except ID3NoHeaderError:
        tags = ID3()

    """

  /// Runs a Python script with mutagen on `path`; what it prints (JSON).
  func mutagen(_ script: String, _ path: String) throws -> Any {
    let result = try ChildProcess.run("/usr/bin/python3", ["-c", script, path])
    try #require(result.status == 0, "\(result)")
    return try JSONSerialization.jsonObject(with: result.stdout, options: .fragmentsAllowed)
  }

  @Test func mp3LyricsFramesReadAsMutagenReadsThem() throws {
    let mp3 = folder + "/song.mp3"
    try FileManager.default.copyItem(atPath: try Fixtures.get().stereo44, toPath: mp3)
    let read = try mutagen(
      Self.openTags + """
        from mutagen.id3 import USLT, SYLT
        tags.add(USLT(encoding=3, lang='eng', desc='', text='Plain first\\nPlain second'))
        tags.add(SYLT(encoding=1, lang='eng', format=2, type=1, desc='',
                      text=[('Zweite Zeile', 4500), ('First line', 1200), ('Ünïcode ♪', 9000)]))
        tags.save(path, v2_version=4)
        back = ID3(path)
        print(json.dumps({'uslt': back.getall('USLT')[0].text,
                          'sylt': [[t, ms] for t, ms in back.getall('SYLT')[0].text]}))
        """, mp3)
    let expected = try #require(read as? [String: Any])
    let tags = try TagReader.read(path: mp3).tags
    #expect(tags.lyrics == expected["uslt"] as? String)
    let sylt = try #require(expected["sylt"] as? [[Any]])
    let fromMutagen = sylt.map { TimedLyric(milliseconds: $0[1] as! Int, text: $0[0] as! String) }
      .sorted { $0.milliseconds < $1.milliseconds }
    #expect(tags.syncedLyrics == fromMutagen)
    // The view prefers the synced lines and finds the one being sung.
    guard case .found(let lyrics, let source) = LyricsLoader.load(songPath: mp3) else {
      Issue.record("no lyrics found")
      return
    }
    #expect(source == "synced lyrics tag")
    #expect(lyrics.lines == fromMutagen.map(\.text))
    #expect(lyrics.line(at: 5_000).map { lyrics.lines[$0] } == "Zweite Zeile")
  }

  @Test func mpegFrameTimedLinesAreMarkedAtTheirTime() throws {
    let mp3 = folder + "/frames.mp3"
    try FileManager.default.copyItem(atPath: try Fixtures.get().stereo44, toPath: mp3)
    // mutagen keeps the frame numbers; the frame's length comes from the stream mutagen reads.
    let read = try mutagen(
      Self.openTags + """
        import mutagen
        from mutagen.id3 import SYLT
        tags.add(SYLT(encoding=3, lang='eng', format=1, type=1, desc='',
                      text=[('Null', 0), ('Hundert', 100), ('Vierzig', 40)]))
        tags.save(path, v2_version=4)
        info = mutagen.File(path).info
        per_frame = 1152 if info.version == 1 else 576
        print(json.dumps([[t, (f * per_frame * 1000 + info.sample_rate // 2) // info.sample_rate]
                          for t, f in sorted(ID3(path).getall('SYLT')[0].text, key=lambda p: p[1])]))
        """, mp3)
    let expected = try #require(read as? [[Any]]).map { TimedLyric(milliseconds: $0[1] as! Int, text: $0[0] as! String) }
    #expect(expected.count == 3 && expected[1].milliseconds > 0)
    guard case .found(let lyrics, let source) = LyricsLoader.load(songPath: mp3) else {
      Issue.record("no lyrics found")
      return
    }
    #expect(source == "synced lyrics tag")
    #expect(lyrics.lines == expected.map(\.text))
    #expect(lyrics.times == expected.map(\.milliseconds))
    #expect(lyrics.line(at: expected[1].milliseconds - 1) == 0)
    #expect(lyrics.line(at: expected[1].milliseconds) == 1)
  }

  @Test func flacLyricsCommentReadsAsMutagenReadsIt() throws {
    let flac = folder + "/song.flac"
    try FileManager.default.copyItem(atPath: try FormatFixtures.get().flac16, toPath: flac)
    let read = try mutagen(
      """
      import sys, json
      from mutagen.flac import FLAC
      path = sys.argv[1]
      f = FLAC(path)
      f['LYRICS'] = '[00:01.00]Eins\\n[00:02.50]Zwei\\n[00:04.00]Drei'
      f.save()
      print(json.dumps(FLAC(path)['LYRICS'][0]))
      """, flac)
    let expected = try #require(read as? String)
    #expect(try TagReader.read(path: flac).tags.lyrics == expected)
    guard case .found(let lyrics, let source) = LyricsLoader.load(songPath: flac) else {
      Issue.record("no lyrics found")
      return
    }
    // The comment holds LRC: it is read synced.
    #expect(source == "lyrics tag")
    #expect(lyrics.lines == ["Eins", "Zwei", "Drei"])
    #expect(lyrics.times == [1_000, 2_500, 4_000])
  }

  @Test func anLRCFileBesideTheSongComesFirstAndSizesAreBounded() throws {
    let mp3 = folder + "/track.mp3"
    try FileManager.default.copyItem(atPath: try Fixtures.get().stereo44, toPath: mp3)
    #expect(LyricsLoader.load(songPath: mp3) == .none)
    try "[00:00.50]From the file\n".write(toFile: folder + "/track.lrc", atomically: true, encoding: .utf8)
    #expect(LyricsLoader.load(songPath: mp3) == .found(Lyrics(lines: ["From the file"], times: [500]), source: "track.lrc"))
    let huge = String(repeating: "[00:01.00]la la la la la la la la\n", count: 9000)
    try huge.write(toFile: folder + "/track.lrc", atomically: true, encoding: .utf8)
    #expect(LyricsLoader.load(songPath: mp3) == .problem("track.lrc is larger than 256 KiB; not shown"))
  }
}
