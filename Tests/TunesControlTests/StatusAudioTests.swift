// `status`' bitrate and audio format through the real backend: the playing file's bitrate from its frame
// headers, the decoder's output format, and neither once stopped. The differential case 30-status-audio
// compares both with a real mpd on CD-rate MP3s.
import Foundation
import Testing
import TunesMPD

@testable import TunesControl

@Suite(.enabled(if: toolsPresent))
struct StatusAudioTests {
  @Test func statusShowsThePlayingFilesBitrateAndTheDecodersFormat() async throws {
    let p = try await LivePlayer.start()
    defer { Task { await p.stop() } }
    try await p.backend.add(uri: "Beta/01 four.mp3")
    try await p.backend.play(position: 0)
    let playing = try await p.backend.status()
    // lame's default for 8 kHz mono is a CBR of 8 kbit/s (mpd shows 8 for these files too); the test
    // decoder hands the player 44.1 kHz stereo 16-bit silence.
    #expect(playing.bitrate == 8)
    #expect(playing.audio?.description == "44100:16:2")
    try await p.backend.stop()
    let stopped = try await p.backend.status()
    #expect(stopped.bitrate == nil && stopped.audio == nil)
  }

  @Test func floatSamplesAreWrittenAsMPDWritesThem() {
    #expect(MPDAudioFormat(sampleRate: 48000, sample: .float, channels: 2).description == "48000:f:2")
    #expect(MPDAudioFormat(sampleRate: 44100, sample: .bits(24), channels: 1).description == "44100:24:1")
  }
}
