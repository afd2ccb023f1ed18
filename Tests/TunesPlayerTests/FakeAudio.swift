// A fake decoder whose PCM encodes (song tag, frame index) in every frame, and a fake sink that records
// every frame it is given and which of them were heard, so skipped or doubled audio is detectable.
import Foundation
import Testing
import TunesCore

@testable import TunesPlayer

struct FakeTrack: Sendable {
  var frames: Int
  var format = AudioFormat(sampleRate: 44100, channels: 2)
  /// Decoding throws once this frame is reached (a file that breaks in the middle).
  var failAt: Int? = nil
  /// Warnings the decoder reports as it passes these frames.
  var warnAt: [Int] = []
}

struct FakeDecodeError: Error, CustomStringConvertible {
  var description: String
}

/// Paths look like "/music/N.mp3"; N is the tag written into channel 1 of every frame.
func tag(ofPath path: String) -> Int {
  Int(path.split(separator: "/").last!.split(separator: ".").first!)!
}

final class FakeDecoder: AudioDecoder {
  let track: FakeTrack
  let tag: Int16
  private(set) var positionFrames = 0
  private(set) var warnings: [String] = []

  init(track: FakeTrack, tag: Int) {
    self.track = track
    self.tag = Int16(tag)
  }

  var format: AudioFormat { track.format }
  var totalFrames: Int? { track.frames }

  func read(into bytes: UnsafeMutableRawBufferPointer) throws -> Int {
    let buffer = bytes.bindMemory(to: Int16.self)  // this fake decodes s16 only
    let channels = track.format.channels
    let count = min(buffer.count / channels, track.frames - positionFrames)
    for offset in 0..<max(count, 0) {
      let frame = positionFrames + offset
      if let failAt = track.failAt, frame >= failAt { throw FakeDecodeError(description: "bad frame \(frame)") }
      if track.warnAt.contains(frame) { warnings.append("frame \(frame): bad header, skipped") }
      buffer[offset * channels] = Int16(truncatingIfNeeded: frame)
      if channels > 1 { buffer[offset * channels + 1] = tag }
    }
    positionFrames += max(count, 0)
    return max(count, 0)
  }

  func seek(toFrame frame: Int) throws -> Int {
    positionFrames = min(max(frame, 0), track.frames)
    return positionFrames
  }
}

struct FakeDecoders: AudioDecoderFactory {
  var tracks: [String: FakeTrack]
  func makeDecoder(path: String) throws -> AudioDecoder {
    // Worded as the real decoder's errors: the file first.
    guard let track = tracks[path] else { throw FakeDecodeError(description: "\(path): cannot open: No such file or directory") }
    return FakeDecoder(track: track, tag: tag(ofPath: path))
  }
}

/// One frame as the fake sink saw it.
struct HeardFrame: Equatable, CustomStringConvertible {
  var tag: Int
  var frame: Int
  var description: String { "\(tag):\(frame)" }
}

/// Models a device that stays `bufferFrames` behind what it was given: those frames are not heard until
/// more audio pushes them out or a drain plays them; a drop throws them away unheard.
final class FakeSink: AudioSink, @unchecked Sendable {
  private let lock = NSCondition()
  let bufferFrames: Int
  let canPause: Bool
  private(set) var format: AudioFormat?
  private var accepted: [HeardFrame] = []
  private var pending = 0
  private var _heard: [HeardFrame] = []
  private(set) var opens: [AudioFormat] = []
  private(set) var isPaused = false
  private var held = false
  /// The first frame of a write that waits to be let through.
  private var waiting: HeardFrame?
  /// The last frame heard since the device was last emptied (drop) or reopened.
  private var lastHeardSinceReset: HeardFrame?
  private var permits = 0
  private var blocked = false
  /// Frames written since the sink was made, and the most any write may bring them to (`stop(atFrame:)`).
  private var written = 0
  private var limit: Int?
  private(set) var gains: [Int16] = []

  init(bufferFrames: Int = 0, canPause: Bool = true) {
    self.bufferFrames = bufferFrames
    self.canPause = canPause
  }

  /// When set, opening the device fails with it (a sound card that is gone).
  var openError: (any Error)?

  func open(format: AudioFormat) throws {
    if let openError { throw openError }
    lock.withLock {
      // Reconfiguring plays out what was buffered (the engine drains before it reopens).
      self.format = format
      opens.append(format)
    }
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let samples = bytes.bindMemory(to: Int16.self)  // this fake plays s16 only
    lock.lock()
    defer { lock.unlock() }
    let channelsNow = format?.channels ?? 2
    if samples.count >= channelsNow {
      waiting = HeardFrame(tag: channelsNow > 1 ? Int(samples[1]) : 0, frame: Int(UInt16(bitPattern: samples[0])))
    }
    defer { waiting = nil }
    let channels = format?.channels ?? 2
    let frames = samples.count / channels
    while (held && permits == 0) || limit.map({ written + frames > $0 }) == true {
      blocked = true
      lock.wait()
    }
    if held { permits -= 1 }
    blocked = false
    written += frames
    for index in 0..<frames {
      let frame = HeardFrame(
        tag: channels > 1 ? Int(samples[index * channels + 1]) : 0, frame: Int(UInt16(bitPattern: samples[index * channels])))
      accepted.append(frame)
      gains.append(samples[index * channels])
    }
    pending += frames
    let unheard = min(pending, bufferFrames)
    _heard.append(contentsOf: accepted[(accepted.count - pending)..<(accepted.count - unheard)])
    if accepted.count - pending < accepted.count - unheard { lastHeardSinceReset = accepted[accepted.count - unheard - 1] }
    pending = unheard
    return frames
  }

