// The engine writes 0.2 s chunks, and a write may wait that long for room in the device; a command must
// not wait with it. These tests use a device whose buffer stays full until the engine interrupts the
// write, so a pause or a seek only returns promptly if the engine cuts the wait short, and what the
// interrupted write did not take still plays, once, in order.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

/// Takes the first write at once, then makes every write wait for room (up to `stallSeconds`) until
/// `interrupt()`, which makes it return having taken nothing, or `release()`, after which writes go
/// straight through. Records every frame it takes, all of them heard at once.
final class StallingSink: AudioSink, @unchecked Sendable {
  static let stallSeconds = 60.0
  private let lock = NSCondition()
  private var stalling = true
  private var interruptRequested = false
  private var writes = 0
  private var _heard: [HeardFrame] = []
  private var _interrupts = 0
  private var _waiting = false
  private var channels = 2

  func open(format: AudioFormat) throws { lock.withLock { channels = format.channels } }

  func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let samples = bytes.bindMemory(to: Int16.self)  // this fake plays s16 only
    lock.lock()
    defer { lock.unlock() }
    writes += 1
    if writes > 1 {
      let deadline = Date(timeIntervalSinceNow: Self.stallSeconds)
      _waiting = true
      while stalling && !interruptRequested && lock.wait(until: deadline) {}
      _waiting = false
    }
    if interruptRequested {
      interruptRequested = false
      _interrupts += 1
      return 0
    }
    let frames = samples.count / channels
    for index in 0..<frames {
      _heard.append(
        HeardFrame(tag: Int(samples[index * channels + 1]), frame: Int(UInt16(bitPattern: samples[index * channels]))))
    }
    return frames
  }

  func interrupt() {
    lock.withLock {
      interruptRequested = true
      lock.broadcast()
    }
  }

  func release() {
    lock.withLock {
      stalling = false
      lock.broadcast()
    }
  }

  var delayFrames: Int { 0 }
  var pacesItself: Bool { true }
  func pause() throws -> Bool { true }
  func resume() throws {}
  func drop() throws {}
  func drain() throws {}
  func close() {}

  var heard: [HeardFrame] { lock.withLock { _heard } }
  var interrupts: Int { lock.withLock { _interrupts } }
  var isWaiting: Bool { lock.withLock { _waiting } }
}

@Suite struct EngineInterruptTests {
  /// Less than half the stall: only an interrupted write lets a command through this fast.
  static let promptSeconds = StallingSink.stallSeconds / 2

  @Test func aPauseInterruptsAWriteWaitingForRoomAndNothingIsLost() async throws {
    let sink = StallingSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 60_000)]))
    try await player.add([song(1)])
    try await player.play()
    await waitUntil("a write waiting for room") { sink.isWaiting }
    let start = Date()
    await player.pause(true)
    #expect(Date().timeIntervalSince(start) < Self.promptSeconds)
    #expect(await player.status().state == .paused)
    #expect(sink.interrupts >= 1)
    sink.release()
    await player.pause(false)
    await waitUntil("the end") { await player.status().state == .stopped }
    // Every frame once, in order: the part the interrupted write did not take went out after the resume.
    let heard = runs(sink.heard)
    #expect(heard.count == 1)
    #expect(heard.first?.from == 0)
    #expect(heard.first?.to == 60_000)
    await player.shutdown()
  }

  @Test func aSeekInterruptsAWriteWaitingForRoom() async throws {
    let sink = StallingSink()
    let player = Player(sink: sink, decoders: fakeLibrary([1: FakeTrack(frames: 60_000)]))
    try await player.add([song(1)])
    try await player.play()
    await waitUntil("a write waiting for room") { sink.isWaiting }
    let start = Date()
    await player.seek(toMs: 1_000)
    #expect(Date().timeIntervalSince(start) < Self.promptSeconds)
    sink.release()
    await waitUntil("the end") { await player.status().state == .stopped }
    // The first chunk, then from 1 s on: the chunk the interrupted write held was dropped, not played.
    let heard = runs(sink.heard)
    #expect(heard.count == 2)
    #expect(heard.first?.from == 0)
    #expect(heard.last?.from == 44_100)
    #expect(heard.last?.to == 60_000)
    await player.shutdown()
  }
}
