// A device for the control tests' real player whose clock stands still between a test's requests, so
// what a client reads (elapsed 30.500, "0:00/3:02") is exact however busy the machine is. A sink that
// kept real time made those values depend on how long the machine took between two requests, and a
// slower one delayed the player's answers instead (the engine reads its commands between writes).
import Foundation
import TunesCore

/// Takes a write only while the player carries out a command (`letThrough`, the engine's "a command is
/// not answered yet", as the player tests' `drive` does for their held fake), and keeps all it took
/// unheard until a drop or drain: the position heard stays where the last command put it. A play or a
/// seek still writes its first chunk and is answered at once, and nothing plays on between requests.
final class HeldDevice: AudioSink, @unchecked Sendable {
  private let condition = NSCondition()
  /// Frames written and not heard: every one since the last drop or drain.
  private var buffered = 0
  private var letThrough: @Sendable () -> Bool = { false }

  /// Set once the player exists (it is made with this device): writes wait until `gate` says go.
  func letThrough(while gate: @escaping @Sendable () -> Bool) {
    condition.withLock { letThrough = gate }
  }

  func open(format: AudioFormat) throws {}

  func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let frames = bytes.count / (2 * 2)  // the silent decoder's s16 stereo
    condition.lock()
    defer { condition.unlock() }
    while true {
      let gate = letThrough
      // Asked without this lock held: the engine posts commands (and interrupts) under its own.
      condition.unlock()
      let open = gate()
      condition.lock()
      if open { break }
      // Woken by an interrupt (a command posted), or looks again soon for one that does not interrupt;
      // not often, since a test process holds many such players waiting on a busy machine.
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.02))
    }
    buffered += frames
    return frames
  }

  var delayFrames: Int { condition.withLock { buffered } }
  /// Nothing plays while the engine waits, so the player must not count time passing as audio heard.
  var pacesItself: Bool { false }
  func pause() throws -> Bool { true }
  func resume() throws {}
  func drop() throws { condition.withLock { buffered = 0 } }
  /// At a song's end (reached only by a seek past it) the rest is heard at once.
  func drain() throws { condition.withLock { buffered = 0 } }
  func close() {}
  func interrupt() { condition.withLock { condition.broadcast() } }
}
