// The ID3v2 readings where tunes deliberately differs from mutagen (Docs/Tags.md says why), the LAME
// header's ReplayGain (compared with ffmpeg's reading of a real lame file), date precision, and hostile tags:
// absurd counts and lengths are capped with one warning and never crash the reader.

import Foundation
import Testing

@testable import TunesTags

@Suite struct ID3v2ModelTests {
  func parse(_ version: UInt8, _ frames: [ID3Frame]) throws -> ID3v2Tag {
    try #require(ID3v2Parser.parse(ID3v2Builder(version: version, frames).bytes()))
  }

  @Test func iTunesV23SortFramesFillTheSortNames() throws {
    // mutagen 1.46 does not know XSOP/XSOA/XSOT; iTunes wrote them in ID3v2.3 files before TSO* existed.
    let t = try parse(3, [.text("XSOP", ["Beatles, The"]), .text("XSOA", ["White"]), .text("XSOT", ["Help"])]).tags
    #expect(t.artistSort == "Beatles, The")
    #expect(t.albumSort == "White")
    #expect(t.titleSort == "Help")
    let both = try parse(3, [.text("XSOP", ["Old"]), .text("TSOP", ["New"])]).tags
    #expect(both.artistSort == "New")
  }

  @Test func looseYearFramesStillGiveTheYear() throws {
    // mutagen drops a TYER that is not only digits; the year in front is kept here, as before.
    #expect(try parse(3, [.text("TYER", ["1999 (remaster)"])]).tags.date == "1999")
    #expect(try parse(3, [.text("TYER", ["1999"]), .text("TDAT", ["1405"])]).tags.date == "1999-05-14")
    #expect(try parse(3, [.text("TYER", ["1999"]), .text("TDAT", ["14/5"])]).tags.date == "1999")
  }

  @Test(
    arguments: [
      ("2004", "2004"), ("2004-07", "2004-07"), ("2004-07-09", "2004-07-09"), ("2004-07-09T10:11:12", "2004-07-09"),
      ("2004/07/09", "2004-07-09"), ("2004.7.9", "2004-07-09"), ("1999--05", "1999"), ("c. 1999", nil),
      ("99", "0099"), ("unknown", nil), ("", nil), ("2004-July", "2004"),
    ] as [(String, String?)])
  func datesKeepTheirPrecision(text: String, expected: String?) {
    #expect(TagValues.date(text) == expected)
  }

  @Test func lameReplayGainFillsWhatTheTagsLack() throws {
    let spec = FrameSpec()
    var info = xingFrame(spec, length: 417, frameCount: 20, byteCount: 21 * 417, delay: 576, padding: 100)
    let lame = 52  // 36 + "Info", flags, frame count, byte count
    // Peak 0.5 (9.23 fixed point), radio gain -11.3 dB (name 1, originator 3), audiophile +2.5 dB (name 2).
    info[lame + 11..<lame + 15] = [0x00, 0x40, 0x00, 0x00]
    info[lame + 15..<lame + 17] = [0x2E, 0x71]
    info[lame + 17..<lame + 19] = [0x4C, 0x19]
    let audio = info + frames(spec, length: 417, count: 20)
    let bare = try TagReader.parse(audio, path: "lame.mp3").tags.replayGain
    #expect(bare == ReplayGainTags(trackGain: -11.3, trackPeak: 0.5, albumGain: 2.5, albumPeak: nil))
    let tagged = ID3v2Builder(version: 4, [.txxx("REPLAYGAIN_TRACK_GAIN", ["-6.00 dB"])]).bytes() + audio
    let both = try TagReader.parse(tagged, path: "lame.mp3").tags.replayGain
    #expect(both == ReplayGainTags(trackGain: -6, trackPeak: 0.5, albumGain: 2.5, albumPeak: nil))
    // An originator of 0 means the field was never set.
    info[lame + 15..<lame + 17] = [0x20, 0x71]
    let unset = try TagReader.parse(info + frames(spec, length: 417, count: 20), path: "lame.mp3").tags.replayGain
    #expect(unset.trackGain == nil)
  }

  @Test func lameReplayGainMatchesFFmpeg() throws {
    let folder = try makeTemporaryFolder("lame-gain")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", folder + "/a.wav", "synth", "2", "sine", "440", "vol", "0.4"])
    try run("/usr/bin/lame", ["--quiet", "--replaygain-accurate", "-b", "128", folder + "/a.wav", folder + "/a.mp3"])
    let probe = try ChildProcess.run("/usr/bin/ffprobe", ["-v", "verbose", folder + "/a.mp3"])
    let text = probe.errors + String(decoding: probe.stdout, as: UTF8.self)
    let match = try #require(text.firstMatch(of: /track gain - (-?[0-9.]+)/))
    let ffmpegGain = try #require(Double(match.1))
    let gain = try #require(try TagReader.read(path: folder + "/a.mp3").tags.replayGain.trackGain)
    #expect(abs(gain - ffmpegGain) < 0.001)
  }

