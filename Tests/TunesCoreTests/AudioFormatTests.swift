// The frame and millisecond arithmetic every position, seek and recorded duration goes through.
import Testing
import TunesCore

@Suite struct AudioFormatTests {
  let cd = AudioFormat(sampleRate: 44100, channels: 2)

  @Test func framesAreTwoBytesPerChannel() {
    #expect(cd.bytesPerFrame == 4)
    #expect(AudioFormat(sampleRate: 8000, channels: 1).bytesPerFrame == 2)
  }

  /// A position counts what has been fully played, so it rounds down.
  @Test func positionsRoundDown() {
    #expect(cd.milliseconds(frames: 0) == 0)
    #expect(cd.milliseconds(frames: 44) == 0)
    #expect(cd.milliseconds(frames: 88) == 1)
    #expect(cd.milliseconds(frames: 44_099) == 999)
    #expect(cd.milliseconds(frames: 44_100) == 1000)
  }

  /// A duration is stored to the nearest millisecond.
  @Test func durationsRoundToNearest() {
    #expect(cd.duration(frames: 22) == 0)
    #expect(cd.duration(frames: 23) == 1)
    #expect(cd.duration(frames: 44_078) == 1000)
    #expect(AudioFormat.durationMs(frames: 441_000_000, sampleRate: 44100) == 10_000_000)
  }

  @Test func millisecondsToFramesRoundDown() {
    #expect(cd.frames(milliseconds: 1000) == 44100)
    #expect(cd.frames(milliseconds: 1) == 44)
    #expect(AudioFormat(sampleRate: 32000, channels: 1).frames(milliseconds: 65_000) == 2_080_000)
  }

  /// A format that never got its rate (0) must not divide by zero.
  @Test func aZeroRateDoesNotTrap() {
    let unknown = AudioFormat(sampleRate: 0, channels: 2)
    #expect(unknown.milliseconds(frames: 5) == 5000)
    #expect(unknown.duration(frames: 5) == 5000)
  }

  @Test func descriptionNamesRateAndChannels() {
    #expect(cd.description == "44100 Hz, stereo, s16le")
    #expect(AudioFormat(sampleRate: 22050, channels: 1).description == "22050 Hz, mono, s16le")
    #expect(AudioFormat(sampleRate: 48000, channels: 6).description == "48000 Hz, 6 ch, s16le")
  }
}
