// Randomised no-crash test: thousands of seeded mutations of valid files (flipped, inserted, deleted and
// truncated bytes, planted magic words) must each give metadata that makes sense or a TagError, never a trap.
// The seeds carry every frame the model reads, SYLT synced lyrics in both time formats among them.

import Testing
import TunesTestSupport

@testable import TunesTags

@Suite struct MutationFuzzTests {
  static func seeds() -> [[UInt8]] {
    let spec = FrameSpec()
    var v23 = ID3v2Builder(
      version: 3,
      [
        .text("TIT2", ["ÿ title ÿ"]), .text("TPE1", ["Artist"], .utf16LE), .text("TRCK", ["3/12"]),
        .text("TCON", ["(17)Rock"]), .txxx("MusicBrainz Artist Id", ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d"]),
        .ufid("http://musicbrainz.org", "5b11f4ce-a62d-471e-81fc-a69a8278c7da"), .comment("", "c", .utf16BEWithBOM),
      ])
    v23.unsynchronised = true
    v23.extendedHeader = true
    v23.padding = 32
    var v24 = ID3v2Builder(
      version: 4,
      [
        .text("TIT2", [String(repeating: "long ", count: 40)], .utf8), .text("TPE1", ["A", "B"], .utf16BE),
        .text("TDRC", ["2001-02-03"]), .txxx("MusicBrainz Album Id", ["f5093c06-23e3-404f-aeaa-40f72885ee3a"], .utf8),
      ])
    v24.plainFrameSizes = true
    v24.footer = true
    // Every frame of the full tag model, with multi-values, credits, RVA2 and ReplayGain text.
    let model24 = ID3v2Builder(
      version: 4,
      [
        .text("TPE1", ["A", "B"], .utf8), .txxx("ARTISTS", ["A", "B"], .utf8), .text("TSOP", ["A"], .utf8),
        .text("TMCL", ["guitar", "G", "drums", "D"], .utf8), .text("TIPL", ["producer", "P", "composer", "C"], .utf16BE),
        .text("MVNM", ["Largo"]), .text("MVIN", ["1/3"]), .text("GRP1", ["g"]), .text("TIT1", ["w"]),
        .text("TDOR", ["1970-01"]), .text("TDRL", ["1971"]), .text("TSST", ["d"]), .text("TBPM", ["120"]),
        .lyrics("", "words", .utf8), .rva2("track", gain: -2.5, peakBits: 16, peak: [0x70, 0x00]),
        .txxx("REPLAYGAIN_ALBUM_GAIN", ["-3 dB"]), .txxx("MusicBrainz Work Id", ["{1A2B3C4D1A2B3C4D5E6F1A2B3C4D5E6F}"]),
        .txxx("MIXRAMP_START", ["-20 0.1"]), .txxx("CATALOGNUMBER", ["C1"]), .text("TSRC", ["X"]),
        .syncedLyrics([("two", 2_000), ("one", 1_000), ("\nthree", 3_000)], .utf8),
      ])
    let model23 = ID3v2Builder(
      version: 3,
      [
        .text("IPLS", ["producer", "P", "bass", "B"], .utf16LE), .text("TYER", ["1999"]), .text("TDAT", ["0102"]),
        .text("TORY", ["1990"]), .text("XSOP", ["s"]), .text("TIT3", ["sub"]), .text("TPE3", ["c"]),
        .text("TEXT", ["l"]), .text("TPUB", ["p"], .utf16LE), .txxx("BARCODE", ["1"]),
        .syncedLyrics([("chord", 1)], format: 1, content: 5), .syncedLyrics([("b", 40), ("a", 3)], .utf16LE, format: 1),
      ])
    let v22 = ID3v2Builder(
      version: 2,
      [
        .text("TT2", ["t"]), .text("TCO", ["(8)"]), .ufid("x", "y", id: "UFI"),
        .syncedLyrics([("x", 9)], .latin1, format: 1, id: "SLT"),
      ])
    let info = xingFrame(spec, length: 417, frameCount: 12, byteCount: 13 * 417, delay: 576, padding: 900)
    let audio = frames(spec, length: 417, count: 12)
    let mono2 = FrameSpec(versionBits: 2, bitrateIndex: 8, rateIndex: 0, mode: 3)
    return [
      v23.bytes() + info + audio + id3v1(title: "v1", track: 2, genre: 17),
      v24.bytes() + vbriFrame(spec, length: 417, frameCount: 12, byteCount: 5000) + audio,
      v22.bytes() + frames(mono2, length: 208, count: 20) + v24.bytes(),
      model24.bytes() + info + audio,
      model23.bytes() + model24.bytes() + audio + id3v1(title: "v1", track: 2, genre: 17),
    ]
  }

  /// Reads `bytes` whole and from its head and tail only (the middle overwritten, so any read of it changes
  /// the answer) and records an issue where the two disagree. Returns true when both gave an answer of
  /// the same kind (false when the file is too small to read in parts, or the reader asked for the whole file).
  static func checkPartialRead(_ bytes: [UInt8], iteration: Int) -> Bool {
    guard bytes.count > TagReader.headBytes + TagReader.tailBytes else { return false }
    let coverage = Coverage(headEnd: TagReader.headBytes, tailStart: bytes.count - TagReader.tailBytes)
    var masked = bytes
    for k in coverage.headEnd..<coverage.tailStart { masked[k] = 0xA5 }
    let whole = Result { try TagReader.parse(bytes, path: "p") }
    let partial = Result { try masked.withUnsafeBytes { try TagReader.parse($0, path: "p", coverage: coverage) } }
    switch (partial, whole) {
    case (.failure(let error), _) where error is NeedWholeFile: return false
    case (.success(let a), .success(let b)):
      #expect(a == b, "iteration \(iteration)")
    case (.failure(let a as TagError), .failure(let b as TagError)):
      #expect(a == b, "iteration \(iteration)")
    default:
      Issue.record("iteration \(iteration): partial \(partial) but whole \(whole)")
      return false
    }
    return true
  }

  static func mutate(_ input: [UInt8], _ random: inout SplitMix) -> [UInt8] {
    var bytes = input
    let magic: [[UInt8]] = [
      Array("ID3".utf8) + [4, 0, 0x50], Array("TAG".utf8), Array("3DI".utf8) + [4, 0, 0x10, 0x7F, 0x7F],
      Array("APETAGEX".utf8), Array("Xing".utf8) + [0, 0, 0, 0x0F], Array("VBRI".utf8), [0xFF, 0xFB, 0x90, 0x64],
      Array("LYRICS200".utf8), [0xFF, 0x00], [0x7F, 0x7F, 0x7F, 0x7F],
    ]
    for _ in 0..<(1 + random.below(6)) {
      guard !bytes.isEmpty else { break }
      let at = random.below(bytes.count)
      switch random.below(7) {
      case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
      case 1: bytes[at] ^= UInt8(1 << random.below(8))
      case 2: bytes.insert(contentsOf: (0..<random.below(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
      case 3: bytes.removeSubrange(at..<min(bytes.count, at + random.below(200)))
      case 4: bytes = Array(bytes.prefix(at))
      case 5:
        let word = magic[random.below(magic.count)]
        for (k, b) in word.enumerated() where at + k < bytes.count { bytes[at + k] = b }
      default: bytes[at] = [0x00, 0xFF, 0x80, 0x7F][random.below(4)]
      }
    }
    return bytes
  }

  @Test func mutatedFilesNeverCrashTheReader() {
    var random = SplitMix(state: 20_261_122)
    let seeds = Self.seeds()
    var read = 0
    var failed = 0
    for iteration in 0..<5000 {
      let bytes = Self.mutate(seeds[iteration % seeds.count], &random)
      do {
        let m = try TagReader.parse(bytes, path: "fuzz-\(iteration).mp3")
        read += 1
        #expect(m.audio.audioOffset >= 0 && m.audio.audioLength > 0)
        #expect(m.audio.audioOffset + m.audio.audioLength <= bytes.count)
        #expect(m.audio.sampleCount >= 0 && m.audio.durationMs >= 0)
        #expect(m.audio.audioHash.count == 16)
        Self.checkTagModel(m.tags)
      } catch let error as TagError {
        failed += 1
        #expect(error.path == "fuzz-\(iteration).mp3")
      } catch {
        Issue.record("unexpected error \(error)")
      }
      // The lower-level parsers on arbitrary slices.
      let start = random.below(bytes.count)
      let slice = Array(bytes[start...])
      _ = ID3v2Parser.parse(slice)
      _ = ID3v1Parser.parse(slice)
      _ = MPEGFrameHeader(slice)
      _ = XingHeader(slice)
      _ = VBRIHeader(slice)
    }
    // Most mutations leave a readable file; some must fail. Both paths were exercised.
    #expect(read > 1500)
    #expect(failed > 0)
  }

  /// What any reading must hold, however damaged the file: ids in canonical form, dates in one of the
  /// three shapes, lists within the cap, gains finite.
  static func checkTagModel(_ t: TagSet) {
    let ids = [t.recordingMbid, t.releaseTrackMbid, t.releaseMbid, t.releaseGroupMbid].compactMap { $0 }
    for id in ids + t.artistMbids + t.albumArtistMbids + t.workMbids {
      #expect(MBID.normalized(id) == id)
    }
    for date in [t.date, t.originalDate].compactMap({ $0 }) {
      #expect(TagValues.date(date) == date, "date \(date)")
    }
    for list in [t.artists, t.albumArtists, t.composers, t.performers, t.conductors, t.lyricists, t.genres, t.labels] {
      #expect(list.count <= ID3v2FrameCollector.maxValues)
    }
    if let lines = t.syncedLyrics {
      #expect(!lines.isEmpty && lines.count <= ID3v2FrameCollector.maxSyncedLines)
      #expect(lines.first!.milliseconds >= 0)
      #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.milliseconds <= $1.milliseconds })
    }
    let gains = [t.replayGain.trackGain, t.replayGain.trackPeak, t.replayGain.albumGain, t.replayGain.albumPeak]
    for gain in gains.compactMap({ $0 }) { #expect(gain.isFinite) }
  }
}

/// The partial read (head and tail only) must give the same answer as the whole file, or ask for the whole
/// file: the bytes it did not load are overwritten with a pattern, so any read of them changes the result.
@Suite struct PartialReadFuzzTests {
  @Test func partialReadsAgreeWithWholeReadsOnMutatedFiles() throws {
    let spec = FrameSpec()
    var tag = ID3v2Builder(version: 3, [.text("TIT2", ["t"]), .text("TPE1", ["a"], .utf16LE)])
    tag.padding = 2000
    let audio = frames(spec, length: 417, count: 300)
    let info = xingFrame(spec, length: 417, frameCount: 300, byteCount: 301 * 417, delay: 576, padding: 300)
    var appended = ID3v2Builder(version: 4, [.text("TALB", ["x"], .utf8)])
    appended.footer = true
    let seeds = [
      tag.bytes() + info + audio + id3v1(title: "v1"),
      tag.bytes() + audio + appended.bytes(),
      info + audio,
    ]
    var random = SplitMix(state: 42)
    var partialAnswers = 0
    for iteration in 0..<600 {
      let bytes = MutationFuzzTests.mutate(seeds[iteration % seeds.count], &random)
      if MutationFuzzTests.checkPartialRead(bytes, iteration: iteration) { partialAnswers += 1 }
    }
    #expect(partialAnswers > 100)
  }
}