  @Test func aHundredThousandGenresAreCappedWithOneWarning() throws {
    let genres = (0..<100_000).map { "Genre \($0)" }
    let tag = try parse(4, [.text("TCON", genres, .utf8), .text("TIT2", ["Still read"])])
    #expect(tag.tags.genres.count == ID3v2FrameCollector.maxValues)
    #expect(tag.tags.genres.first == "Genre 0")
    #expect(tag.tags.title == "Still read")
    #expect(tag.warnings.count == 1)
    #expect(tag.warnings.first?.contains("TCON") == true)
  }

  @Test func thousandsOfRepeatedFramesAreCappedWithOneWarning() throws {
    let frames = (0..<5_000).map { ID3Frame.text("TCOM", ["Composer \($0)"]) }
    let tag = try parse(3, frames)
    #expect(tag.tags.composers.count == ID3v2FrameCollector.maxValues)
    #expect(tag.warnings.count == 1)
  }

  @Test func veryLongValuesAreCutOnACharacterBoundary() throws {
    let long = String(repeating: "é", count: 100_000)
    let tag = try parse(4, [.text("TIT2", [long], .utf8)])
    let title = try #require(tag.tags.title)
    #expect(title.utf8.count <= ID3v2FrameCollector.maxValueBytes)
    #expect(title.utf8.count > ID3v2FrameCollector.maxValueBytes - 2)
    #expect(title.allSatisfy { $0 == "é" })
    #expect(tag.warnings.count == 1)
    // Lyrics may be long: they keep up to a megabyte.
    let lyrics = String(repeating: "la ", count: 100_000)
    #expect(try parse(4, [.lyrics("", lyrics, .utf8)]).tags.lyrics == lyrics)
  }

  @Test func damagedNewFramesAreSkippedWithAWarning() throws {
    let cut = try parse(4, [ID3Frame(id: "RVA2", data: Array("track".utf8) + [0, 1, 0xF9]), .text("TIT2", ["Next"])])
    #expect(cut.tags.replayGain.isEmpty)
    #expect(cut.tags.title == "Next")
    #expect(cut.warnings.count == 1)
    #expect(cut.warnings.first?.contains("RVA2") == true)
    // Peak bits promising more bytes than the frame holds.
    let short = try parse(4, [.rva2("track", gain: -1, peakBits: 32, peak: [0x12])])
    #expect(short.tags.replayGain.isEmpty)
    #expect(short.warnings.count == 1)
    let badEncoding = try parse(4, [ID3Frame(id: "TMCL", data: [7] + Array("guitar\0Gus".utf8))])
    #expect(badEncoding.tags.performers.isEmpty)
    #expect(badEncoding.warnings.count == 1)
    // A lone role without a name is dropped, not paired with the next frame's text.
    #expect(try parse(4, [.text("TMCL", ["guitar"], .utf8)]).tags.performers.isEmpty)
    #expect(try parse(4, [.text("MVIN", ["x/y"], .utf8)]).tags.movementNumber == nil)
    #expect(try parse(4, [.txxx("REPLAYGAIN_TRACK_GAIN", ["loud"])]).tags.replayGain.trackGain == nil)
    #expect(try parse(4, [.lyrics("", "")]).tags.lyrics == nil)
  }

  @Test func musicBrainzIdsInOddFormsAreNormalisedAndBadOnesReported() throws {
    let tag = try parse(
      4,
      [
        .txxx("MusicBrainz Work Id", ["{1A2B3C4D-1A2B-3C4D-5E6F-1A2B3C4D5E6F}", "1a2b3c4d1a2b3c4d5e6f1a2b3c4d5e6e"], .utf8),
        .txxx("MusicBrainz Release Track Id", ["nonsense"]),
      ])
    #expect(tag.tags.workMbids == ["1a2b3c4d-1a2b-3c4d-5e6f-1a2b3c4d5e6f", "1a2b3c4d-1a2b-3c4d-5e6f-1a2b3c4d5e6e"])
    #expect(tag.tags.releaseTrackMbid == nil)
    #expect(tag.warnings.count == 1)
    #expect(tag.warnings.first?.contains("nonsense") == true)
  }

  @Test func id3v1FillsOnlyWhatID3v2Lacks() throws {
    let v2 = ID3v2Builder(version: 4, [.text("TPE1", ["A", "B"], .utf8), .text("TSOP", ["A and B"], .utf8)]).bytes()
    let v1 = id3v1(title: "V1 Title", artist: "V1 Artist", year: "1990")
    let t = try TagReader.parse(v2 + frames(FrameSpec(), length: 417, count: 10) + v1, path: "x.mp3").tags
    #expect(t.artist == "A; B")
    #expect(t.artists == ["A", "B"])
    #expect(t.artistSort == "A and B")
    #expect(t.title == "V1 Title")
    #expect(t.date == "1990")
  }
}
