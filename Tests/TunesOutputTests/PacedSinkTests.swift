// PacedSink's audio clock, driven by a fake clock: it sleeps so audio leaves in real time at most
// `maxLead` ahead, reports the unheard part as delay, stands still while paused, and steps aside for
// devices that pace themselves and in `.max` mode; an interrupt cuts a wait short.
import Foundation
import Testing
import TunesCore
import TunesDecoder

@testable import TunesOutput

@Suite struct PacedSinkTests {
  let format = AudioFormat(sampleRate: 10_000, channels: 1)

  func write(_ frames: Int, to sink: AudioSink) throws {
    let samples = [Int16](repeating: 3, count: frames)
    let taken = try samples.withUnsafeBytes { try sink.write($0) }
    #expect(taken == frames)
  }

  func paced(_ inner: AudioSink, _ clock: FakeClock, mode: PaceMode = .realtime) -> PacedSink {
    PacedSink(inner, mode: mode, maxLead: 0.2, clock: clock, sleep: { clock.sleep($0) })
  }

  @Test func audioLeavesAtTheAudioClockAtMostTheLeadAhead() throws {
    let clock = FakeClock()
    let inner = RecordingSink()
    let sink = paced(inner, clock)
    try sink.open(format: format)
    let start = clock.monotonic()
    for _ in 0..<100 {  // 10 s of audio in 0.1 s writes
      try write(1000, to: sink)
      let elapsed = clock.monotonic() - start
      let heard = Int((elapsed * 10_000).rounded())
      #expect(sink.delayFrames <= 2000)  // never more than maxLead ahead
      #expect(sink.delayFrames == inner.samples.count - heard)
    }
    // 10 s written with a 0.2 s lead: the writer has waited 9.8 s.
    #expect(abs(clock.monotonic() - start - 9.8) < 0.001)
    #expect(sink.pacesItself)
  }

  @Test func delayShrinksAsTheClockRuns() throws {
    let clock = FakeClock()
    let sink = paced(RecordingSink(), clock)
    try sink.open(format: format)
    try write(2000, to: sink)
    #expect(clock.totalSlept == 0)
    #expect(sink.delayFrames == 2000)
    clock.advance(0.05)
    #expect(sink.delayFrames == 1500)
    clock.advance(1)
    #expect(sink.delayFrames == 0)
  }

  @Test func pausingStopsTheClockAndResumeRestartsIt() throws {
    let clock = FakeClock()
    let inner = RecordingSink()
    let sink = paced(inner, clock)
    try sink.open(format: format)
    try write(2000, to: sink)
    clock.advance(0.05)
    #expect(try sink.pause() == true)  // the unheard 0.15 s is kept: it plays after resume
    #expect(inner.pauses == 1)
    clock.advance(30)
    #expect(sink.delayFrames == 1500)
    try sink.resume()
    #expect(sink.delayFrames == 1500)
    clock.advance(0.1)
    #expect(sink.delayFrames == 500)
  }

  @Test func anUnderrunRestartsTheClockInsteadOfBursting() throws {
    let clock = FakeClock()
    let sink = paced(RecordingSink(), clock)
    try sink.open(format: format)
    try write(1000, to: sink)
    clock.advance(5)  // the producer stalled; the listener heard silence
    try write(1000, to: sink)
    #expect(sink.delayFrames == 1000)
    try write(1000, to: sink)
    try write(1000, to: sink)
    #expect(sink.delayFrames == 2000)
    #expect(abs(clock.totalSlept - 0.1) < 0.001)  // only the last write had to wait, for 0.1 s
  }

  @Test func drainWaitsUntilEverythingWasHeardAndDropForgetsIt() throws {
    let clock = FakeClock()
    let sink = paced(RecordingSink(), clock)
    try sink.open(format: format)
    try write(1500, to: sink)
    try sink.drain()
    #expect(abs(clock.totalSlept - 0.15) < 0.001)
    #expect(sink.delayFrames == 0)
    try write(1500, to: sink)
    try sink.drop()
    #expect(sink.delayFrames == 0)
  }

