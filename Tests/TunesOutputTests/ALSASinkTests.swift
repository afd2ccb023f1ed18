// ALSASink on the devices a machine without a sound card has: the file plugin (whose output must equal
// what mpg123 decodes), the null plugin, and "default" (which must fail with one helpful line).
import Foundation
import Testing
import TunesCore
import TunesDecoder

@testable import TunesOutput

@Suite struct ALSASinkTests {
  @Test func consecutiveFilesOfOneFormatReachTheDeviceGaplessly() throws {
    let fixtures = try Fixtures.get()
    let files = [fixtures.stereo44, fixtures.vbr, fixtures.noInfo, fixtures.stereo44]
    let out = fixtures.scratch("gapless.raw")
    let sink = ALSASink(device: "file:'\(out)',raw")
    try play(files, to: sink)
    try sink.drain()
    sink.close()
    let expected = try files.flatMap { try Fixtures.mpg123Reference($0) }
    let written = try bytes(of: out)
    #expect(written.count == expected.count)
    #expect(written == expected)
  }

  @Test func aFormatChangeReopensTheDeviceWithTheNewFormat() throws {
    let fixtures = try Fixtures.get()
    let out = fixtures.scratch("change.wav")
    let sink = ALSASink(device: "file:'\(out)',wav")
    try play([fixtures.stereo44], to: sink)
    try sink.drain()
    let first = try readWAV(out)
    #expect(first.format == AudioFormat(sampleRate: 44100, channels: 2))
    #expect(first.pcm == (try Fixtures.mpg123Reference(fixtures.stereo44)))
    #expect(sink.format == AudioFormat(sampleRate: 44100, channels: 2))

    try play([fixtures.mono32], to: sink)  // the file plugin starts a new file when the stream reopens
    sink.close()
    let second = try readWAV(out)
    #expect(second.format == AudioFormat(sampleRate: 32000, channels: 1))
    #expect(second.pcm == (try Fixtures.mpg123Reference(fixtures.mono32)))
  }

  @Test func reopeningWithTheSameFormatKeepsTheStream() throws {
    let fixtures = try Fixtures.get()
    let out = fixtures.scratch("same.raw")
    let sink = ALSASink(device: "file:'\(out)',raw")
    let format = AudioFormat(sampleRate: 44100, channels: 2)
    try sink.open(format: format)
    let samples = [Int16](repeating: 7, count: 2000)
    _ = try samples.withUnsafeBytes { try sink.write($0) }
    try sink.open(format: format)  // a no-op: a reopen would truncate the file
    _ = try samples.withUnsafeBytes { try sink.write($0) }
    sink.close()
    #expect(try bytes(of: out).count == 2 * 2000 * 2)
  }

  @Test func pauseOnTheFileDeviceDropsAndResumeContinuesAtTheSameSample() throws {
    let fixtures = try Fixtures.get()
    let out = fixtures.scratch("paused.raw")
    let sink = ALSASink(device: "file:'\(out)',raw")
    let decoder = try MPG123Decoder(path: fixtures.stereo44)
    try sink.open(format: decoder.format)
    let written = try play(decoder, to: sink, limit: 50_000)
    let kept = try sink.pause()
    // The file plugin's stream never starts, so it cannot pause in place: the buffer is dropped and the
    // caller re-feeds from what was heard (written − delay), as the player does.
    #expect(kept == false)
    let heard = written - sink.delayFrames
    #expect(heard == 50_000)
    try decoder.seek(toFrame: heard)
    try sink.resume()
    _ = try play(decoder, to: sink)
    try sink.drain()
    sink.close()
    #expect(try bytes(of: out) == (try Fixtures.mpg123Reference(fixtures.stereo44)))
  }