  var delayFrames: Int { lock.withLock { pending } }
  var pacesItself: Bool { false }

  func pause() throws -> Bool {
    lock.withLock {
      isPaused = true
      if !canPause { dropLocked() }
      return canPause
    }
  }

  func resume() throws { lock.withLock { isPaused = false } }

  func drop() throws {
    lock.withLock {
      dropLocked()
      isPaused = false
    }
  }

  private func dropLocked() {
    accepted.removeLast(pending)
    pending = 0
    lastHeardSinceReset = nil
  }

  func drain() throws {
    lock.withLock {
      _heard.append(contentsOf: accepted[(accepted.count - pending)...])
      if pending > 0 { lastHeardSinceReset = accepted.last }
      pending = 0
    }
  }

  func close() {}

  // MARK: for the tests

  /// Everything heard so far, in order.
  var heard: [HeardFrame] { lock.withLock { _heard } }
  /// Frames given but not yet heard.
  var unheard: [HeardFrame] { lock.withLock { Array(accepted.suffix(pending)) } }

  /// Makes every write wait for a `step()` (or for `release()`).
  func hold() {
    lock.withLock {
      held = true; permits = 0
    }
  }
  /// Lets one held write through.
  func step() {
    lock.withLock {
      permits += 1
      lock.broadcast()
    }
  }
  /// Lets writes through, without waiting for steps, until `frames` frames are written in all; the
  /// write that would pass that count waits until `release()`. The play stops at an exact frame however
  /// busy the machine is.
  func stop(atFrame frames: Int) {
    lock.withLock {
      limit = frames
      lock.broadcast()
    }
  }
  func release() {
    lock.withLock {
      held = false
      limit = nil
      lock.broadcast()
    }
  }
  var isBlocked: Bool { lock.withLock { blocked && ((permits == 0 && held) || limit != nil) } }

  /// The frame the device plays next: the first one buffered, else the first of a write waiting to be
  /// let through, else the one after the last heard since the device was emptied; nil when silent.
  var nextFrame: HeardFrame? {
    lock.withLock {
      if pending > 0 { return accepted[accepted.count - pending] }
      if blocked, permits == 0, let waiting { return waiting }
      return lastHeardSinceReset.map { HeardFrame(tag: $0.tag, frame: $0.frame + 1) }
    }
  }
}

func fakeLibrary(_ tracks: [Int: FakeTrack]) -> FakeDecoders {
  FakeDecoders(tracks: Dictionary(uniqueKeysWithValues: tracks.map { ("/music/\($0.key).mp3", $0.value) }))
}

/// Splits what was heard into runs of one song; each run must be frames counting up by one.
func runs(_ heard: [HeardFrame]) -> [(tag: Int, from: Int, to: Int)] {
  var result: [(tag: Int, from: Int, to: Int)] = []
  for frame in heard {
    if let last = result.last, last.tag == frame.tag, last.to == frame.frame {
      result[result.count - 1].to += 1
    } else {
      result.append((frame.tag, frame.frame, frame.frame + 1))
    }
  }
  return result
}

extension Player {
  /// Waits until the engine is idle or blocked in the sink, every command is answered and every report
  /// applied. A minute at most: on a busy machine the engine thread may wait long for a core.
  func quiesce(_ sink: FakeSink) async {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      let before = engineReports
      if engineHasUnansweredCommands {
        // A transition in progress: the engine reads its mailbox between writes, and a play writes its
        // first chunk before it answers. Let the one write it waits behind through.
        if sink.isBlocked { sink.step() }
      } else if isEngineIdle || sink.isBlocked {
        await settle()
        // Applying a report may post a command (the next song planned): not at rest until it is answered.
        if engineReports == before && !engineHasUnansweredCommands { return }
      }
      try? await Task.sleep(nanoseconds: 200_000)
    }
    Issue.record("the engine never came to rest")
  }
}

/// Plays `player`'s queue from its first song to the end, shuts the player down and returns every frame
/// `sink` heard. The sink is held until the Player has told the engine what follows: a fake device never
/// makes the engine wait, so it would otherwise reach the end of a short song before the answer came.
func playToTheEnd(_ player: Player, on sink: FakeSink) async throws -> [HeardFrame] {
  sink.hold()
  try await drive(sink, player) { try await player.play(position: 0) }
  await player.quiesce(sink)
  sink.release()
  await waitUntil("the end") { await player.status().state == .stopped }
  await player.shutdown()
  return sink.heard
}

/// Runs a player command while letting held writes through one at a time, so the engine (which reads
/// its mailbox between writes) can carry it out. Only while `player`'s engine has a command it has not
/// answered, and one write at a time: however late this task or the Player runs, the audio moves no
/// further than the commands need (a stepper that stepped on a timer let a busy machine's engine run on
/// past the point where the Player's next plan was due).
func drive(_ sink: FakeSink, _ player: Player, _ operation: @escaping @Sendable () async throws -> Void)
  async throws
{
  let task = Task { try await operation() }
  let done = DoneFlag()
  let stepper = Task {
    while !done.isSet {
      if player.engineHasUnansweredCommands && sink.isBlocked { sink.step() }
      try? await Task.sleep(nanoseconds: 300_000)
    }
  }
  let result = await task.result
  // The stepper must be finished before anyone looks at the sink: a late step would let audio through.
  done.set()
  await stepper.value
  try result.get()
}

final class DoneFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
