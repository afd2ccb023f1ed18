// A queue whose songs change rate, channels and bit depth, played by the Player through ALSA's file
// device: each change reopens the device, and every song arrives whole, in its own format, next to the
// reference decoder's output for it; songs of one format follow each other without a gap. The device
// writes through a pipe that appends (`cat >>`), since the file plugin truncates its file on each open.
import Foundation
import Testing
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesOutput

@testable import TunesPlayer

@Suite(.enabled(if: FormatFixtures.toolsPresent && RealFilePlaybackTests.toolsPresent)) struct MixedFormatQueueTests {
  /// Plays `paths` in order to an appending raw file device at full speed; what the device received.
  func playThroughFileDevice(_ paths: [String]) async throws -> [UInt8] {
    let output = try FormatFixtures.get().directory + "/queue-\(UUID().uuidString).raw"
    let sink = PacedSink(ALSASink(device: "file:'|cat >> \(output)',raw"), mode: .max)
    let player = Player(sink: sink, decoders: DecoderFactory())
    try await player.add(paths.map { Song(path: $0, title: $0, artist: "test") })
    try await player.play()
    await waitUntil("the queue to end") { await player.status().state == .stopped }
    await player.shutdown()
    return [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data())
  }

  @Test func formatChangesReopenTheDeviceAndEverySongArrivesWholeInItsOwnFormat() async throws {
    let fixtures = try FormatFixtures.get()
    let mp3 = try Fixtures.get().stereo44
    // 44.1 kHz MP3 → 96 kHz 24-bit FLAC → 48 kHz Opus → 22.05 kHz mono AAC.
    let written = try await playThroughFileDevice([mp3, fixtures.flac24, fixtures.opus, fixtures.aacMono])

    let mp3Part = try Fixtures.mpg123Reference(mp3)
    // The 24-bit song reaches the device as S32_LE: flac -d's packed samples with a zero low byte.
    let flacPacked = try FormatFixtures.flacReference([fixtures.flac24])
    var flacPart: [UInt8] = []
    flacPart.reserveCapacity(flacPacked.count / 3 * 4)
    for index in stride(from: 0, to: flacPacked.count, by: 3) { flacPart += [0] + flacPacked[index..<index + 3] }
    let opusPart = FormatFixtures.samples16(try FormatFixtures.opusdecReference(fixtures.opus))
    let aacPart = FormatFixtures.samples16(try FormatFixtures.ffmpegReference(fixtures.aacMono)).prefix(33075)

    let lengths = [mp3Part.count, flacPart.count, opusPart.count * 2, aacPart.count * 2]
    #expect(written.count == lengths.reduce(0, +), "no song cut short, none doubled, nothing stale")
    guard written.count == lengths.reduce(0, +) else { return }
    var offset = 0
    func next(_ count: Int) -> ArraySlice<UInt8> {
      defer { offset += count }
      return written[offset..<offset + count]
    }
    #expect(Array(next(lengths[0])) == mp3Part)
    #expect(Array(next(lengths[1])) == flacPart)
    let opus = FormatFixtures.samples16(next(lengths[2]))
    #expect((zip(opus, opusPart).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 1)
    let aac = FormatFixtures.samples16(next(lengths[3]))
    #expect((zip(aac, aacPart).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 1)
  }

  @Test func twoFlacHalvesPlayAsOneGaplessStream() async throws {
    let fixtures = try FormatFixtures.get()
    let written = try await playThroughFileDevice(fixtures.flacHalves)
    let whole = try FormatFixtures.flacReference([fixtures.flac16])
    #expect(written.count == whole.count)
    #expect(written == whole)
  }
}
