// `tunes loudness` on every format tunes plays, against loudgain on the same files: MP3, FLAC, FLAC in
// Ogg, Ogg Vorbis, Opus, AAC and ALAC in M4A each within 0.1 LU / dB, and an album of three formats; a FLAC that
// carries MP3 frames in a picture block (libmpg123 decodes them) measured as the FLAC it is; a damaged
// or truncated file of each format, and a silent one, given no value and named on one line; an album
// with a damaged song given no album gain, naming the song.
import Foundation
import Testing
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesTestSupport

@testable import TunesLoudness

@Suite(.serialized) struct LoudnessFormatTests {
  /// The generated files, indexed into a fresh library.
  struct Files {
    var library: Library
    var folder: String
    /// One single per format (and the FLAC holding MP3 frames), by a short name.
    var singles: [String: String]
    /// An album of a FLAC, an Ogg Vorbis and an AAC song.
    var album: [String]
    /// The MP3 hidden in the trap FLAC's picture block.
    var hiddenMP3: String
  }

  static func path(_ folder: String, _ name: String) -> String { folder + "/" + name }

  static func makeFiles() throws -> Files {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-loudness-formats-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func sox(_ name: String, _ effect: [String]) throws {
      try Fixtures.run("/usr/bin/sox", ["-R", "-n", "-r", "44100", "-c", "2", "-b", "16", path(folder, name), "synth"] + effect)
    }
    try sox("single.wav", ["3", "sine", "440", "pinknoise", "vol", "0.5"])
    try sox("a1.wav", ["3", "sine", "330", "vol", "0.6"])
    try sox("a2.wav", ["2", "pinknoise", "vol", "0.3"])
    try sox("a3.wav", ["3", "brownnoise", "vol", "0.7"])
    try sox("hidden.wav", ["2", "brownnoise", "vol", "0.9"])
    let wav = path(folder, "single.wav")
    func make(_ tool: String, _ arguments: [String]) throws { try Fixtures.run(tool, arguments) }
    try make("/usr/bin/lame", ["--quiet", "-b", "192", wav, path(folder, "single.mp3")])
    try make("/usr/bin/flac", ["-s", "-f", "-o", path(folder, "single.flac"), wav])
    try make("/usr/bin/flac", ["-s", "-f", "--ogg", "-o", path(folder, "single.oga"), wav])
    try make("/usr/bin/oggenc", ["-Q", "-o", path(folder, "single.ogg"), wav])
    try make("/usr/bin/opusenc", ["--quiet", wav, path(folder, "single.opus")])
    try make("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", path(folder, "single-aac.m4a")])
    try make("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "alac", path(folder, "single-alac.m4a")])
    // The trap: a FLAC whose picture block holds a whole MP3 (frame syncs and all).
    try make("/usr/bin/lame", ["--quiet", path(folder, "hidden.wav"), path(folder, "hidden.mp3")])
    try make("/usr/bin/flac", ["-s", "-f", "-o", path(folder, "trap.flac"), wav])
    try make(
      "/usr/bin/metaflac",
      ["--import-picture-from=3|audio/mpeg||1x1x24|" + path(folder, "hidden.mp3"), path(folder, "trap.flac")])
    try FileManager.default.moveItem(atPath: path(folder, "hidden.mp3"), toPath: path(folder, "hidden.mp3.bin"))
    let tags = ["Mixed", "Meter"]
    try make(
      "/usr/bin/flac",
      [
        "-s", "-f", "-T", "ALBUM=\(tags[0])", "-T", "ARTIST=\(tags[1])", "-T", "TRACKNUMBER=1", "-o", path(folder, "a1.flac"),
        path(folder, "a1.wav"),
      ])
    try make(
      "/usr/bin/oggenc", ["-Q", "-l", tags[0], "-a", tags[1], "-N", "2", "-o", path(folder, "a2.ogg"), path(folder, "a2.wav")])
    try make(
      "/usr/bin/ffmpeg",
      [
        "-v", "error", "-y", "-i", path(folder, "a3.wav"), "-metadata", "album=\(tags[0])", "-metadata", "artist=\(tags[1])",
        "-metadata", "track=3", "-c:a", "aac", path(folder, "a3.m4a"),
      ])
    for name in ["single.wav", "a1.wav", "a2.wav", "a3.wav", "hidden.wav"] {
      try FileManager.default.removeItem(atPath: path(folder, name))
    }
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    _ = try library.index(paths: [folder])
    let singles = [
      "mp3": "single.mp3", "flac": "single.flac", "oggflac": "single.oga", "vorbis": "single.ogg", "opus": "single.opus",
      "aac": "single-aac.m4a",
      "alac": "single-alac.m4a", "trap": "trap.flac",
    ].mapValues { path(folder, $0) }
    return Files(
      library: library, folder: folder, singles: singles, album: ["a1.flac", "a2.ogg", "a3.m4a"].map { path(folder, $0) },
      hiddenMP3: path(folder, "hidden.mp3.bin"))
  }

