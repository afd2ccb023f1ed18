// FLAC inside MP4 (as ffmpeg writes it), read from its dfLa atom's STREAMINFO: the exact rate past the
// sample entry's 16.16 field, the channels and the sample size, as mpd reads them through FFmpeg.
import Foundation
import Testing

@testable import TunesTags

@Suite(.enabled(if: ["/usr/bin/sox", "/usr/bin/ffmpeg"].allSatisfy(FileManager.default.isExecutableFile)))
struct MP4OtherCodecTests {
  @Test func flacInMP4GivesItsStreamInfo() throws {
    let folder = try makeTemporaryFolder("mp4-flac")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/tone.wav", mp4 = folder + "/tone.mp4"
    _ = try run("/usr/bin/sox", ["-n", "-r", "96000", "-b", "24", "-c", "2", wav, "synth", "2", "sine", "440"])
    _ = try run(
      "/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav, "-c:a", "flac", "-strict", "experimental", mp4])
    let audio = try TagReader.read(path: mp4).audio
    #expect(audio.codec == "flac")
    #expect(audio.sampleRate == 96000 && audio.channels == 2 && audio.bitsPerSample == 24, "\(audio)")
    #expect(abs(audio.durationMs - 2000) < 50, "\(audio.durationMs)")
  }
}
