// The channel count of AAC in MP4 is the one the decoder outputs, as ffprobe reports it: MP4 muxers
// (FFmpeg's included) write 2 in the sample entry for mono AAC, so the count comes from the esds config.
import Foundation
import Testing

@testable import TunesTags

@Suite(.enabled(if: ["/usr/bin/sox", "/usr/bin/ffmpeg", "/usr/bin/ffprobe"].allSatisfy(FileManager.default.isExecutableFile)))
struct AACChannelTests {
  @Test(arguments: [(32000, 1), (22050, 1), (44100, 2)])
  func channelsAreTheDecodersAsFFprobeSaysThem(rate: Int, channels: Int) throws {
    let folder = try makeTemporaryFolder("aac-channels")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let wav = folder + "/tone.wav", m4a = folder + "/tone.m4a"
    _ = try run("/usr/bin/sox", ["-n", "-r", "\(rate)", "-b", "16", "-c", "\(channels)", wav, "synth", "1", "sine", "440"])
    _ = try run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav, "-c:a", "aac", m4a])
    let probed = try run(
      "/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=channels", "-of", "default=nw=1:nk=1", m4a])
    let expected = Int(String(decoding: probed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(expected == channels)
    let audio = try TagReader.read(path: m4a).audio
    #expect(audio.codec == "aac" && audio.sampleRate == rate && audio.channels == channels)
  }
}
