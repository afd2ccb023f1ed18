// An Ogg file whose first stream is Theora video and whose second is Vorbis sound (what ffmpeg writes for
// .ogv): read as the decoders and mpd read it, its sound stream's headers and length.
import Foundation
import Testing

@testable import TunesTags

@Suite(.enabled(if: ["/usr/bin/sox", "/usr/bin/ffmpeg"].allSatisfy(FileManager.default.isExecutableFile)))
struct OggVideoTests {
  @Test func theSoundStreamIsReadPastAVideoStream() throws {
    let folder = try makeTemporaryFolder("ogg-video")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/tone.wav", ogg = folder + "/video.ogg"
    _ = try run("/usr/bin/sox", ["-n", "-r", "44100", "-b", "16", "-c", "2", wav, "synth", "2", "sine", "440"])
    _ = try run(
      "/usr/bin/ffmpeg",
      [
        "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-i", wav, "-t", "2",
        "-c:v", "libtheora", "-c:a", "libvorbis", "-metadata", "title=Moving", "-shortest", ogg,
      ])
    let metadata = try TagReader.read(path: ogg)
    #expect(metadata.audio.codec == "vorbis" && metadata.audio.sampleRate == 44100 && metadata.audio.channels == 2)
    #expect(abs(metadata.audio.durationMs - 2000) < 100, "\(metadata.audio.durationMs)")
    #expect(metadata.tags.title == "Moving")
  }
}
