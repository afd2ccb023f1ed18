// Audio properties of whole files built in memory: finding the first frame, lengths from Info/Xing (with
// LAME delay and padding), VBRI or the frame walk, the audio region and its hash.

import Testing

@testable import TunesTags

@Suite struct AudioPropertiesTests {
  let spec = FrameSpec()  // MPEG 1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames
  let tag = ID3v2Builder(version: 3, [.text("TIT2", ["Song"])]).bytes()

  func read(_ bytes: [UInt8]) throws -> FileMetadata { try TagReader.parse(bytes, path: "/music/test.mp3") }

  @Test func lengthByWalkingFrames() throws {
    let m = try read(tag + frames(spec, length: 417, count: 50))
    #expect(m.audio.lengthSource == "frames")
    #expect(m.audio.sampleCount == 50 * 1152)
    #expect(m.audio.durationMs == 1306)  // 57600 / 44.1
    #expect(m.audio.sampleRate == 44100 && m.audio.channels == 2)
    #expect(m.audio.bitrate == 128)  // 417 * 8 * 44100 / 1152 = 127.7 kbit/s
    #expect(m.audio.audioOffset == tag.count)
    #expect(m.audio.audioLength == 50 * 417)
    #expect(m.audio.mpegVersion == "1" && m.audio.layer == 3)
    #expect(m.tags.title == "Song")
    #expect(m.warnings.isEmpty)
  }

  @Test func lengthFromInfoHeaderMinusLAMEDelayAndPadding() throws {
    let info = xingFrame(spec, length: 417, frameCount: 40, byteCount: 41 * 417, delay: 576, padding: 1000)
    let m = try read(tag + info + frames(spec, length: 417, count: 40))
    #expect(m.audio.lengthSource == "Info")
    #expect(m.audio.sampleCount == 40 * 1152 - 576 - 1000)
    #expect(m.audio.durationMs == 1009)  // 44504 / 44.1 = 1009.2
    #expect(m.audio.encoder == "LAME3.100")
    #expect(m.audio.audioOffset == tag.count)
    #expect(m.audio.audioLength == 41 * 417)
  }

  @Test func xingWithoutLAMETagCountsWholeFrames() throws {
    let xing = xingFrame(spec, length: 417, tag: "Xing", frameCount: 20, byteCount: nil)
    let m = try read(xing + frames(spec, length: 417, count: 20))
    #expect(m.audio.lengthSource == "Xing")
    #expect(m.audio.sampleCount == 20 * 1152)
    #expect(m.audio.encoder == nil)
  }

  @Test func xingWithoutFrameCountFallsBackToTheWalkWithoutCountingItsFrame() throws {
    let xing = xingFrame(spec, length: 417, tag: "Xing", frameCount: nil, byteCount: 21 * 417)
    let m = try read(xing + frames(spec, length: 417, count: 20))
    #expect(m.audio.lengthSource == "frames")
    #expect(m.audio.sampleCount == 20 * 1152)
  }

  @Test func vbriHeader() throws {
    let m = try read(vbriFrame(spec, length: 417, frameCount: 30, byteCount: 31 * 417) + frames(spec, length: 417, count: 30))
    #expect(m.audio.lengthSource == "VBRI")
    #expect(m.audio.sampleCount == 30 * 1152)
  }

  @Test func mpeg2MonoWalk() throws {
    let mono = FrameSpec(versionBits: 2, bitrateIndex: 8, rateIndex: 0, mode: 3)
    let m = try read(frames(mono, length: 208, count: 100))
    #expect(m.audio.sampleRate == 22050 && m.audio.channels == 1)
    #expect(m.audio.sampleCount == 100 * 576)
    #expect(m.audio.mpegVersion == "2")
    #expect(m.audio.durationMs == 2612)  // 57600 / 22.05
  }

  @Test func layer2Stream() throws {
    let l2 = FrameSpec(layerBits: 2, bitrateIndex: 10)
    let m = try read(frames(l2, length: 626, count: 10))
    #expect(m.audio.layer == 2)
    #expect(m.audio.sampleCount == 11520)
  }

  @Test func falseSyncInJunkBeforeTheAudioIsSkipped() throws {
    // A valid-looking header in the junk, whose "next frame" lands in zeros.
    let junk: [UInt8] = spec.headerBytes + [UInt8](repeating: 0, count: 100)
    let m = try read(tag + junk + frames(spec, length: 417, count: 10))
    #expect(m.audio.audioOffset == tag.count + junk.count)
    #expect(m.audio.sampleCount == 10 * 1152)
    #expect(m.warnings.contains { $0.contains("104 bytes of junk") })
  }

