// An Ogg file whose first stream is Theora video and whose second is Vorbis sound (ffmpeg's .ogv) plays
// its sound, as ffmpeg and mpd play it: the decoder is chosen past the video stream's first page.
import Foundation
import Testing
import TunesTestSupport

@testable import TunesDecoder

@Suite(.enabled(if: FormatFixtures.toolsPresent)) struct OggVideoDecodeTests {
  @Test func theVorbisStreamPlaysPastATheoraStream() throws {
    let fixtures = try FormatFixtures.get()
    let ogg = fixtures.directory + "/video-\(UUID().uuidString).ogg"
    defer { try? FileManager.default.removeItem(atPath: ogg) }
    try Fixtures.run(
      "/usr/bin/ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-i", fixtures.flac16,
        "-t", "2", "-c:v", "libtheora", "-c:a", "libvorbis", ogg,
      ])
    let decoder = try DecoderFactory().makeDecoder(path: ogg)
    #expect(decoder is VorbisDecoder)
    #expect(decoder.format.sampleRate == 44100 && decoder.format.channels == 2)
    let frames = try decodeRest(decoder).count / decoder.format.bytesPerFrame
    #expect(abs(frames - 88200) < 4410, "\(frames) frames")
  }
}
