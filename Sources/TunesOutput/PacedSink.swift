// Makes a sink that swallows audio instantly (null, file) behave like a sound card: audio leaves at the
// audio clock, at most `maxLead` seconds ahead, and `delayFrames` is what a listener has not heard yet.
// A write that has to wait sleeps once until there is room for all of it, so a writer handing over
// 0.5 s at a time wakes twice a second; `interrupt()` cuts that sleep short for a pause or a seek.
// Only the engine's audio thread calls it, like the sink it wraps, except `interrupt()`.
import Foundation
import TunesCore

/// `realtime`: a minute of music takes a minute. `max`: as fast as the device takes it (tests, rendering).
public enum PaceMode: String, Sendable, CaseIterable {
  case realtime
  case max
}

public final class PacedSink: AudioSink {
  public let inner: AudioSink
  public let mode: PaceMode
  /// How far audio may run ahead of the listener, like a sound card's buffer. The default 1 s takes the
  /// engine's 0.5 s chunks in one piece each: one sleep per chunk.
  public let maxLead: Double

  private let clock: TunesClock
  /// Injected by tests; nil sleeps on `wake`, which `interrupt()` signals.
  private let sleep: ((Double) -> Void)?
  private let wake = NSCondition()
  /// Set by `interrupt()` until a wait notices it (guarded by `wake`).
  private var interrupted = false
  private var format: AudioFormat?
  /// Monotonic time at which frame 0 of `framesWritten` was (or will be) heard; nil until audio flows.
  private var epochStart: Double?
  private var framesWritten = 0
  /// Set while paused: the audio clock stands still at this instant.
  private var pausedAt: Double?

  /// `sleep` waits the given seconds; tests pass one that advances a fake `clock` instead. Without one
  /// the sink sleeps on a condition that `interrupt()` wakes.
  public init(
    _ inner: AudioSink, mode: PaceMode = .realtime, maxLead: Double = 1.0,
    clock: TunesClock = SystemClock(), sleep: ((Double) -> Void)? = nil
  ) {
    self.inner = inner
    self.mode = mode
    self.maxLead = maxLead
    self.clock = clock
    self.sleep = sleep
  }

  /// True when this sink keeps time itself; a real card paces, so it is passed through untouched.
  private var pacing: Bool { mode == .realtime && !inner.pacesItself }

  public var pacesItself: Bool { pacing || inner.pacesItself }

  public var delayFrames: Int {
    guard pacing else { return inner.delayFrames }
    return max(0, framesWritten - framesDue())
  }

  public func open(format: AudioFormat) throws {
    if pacing && format != self.format {
      waitUntilHeard()  // the previous song's tail plays out at its own rate
      resetClock()
    }
    try inner.open(format: format)
    self.format = format
  }

  public func write(_ samples: UnsafeRawBufferPointer) throws -> Int {
    guard pacing, let format, let base = samples.baseAddress else { return try inner.write(samples) }
    let frames = samples.count / format.bytesPerFrame
    // Small pieces, so no single write runs far past the allowed lead.
    let piece = Swift.max(1, Int(maxLead * Double(format.sampleRate)) / 2)
    var done = 0
    while done < frames {
      let count = Swift.min(piece, frames - done)
      // Interrupted: hand back what was taken; the caller writes the rest after its command.
      guard waitForRoom(adding: count, format: format) else { break }
      let chunk = UnsafeRawBufferPointer(start: base + done * format.bytesPerFrame, count: count * format.bytesPerFrame)
      let consumed = try inner.write(chunk)
      framesWritten += consumed
      done += consumed
      if consumed < count { break }
    }
    return done
  }

  public func pause() throws -> Bool {
    guard pacing else { return try inner.pause() }
    if pausedAt == nil { pausedAt = clock.monotonic() }
    _ = try inner.pause()
    // The audio ahead of the clock is not lost: it is heard once the clock runs again.
    return true
  }

  public func resume() throws {
    if let pausedAt {
      if let epochStart { self.epochStart = epochStart + (clock.monotonic() - pausedAt) }
      self.pausedAt = nil
    }
    try inner.resume()
  }

  public func drop() throws {
    try inner.drop()
    resetClock()
    // A dropped stream starts again unpaused: a stale pause mark would let the next song through unpaced.
    pausedAt = nil
  }

  public func drain() throws {
    if pacing { waitUntilHeard() }
    try inner.drain()
    resetClock()
  }

  public func interrupt() {
    wake.lock()
    interrupted = true
    wake.signal()
    wake.unlock()
    inner.interrupt()
  }

  public func close() {
    inner.close()
    format = nil
    resetClock()
    pausedAt = nil
  }

  // MARK: The audio clock

  /// Frames a listener has heard by now (the clock stops while paused).
  private func framesDue() -> Int {
    guard let epochStart, let format else { return 0 }
    let now = pausedAt ?? clock.monotonic()
    return Int(((now - epochStart) * Double(format.sampleRate)).rounded())
  }

  /// Sleeps until `count` more frames fit within the lead; false when interrupted first.
  private func waitForRoom(adding count: Int, format: AudioFormat) -> Bool {
    let now = clock.monotonic()
    guard let epochStart else {
      self.epochStart = now
      return true
    }
    let rate = Double(format.sampleRate)
    if framesDue() > framesWritten {
      // Underrun: the listener heard everything; the clock restarts with the next audio.
      self.epochStart = now - Double(framesWritten) / rate
      return true
    }
    let lead = Int(maxLead * rate)
    let ahead = framesWritten + count - framesDue()
    if ahead > lead && pausedAt == nil {
      let wakeUp = epochStart + Double(framesWritten + count - lead) / rate
      if wakeUp > now { return rest(wakeUp - now) }
    }
    return true
  }

  /// Waits `seconds` unless `interrupt()` comes first (then false, and the interrupt is used up).
  private func rest(_ seconds: Double) -> Bool {
    if let sleep {
      if takeInterrupt() { return false }
      sleep(seconds)
      return !takeInterrupt()
    }
    let deadline = Date(timeIntervalSinceNow: seconds)
    wake.lock()
    while !interrupted && wake.wait(until: deadline) {}
    wake.unlock()
    return !takeInterrupt()
  }

  private func takeInterrupt() -> Bool {
    wake.lock()
    defer { wake.unlock() }
    let was = interrupted
    interrupted = false
    return was
  }

  /// Not interruptible: a drain or a format change must let the tail be heard (at most `maxLead`).
  private func waitUntilHeard() {
    guard let format, pausedAt == nil else { return }
    let pending = framesWritten - framesDue()
    guard pending > 0 else { return }
    let seconds = Double(pending) / Double(format.sampleRate)
    if let sleep { sleep(seconds) } else { Thread.sleep(forTimeInterval: seconds) }
  }

  private func resetClock() {
    epochStart = nil
    framesWritten = 0
  }
}