  @Test func theNullDeviceTakesEverythingAndPausesWithoutError() throws {
    let fixtures = try Fixtures.get()
    let sink = ALSASink(device: "null")
    #expect(sink.pacesItself == false)
    let decoder = try MPG123Decoder(path: fixtures.mono32)
    try sink.open(format: decoder.format)
    #expect(sink.pacesItself == false)
    let first = try play(decoder, to: sink, limit: 20_000)
    #expect(try sink.pause() == false)
    try sink.resume()
    let rest = try play(decoder, to: sink)
    #expect(first + rest == 2 * 32000)
    #expect(sink.delayFrames == 0)
    try sink.drop()
    try sink.drain()
    sink.close()
  }

  @Test func fileAndNullDoNotPaceThemselvesButOtherDevicesDo() {
    #expect(ALSASink(device: "null").pacesItself == false)
    #expect(ALSASink(device: "file:'/tmp/x.wav',wav").pacesItself == false)
    #expect(ALSASink(device: "default").pacesItself == true)
    #expect(ALSASink(device: "hw:0,0").pacesItself == true)
  }

  @Test(.enabled(if: !ALSASink.hasSoundCard(), "this machine has a sound card"))
  func defaultWithoutASoundCardFailsWithOneHelpfulLine() throws {
    let sink = ALSASink(device: "default")
    #expect(throws: OutputError.noSoundCard(device: "default")) {
      try sink.open(format: AudioFormat(sampleRate: 44100, channels: 2))
    }
    let message = OutputError.noSoundCard(device: "default").description
    #expect(!message.contains("\n"))
    #expect(message.contains("no sound card"))
    #expect(message.contains("--device null"))
    #expect(message.contains("--device \"file:'out.wav',wav\""))
    #expect(OutputError.noSoundCard(device: "default").exitStatus == .unavailable)
  }

  @Test func anUnknownDeviceNameFailsToOpenWithLibasoundsReason() throws {
    let sink = ALSASink(device: "no_such_pcm_here")
    do {
      try sink.open(format: AudioFormat(sampleRate: 44100, channels: 2))
      Issue.record("an unknown device opened")
    } catch let error as OutputError {
      guard case .openFailed(let device, let reason) = error else { Issue.record("wrong error \(error)"); return }
      #expect(device == "no_such_pcm_here")
      #expect(!reason.isEmpty)
      #expect(error.exitStatus == .ioError)
    }
  }

  @Test func writingToAFileThatCannotBeCreatedFails() throws {
    let out = try Fixtures.get().directory + "/missing-folder/out.raw"
    let sink = ALSASink(device: "file:'\(out)',raw")
    try sink.open(format: AudioFormat(sampleRate: 44100, channels: 2))
    let samples = [Int16](repeating: 1, count: 44100 * 2)
    #expect {
      _ = try samples.withUnsafeBytes { try sink.write($0) }
      try sink.drain()
    } throws: { error in
      guard case .writeFailed(let device, _) = error as? OutputError else { return false }
      return device.contains("missing-folder")
    }
    sink.close()
  }

  @Test func writingBeforeOpeningIsReportedNotCrashed() {
    let sink = ALSASink(device: "null")
    let samples: [Int16] = [1, 2, 3, 4]
    #expect(throws: OutputError.notOpen(device: "null")) {
      _ = try samples.withUnsafeBytes { try sink.write($0) }
    }
    #expect(sink.delayFrames == 0)
  }

  /// libasound prints about eight lines to stderr when "default" has no card; users must see only ours.
  @Test(.enabled(if: !ALSASink.hasSoundCard(), "this machine has a sound card"))
  func theHarnessPrintsOneLineAndNoLibasoundNoise() throws {
    guard let tool = harness("tunes-play-raw") else {
      Issue.record("tunes-play-raw is not built next to the tests (run swift build --build-tests)")
      return
    }
    let result = try ChildProcess.run(tool, ["--device", "default", "--rate", "44100", "--channels", "2"])
    let text = result.errors
    #expect(result.status == ExitStatus.unavailable.rawValue)
    #expect(text.split(separator: "\n").count == 1)
    #expect(!text.contains("ALSA lib"))
    #expect(text.contains("--device null"))
  }

}
