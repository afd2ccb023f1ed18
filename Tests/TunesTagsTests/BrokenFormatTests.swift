// Damaged FLAC, Ogg and MP4 files: each lie or cut is reported as a TagError naming the file and the
// block, page or atom, never a crash; seeded random mutations of the real fixture files must give either
// sensible metadata or a TagError, and a head-and-tail read must agree with a whole read.

import Foundation
import Testing
import TunesTestSupport

@testable import TunesTags

@Suite struct BrokenFormatTests {
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: try FormatFiles.shared.get().path(name))))
  }

  /// The error `bytes` give, as the user reads it.
  static func failure(_ bytes: [UInt8], _ path: String) -> String? {
    do {
      _ = try TagReader.parse(bytes, path: path)
      return nil
    } catch let error as TagError {
      return error.description
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test func flacCutInsideItsMetadata() throws {
    let file = Array(try Self.bytes("tagged.flac").prefix(200))
    let message = try #require(Self.failure(file, "cut.flac"))
    // Block 0 is STREAMINFO, 1 the SEEKTABLE flac writes, 2 the comments mutagen wrote.
    #expect(message.hasPrefix("cut.flac: truncated: FLAC metadata block 2 (VORBIS_COMMENT) at byte 64 declares"))
  }

  @Test func flacWithoutStreaminfo() throws {
    var file = try Self.bytes("tagged.flac")
    file[4] = (file[4] & 0x80) | 1  // STREAMINFO relabelled PADDING
    #expect(Self.failure(file, "x.flac") == "x.flac: invalid: FLAC stream at byte 0 does not begin with a STREAMINFO block")
  }

  @Test func flacWithAWrongBlockSize() throws {
    var file = try Self.bytes("tagged.flac")
    file[7] = 20  // STREAMINFO declared as 20 bytes
    let message = try #require(Self.failure(file, "x.flac"))
    #expect(message.hasPrefix("x.flac: "))
    #expect(message.contains("FLAC"))
  }

  @Test func flacBlockLargerThanTheFile() throws {
    var file = try Self.bytes("24bit.flac")
    file[5] = 0x7F  // STREAMINFO says 8 MB
    let message = try #require(Self.failure(file, "big.flac"))
    #expect(message.hasPrefix("big.flac: truncated: FLAC metadata block 0 (STREAMINFO) at byte 4 declares"))
  }

  @Test func oggPageFailingItsCRC() throws {
    var file = try Self.bytes("tagged.ogg")
    file[40] ^= 0x01  // inside the first page's body
    #expect(Self.failure(file, "x.ogg") == "x.ogg: invalid: Ogg page 0 at byte 0 fails its CRC check")
  }

  @Test func oggCutInItsHeaders() throws {
    let file = Array(try Self.bytes("tagged.opus").prefix(60))
    let message = try #require(Self.failure(file, "x.opus"))
    #expect(message.hasPrefix("x.opus: truncated: Ogg page at byte 47 needs"))
  }

  @Test func oggWithGarbageBetweenHeaderPages() throws {
    var file = try Self.bytes("tagged.opus")
    file.insert(contentsOf: [0, 1, 2, 3], at: 47)  // after the identification page
    #expect(Self.failure(file, "x.opus") == "x.opus: invalid: no Ogg page at byte 47 (the stream is broken there)")
  }

  @Test func mp4AtomLargerThanTheFile() throws {
    var file = try Self.bytes("alac.m4a")
    // The second top-level atom (after ftyp) declares 2 GB.
    let second = Int(file[0]) << 24 | Int(file[1]) << 16 | Int(file[2]) << 8 | Int(file[3])
    file[second] = 0x7F
    let message = try #require(Self.failure(file, "x.m4a"))
    #expect(message.contains("x.m4a: invalid: MP4 atom '") && message.contains("at byte \(second) declares"))
  }

  @Test func mp4CutShort() throws {
    let file = Array(try Self.bytes("tagged.m4a").prefix(2000))
    let message = try #require(Self.failure(file, "x.m4a"))
    #expect(message.hasPrefix("x.m4a: "))
  }

  @Test func mp4WithAnEmptyMvhdAtTheEndOfTheFile() throws {
    func atom(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let size = UInt32(8 + body.count)
      return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> UInt32($0)) } + Array(type.utf8) + body
    }
    // The last byte of the file ends mvhd's header: reading its version byte would read past the end.
    let file = atom("ftyp", Array("M4A \0\0\0\0".utf8)) + atom("moov", atom("mvhd", []))
    let message = try #require(Self.failure(file, "x.m4a"))
    #expect(message.hasPrefix("x.m4a: invalid: MP4"))
  }

  static func seeds() throws -> [[UInt8]] {
    try ["tagged.flac", "id3-front.flac", "tagged.ogg", "tagged.opus", "tagged.m4a", "alac.m4a"].map { try bytes($0) }
  }

  @Test func mutatedFilesNeverCrashTheReader() throws {
    var random = SplitMix(state: 20_261_125)
    let seeds = try Self.seeds()
    var read = 0
    var failed = 0
    for iteration in 0..<1200 {
      let bytes = MutationFuzzTests.mutate(seeds[iteration % seeds.count], &random)
      do {
        let m = try TagReader.parse(bytes, path: "fuzz-\(iteration)")
        read += 1
        #expect(m.audio.audioOffset >= 0 && m.audio.audioOffset + m.audio.audioLength <= bytes.count)
        #expect(m.audio.sampleCount >= 0 && m.audio.durationMs >= 0)
        #expect(m.audio.audioHash.count == 16)
      } catch let error as TagError {
        failed += 1
        #expect(error.path == "fuzz-\(iteration)")
      } catch {
        Issue.record("unexpected error \(error)")
      }
    }
    #expect(read > 100)
    #expect(failed > 100)
  }

  /// The bytes a head-and-tail read does not load are overwritten, so any read of them changes the answer.
  @Test func partialReadsAgreeWithWholeReads() throws {
    var random = SplitMix(state: 7)
    let seeds = try Self.seeds()
    var partialAnswers = 0
    for iteration in 0..<300 {
      let bytes =
        iteration < seeds.count ? seeds[iteration] : MutationFuzzTests.mutate(seeds[iteration % seeds.count], &random)
      if MutationFuzzTests.checkPartialRead(bytes, iteration: iteration) { partialAnswers += 1 }
    }
    #expect(partialAnswers > 100)
  }
}