  @Test func aFormatChangeLetsTheOldTailPlayFirst() throws {
    let clock = FakeClock()
    let inner = RecordingSink()
    let sink = paced(inner, clock)
    try sink.open(format: format)
    try write(1000, to: sink)
    try sink.open(format: AudioFormat(sampleRate: 20_000, channels: 1))
    #expect(abs(clock.totalSlept - 0.1) < 0.001)
    #expect(inner.opened.count == 2)
    #expect(sink.delayFrames == 0)
  }

  @Test func anInterruptCutsAWaitShortAndTheNextWriteWaitsAsUsual() throws {
    let clock = FakeClock()
    let inner = RecordingSink()
    let sink = paced(inner, clock)
    try sink.open(format: format)
    try write(2000, to: sink)  // the whole lead: the next write has to wait
    sink.interrupt()
    let samples = [Int16](repeating: 3, count: 1000)
    let taken = try samples.withUnsafeBytes { try sink.write($0) }
    #expect(taken == 0)
    #expect(clock.slept.isEmpty)
    #expect(inner.samples.count == 2000)
    try write(1000, to: sink)
    #expect(abs(clock.totalSlept - 0.1) < 0.001)
  }

  @Test func anInterruptWakesAWriterSleepingInRealTime() throws {
    // The sink's own sleep on a clock that stands still: a lead of 60 s, so the second write sleeps 30 s
    // of real time, however long the first took (a running clock could let a slow machine's second write
    // through without a wait at all).
    let sink = PacedSink(RecordingSink(), mode: .realtime, maxLead: 60, clock: FakeClock())
    try sink.open(format: format)
    try write(600_000, to: sink)
    nonisolated(unsafe) let target = sink  // interrupt() is the one call any thread may make
    let interrupter = Thread {
      Thread.sleep(forTimeInterval: 0.05)
      target.interrupt()
    }
    let start = Date()
    interrupter.start()
    let samples = [Int16](repeating: 3, count: 300_000)
    let taken = try samples.withUnsafeBytes { try sink.write($0) }
    #expect(taken == 0)
    // Well short of the 30 s sleep, with room for a busy machine.
    #expect(Date().timeIntervalSince(start) < 20)
  }

  @Test func maxModeNeverSleeps() throws {
    let clock = FakeClock()
    let sink = paced(RecordingSink(), clock, mode: .max)
    try sink.open(format: format)
    for _ in 0..<50 { try write(1000, to: sink) }
    #expect(clock.slept.isEmpty)
    #expect(sink.delayFrames == 0)
    #expect(sink.pacesItself == false)
  }

  @Test func aDeviceThatPacesItselfIsPassedThrough() throws {
    let clock = FakeClock()
    let card = RecordingSink(pacesItself: true, delayFrames: 777)
    let sink = paced(card, clock)
    try sink.open(format: format)
    for _ in 0..<50 { try write(1000, to: sink) }
    #expect(clock.slept.isEmpty)
    #expect(sink.delayFrames == 777)
    #expect(try sink.pause() == false)  // whatever the card says
  }

  @Test func pausedPlaybackToAFileContinuesAtTheSameSample() throws {
    let fixtures = try Fixtures.get()
    let out = fixtures.scratch("paced.raw")
    let clock = FakeClock()
    let sink = paced(ALSASink(device: "file:'\(out)',raw"), clock)
    let decoder = try MPG123Decoder(path: fixtures.stereo44)
    try sink.open(format: decoder.format)
    _ = try play(decoder, to: sink, limit: 70_000)
    let delay = sink.delayFrames
    #expect(delay > 0 && delay <= 8820)
    #expect(try sink.pause() == true)
    clock.advance(3)
    #expect(sink.delayFrames == delay)
    try sink.resume()
    _ = try play(decoder, to: sink)
    try sink.drain()
    sink.close()
    #expect(try bytes(of: out) == (try Fixtures.mpg123Reference(fixtures.stereo44)))
    // 3 s of audio took 3 s on the audio clock (less the last lead, which drain waited for).
    #expect(abs(clock.totalSlept - 3.0) < 0.05)
  }
}