  static func measurement(_ library: Library, _ path: String) throws -> (
    lufs: Double, peak: Double, gain: Double, albumGain: Double?
  )? {
    try LoudnessStore.measurement(library, songID: try LoudnessTests.songID(library, path))
  }

  @Test func everyFormatAgreesWithLoudgain() throws {
    let files = try Self.makeFiles()
    defer { try? FileManager.default.removeItem(atPath: files.folder) }
    let run = try LoudnessTests.scanAll(files.library)
    #expect(run.failures.isEmpty, "\(run.failures)")
    #expect(run.saved == files.singles.count + files.album.count)

    let reference = try LoudnessTests.loudgain(Array(files.singles.values), album: false)
    for (format, path) in files.singles {
      let expected = try #require(reference[path], "loudgain gave no row for \(path)")
      let got = try #require(try Self.measurement(files.library, path), "\(format): not measured")
      #expect(abs(got.lufs - expected.lufs) <= 0.1, "\(format): \(got.lufs) LUFS, loudgain \(expected.lufs)")
      #expect(abs(20 * log10(got.peak / expected.peak)) <= 0.1, "\(format): peak \(got.peak), loudgain \(expected.peak)")
      // loudgain gives Opus files gain against R128's −23 LUFS (for R128_TRACK_GAIN); the rest against −18.
      let expectedGain = format == "opus" ? LoudnessMeter.gain(lufs: expected.lufs) : expected.gain
      #expect(abs(got.gain - expectedGain) <= 0.1, "\(format): \(got.gain) dB, loudgain \(expectedGain)")
      #expect(got.albumGain == nil, "\(format): a single has no album gain")
    }
    // The MP3 frames inside the trap FLAC are loud brown noise, nothing like the FLAC's audio.
    let hidden = try #require(try LoudnessTests.loudgain([files.hiddenMP3], album: false).values.first)
    let trap = try #require(try Self.measurement(files.library, files.singles["trap"]!))
    #expect(abs(trap.lufs - hidden.lufs) > 1, "the trap FLAC was measured as its hidden MP3 (\(trap.lufs) LUFS)")

    let albumReference = try LoudnessTests.loudgain(files.album, album: true)
    let albumRow = try #require(albumReference["Album"])
    for path in files.album {
      let expected = try #require(albumReference[path])
      let got = try #require(try Self.measurement(files.library, path))
      #expect(abs(got.lufs - expected.lufs) <= 0.1, "\(path): \(got.lufs) LUFS, loudgain \(expected.lufs)")
      #expect(abs(got.gain - expected.gain) <= 0.1, "\(path): \(got.gain) dB, loudgain \(expected.gain)")
      let albumGain = try #require(got.albumGain)
      #expect(abs(albumGain - albumRow.gain) <= 0.1, "album gain \(albumGain), loudgain \(albumRow.gain)")
    }
  }

  /// Two copies of `source` in `folder`, to be damaged once indexed (a file too broken to index would never
  /// reach the measuring): one to get 4 KiB in the middle overwritten, one to be cut at 60 %.
  static func copies(of source: String, in folder: String) throws -> (damaged: String, cut: String) {
    let name = (source as NSString).lastPathComponent
    let copies = (folder + "/damaged-" + name, folder + "/cut-" + name)
    try FileManager.default.copyItem(atPath: source, toPath: copies.0)
    try FileManager.default.copyItem(atPath: source, toPath: copies.1)
    return copies
  }