  @Test func garbageInsideTheStreamIsSkippedByTheWalk() throws {
    let audio =
      frames(spec, length: 417, count: 10) + [UInt8](repeating: 0x11, count: 50)
      + frames(spec, length: 417, count: 15)
    let m = try read(audio)
    #expect(m.audio.sampleCount == 25 * 1152)
    #expect(m.warnings.contains { $0.contains("lost frame sync") && $0.contains("50 bytes") })
  }

  @Test func cutOffLastFrameIsNotCounted() throws {
    let audio = Array(frames(spec, length: 417, count: 10).dropLast(100))
    let m = try read(audio)
    #expect(m.audio.sampleCount == 9 * 1152)
    #expect(m.warnings.contains { $0.contains("cut off") })
  }

  @Test func truncatedAudioBehindAnInfoHeaderIsWalked() throws {
    let info = xingFrame(spec, length: 417, frameCount: 40, byteCount: 41 * 417, delay: 576, padding: 1000)
    let m = try read(info + frames(spec, length: 417, count: 20))
    #expect(m.audio.lengthSource == "frames")
    #expect(m.audio.sampleCount == 20 * 1152 - 576 - 529)  // encoder delay, then the decoder's 529
    #expect(m.warnings.contains { $0.contains("truncated") })
  }

  @Test func trailingTagsAreOutsideTheAudioRegion() throws {
    let audio = frames(spec, length: 417, count: 12)
    let ape =
      Array("APETAGEX".utf8) + [0xD0, 0x07, 0, 0] + [32, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 0]
    let lyrics = Array("LYRICSBEGIN".utf8) + Array("la la".utf8) + Array("000016".utf8) + Array("LYRICS200".utf8)
    let m = try read(tag + audio + lyrics + ape + id3v1(title: "V1 title", artist: "V1 artist", track: 4))
    #expect(m.audio.audioOffset == tag.count)
    #expect(m.audio.audioLength == audio.count)
    #expect(m.audio.sampleCount == 12 * 1152)
    #expect(m.warnings.isEmpty)
    // ID3v2 wins, ID3v1 fills what it lacks.
    #expect(m.tags.title == "Song")
    #expect(m.tags.artist == "V1 artist")
    #expect(m.tags.trackNumber == 4)
    #expect(m.tags.versions == ["ID3v2.3", "ID3v1.1"])
  }

  @Test func appendedID3v2WithFooterIsReadAndExcluded() throws {
    var appended = ID3v2Builder(version: 4, [.text("TIT2", ["Appended"], .utf8), .text("TALB", ["Album"], .utf8)])
    appended.footer = true
    let audio = frames(spec, length: 417, count: 8)
    let m = try read(audio + appended.bytes())
    #expect(m.tags.title == "Appended")
    #expect(m.tags.album == "Album")
    #expect(m.audio.audioLength == audio.count)
    #expect(m.tags.versions == ["ID3v2.4"])
  }

  @Test func audioHashIgnoresTagsButNotAudio() throws {
    var audio = frames(spec, length: 417, count: 30)
    let plain = try read(audio)
    let retagged = try read(ID3v2Builder(version: 4, [.text("TIT2", ["Other"], .utf8)]).bytes() + audio + id3v1(title: "x"))
    #expect(plain.audio.audioHash == retagged.audio.audioHash)
    #expect(plain.audio.audioHash.count == 16)
    audio[5000] = 0x42
    #expect(try read(audio).audio.audioHash != plain.audio.audioHash)
  }

  @Test func audioHashCoversBothEndsOfLongAudio() throws {
    // 200 frames = 83,400 bytes, more than two 16 KiB windows.
    let audio = frames(spec, length: 417, count: 200)
    let base = try read(audio).audio.audioHash
    var end = audio
    end[end.count - 10] = 0x42
    #expect(try read(end).audio.audioHash != base)
    var start = audio
    start[100] = 0x42
    #expect(try read(start).audio.audioHash != base)
    var middle = audio
    middle[40_000] = 0x42  // outside both windows: by design the same fingerprint
    #expect(try read(middle).audio.audioHash == base)
  }
}