  /// Overwrites 4 KiB in the middle: several frames of every format, so that the damage reaches a frame
  /// header or a checksum even where the codec has none of its own (AAC, ALAC in MP4: the sample table
  /// finds each packet, and a packet's damage is seen only when it does not decode).
  static func damage(_ path: String) throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let middle = bytes.count / 2
    for index in middle..<(middle + 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 37) }
    try bytes.write(to: URL(fileURLWithPath: path))
  }

  static func cut(_ path: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: path))
  }

  @Test func aDamagedOrTruncatedFileOfEachFormatGetsNoValueAndALineNamingIt() throws {
    let files = try Self.makeFiles()
    defer { try? FileManager.default.removeItem(atPath: files.folder) }
    let broken = files.folder + "/broken"
    try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
    // An M4A with its index in front (as streaming encoders write it): cut short, it still opens.
    let faststart = files.folder + "/faststart.m4a"
    try Fixtures.run(
      "/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", files.singles["flac"]!, "-c:a", "aac", "-movflags", "+faststart", faststart])
    var copies: [(damaged: String, cut: String)] = []
    for format in ["mp3", "flac", "oggflac", "vorbis", "opus", "aac", "alac"] {
      copies.append(try Self.copies(of: files.singles[format]!, in: broken))
    }
    copies.append(try Self.copies(of: faststart, in: broken))
    try FileManager.default.removeItem(atPath: faststart)
    _ = try files.library.index(paths: [files.folder])
    for copy in copies {
      try Self.damage(copy.damaged)
      try Self.cut(copy.cut)
    }
    let bad = copies.flatMap { [$0.damaged, $0.cut] }

    let run = try LoudnessTests.scanAll(files.library)
    let lines = run.failures.map { "\($0)" }
    for path in bad {
      let named = lines.filter { $0.hasPrefix(path + ": ") }
      #expect(named.count == 1, "\(path): \(named.count) lines naming it among \(lines)")
      #expect(!named.contains { $0.contains("\n") })
      #expect(try Self.measurement(files.library, path) == nil, "\(path) was given a value")
    }
    #expect(lines.count == bad.count, "\(lines)")
    // The good files are measured as before.
    for path in files.singles.values { #expect(try Self.measurement(files.library, path) != nil, "\(path)") }
  }

  @Test func anAlbumWithADamagedSongGetsNoAlbumGainAndNamesIt() throws {
    let files = try Self.makeFiles()
    defer { try? FileManager.default.removeItem(atPath: files.folder) }
    // Measured whole first: the album has its album gain.
    _ = try LoudnessTests.scanAll(files.library)
    #expect(try Self.measurement(files.library, files.album[0])?.albumGain != nil)
    // Then its Ogg song is damaged and the file changes: the album is measured again.
    try Self.damage(files.album[1])
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: files.album[1])
    _ = try files.library.index(paths: [files.folder])

    let run = try LoudnessTests.scanAll(files.library)
    #expect(run.failures.map { "\($0)" }.contains { $0.hasPrefix(files.album[1] + ": ") }, "\(run.failures)")
    let outcome = try #require(run.outcomes.first { $0.isAlbum })
    #expect(outcome.albumSpoiledBy == files.album[1])
    #expect(try Self.measurement(files.library, files.album[1]) == nil)
    for path in [files.album[0], files.album[2]] {
      let kept = try #require(try Self.measurement(files.library, path), "\(path): its track value is kept")
      #expect(kept.albumGain == nil, "\(path): album gain \(String(describing: kept.albumGain)) from part of the album")
    }
  }

  @Test func aSilentFileGetsNoValue() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tunes-loudness-silent-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/silence.wav"
    try Fixtures.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "trim", "0", "2"])
    let silent = [folder + "/silence.flac", folder + "/silence.ogg", folder + "/silence.mp3", folder + "/silence.m4a"]
    try Fixtures.run("/usr/bin/flac", ["-s", "-f", "-o", silent[0], wav])
    try Fixtures.run("/usr/bin/oggenc", ["-Q", "-o", silent[1], wav])
    try Fixtures.run("/usr/bin/lame", ["--quiet", wav, silent[2]])
    try Fixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "alac", silent[3]])
    try FileManager.default.removeItem(atPath: wav)
    let library = try Library(path: folder + "/library.db", areas: everyDatabaseArea)
    _ = try library.index(paths: [folder])

    let run = try LoudnessTests.scanAll(library)
    #expect(run.saved == 0)
    for path in silent {
      #expect(run.failures.contains(.silent(path: path)), "\(path): \(run.failures)")
      #expect(try Self.measurement(library, path) == nil)
    }
  }

  @Test func theMP3DecoderRefusesAFLACHoldingMP3Frames() throws {
    let files = try Self.makeFiles()
    defer { try? FileManager.default.removeItem(atPath: files.folder) }
    let trap = files.singles["trap"]!
    #expect(throws: DecoderError.notMP3(path: trap, reason: "the file is FLAC, not MPEG audio")) {
      try MPG123Decoder(path: trap)
    }
    #expect(try DecoderFactory().makeDecoder(path: trap) is FLACDecoder)
  }
}
