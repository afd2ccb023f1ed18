// The audio thread: decodes, applies the software volume, writes to the sink, and reports back what it
// actually did. Runs on its own Thread (blocking writes must not hold up the Player actor); commands
// reach it through a lock-protected mailbox. It never decides what plays next: the Player tells it, and
// it only announces a song once that song's first frame is being heard. With crossfade on it decodes the
// next track under the last seconds of the current one and mixes the two (CrossfadeMix), for as long as
// MixRamp says when both songs carry ramps; the outgoing song stays the one announced until the fade ends.
// To a device that keeps time it writes chunks of 0.5 s: one decode and one write (one wake-up) each, so
// playing costs the process little more than decoding (with 0.2 s chunks this thread took 38% more CPU
// in real time, Benchmarks/History.md). A command interrupts a write that waits for room, so a pause or
// a seek does not wait for the chunk to go out. The position heard is reported every two
// seconds of audio (when the Player saves it), not at every chunk: each report wakes the Player, and
// those wake-ups were a large part of what playing cost beyond decoding. In between, the newest position
// is held for the Player to read (`heldPosition`) with what the device has played since the write, and
// it goes out before any other report, so the Player never misses audio heard. This file holds the
// mailbox and the loop (decode, write, follow the commands); EngineMessages.swift what goes in and out,
// PlaybackEngine+Reports the reports, PlaybackEngine+Device the decoders and the sink, and
// PlaybackEngine+Mixing the crossfade and the gain.
import Foundation
import TunesCore

public final class PlaybackEngine: @unchecked Sendable {
  // @unchecked: the sink, decoders and everything under "audio thread state" are touched only by the
  // engine thread; the mailbox fields are guarded by `condition`.

  /// Audio per chunk: each costs a wake-up of the audio thread, so not much smaller; commands do not wait
  /// for it (they interrupt the write), so it need not be smaller either.
  static let chunkSeconds = 0.5
  /// Frames per chunk at `sampleRate` (22050 at 44.1 kHz).
  static func chunkFrames(sampleRate: Int) -> Int { max(1, Int(Double(sampleRate) * chunkSeconds)) }
  /// Short chunks: the first of a track and the first after a seek, so that the first sample reaches the
  /// device sooner and a device without a buffer announces the track near where it starts; and every
  /// chunk to a device that does not keep time (`--pace max`, test fakes), where the engine never sleeps
  /// and so saves no wake-up with long ones.
  static let shortChunkFrames = 1024
  /// Seconds of audio heard between two position reports (the Player reads the position in between). The
  /// Player saves the position at each report (`Player.minimumSaveGap`), so a `kill -9` loses at most this.
  static let positionReportSeconds = 2.0

  let condition = NSCondition()
  var mailbox: [(seq: UInt64, command: EngineCommand)] = []
  var nextSeq: UInt64 = 1
  var volumeShared = 100
  /// The mode in it is already resolved (never `auto`): the Player knows whether random is on.
  var replayGainShared = ReplayGainSettings()
  /// Seconds of crossfade (MPD's `crossfade`); 0 is off.
  var crossfadeShared = 0
  /// MPD's `mixrampdb` and `mixrampdelay`.
  var mixRampShared = MixRampSettings()
  var idleShared = true
  var postedReports = 0
  /// The sequence number of the last command answered (`.done`); commands are answered in order.
  var answeredShared: UInt64 = 0
  /// True while the engine is inside `sink.write`: only then is there a wait for a command to cut short.
  var writingShared = false
  /// The newest position heard, while no report has given it yet (see `heldPosition`).
  var heldShared: HeldPosition?

  let report: @Sendable (EngineReport) -> Void
  let clock: TunesClock
  let decoders: AudioDecoderFactory
  let sink: AudioSink
  var thread: Thread?

  // MARK: audio thread state
  final class Active {
    let track: EngineTrack
    let decoder: AudioDecoder
    /// The global frame count at which this track's frame 0 is (or would have been) written.
    var startGlobal: Int
    /// Frames after `startGlobal` before it is announced: the length of the fade it comes in under (the
    /// song fading out stays the current one until the fade ends, as in MPD).
    var announceDelay = 0
    var announced = false
    /// False until a first (short) chunk went out from the start or the last seek.
    var begun = false
    var warningsReported = 0
    /// The decoder's position: the frame its next read starts at.
    var decoded: Int
    /// The frame the track is heard from: 0, or where a play was asked to start.
    let firstFrame: Int
    init(track: EngineTrack, decoder: AudioDecoder, startGlobal: Int, decoded: Int = 0) {
      self.track = track
      self.decoder = decoder
      self.startGlobal = startGlobal
      self.decoded = decoded
      firstFrame = decoded
    }
  }
  /// The track fading out under the one being written, and how far the fade has got.
  struct FadeOut {
    let track: Active
    /// Frames of the fade: what was left of the outgoing track when it began.
    let length: Int
    /// MixRamp's overlap: both tracks at their full gain, summed (MPD's mix ratio -1), not the fade's curve.
    let summed: Bool
    var position = 0
  }
  enum NextDecision {
    case unknown
    case none
    case track(EngineTrack, AudioDecoder)
  }
  /// Tracks whose audio is in the sink, the one being heard first; the last is the one being written.
  var tracks: [Active] = []
  var next: NextDecision = .unknown
  var fadingOut: FadeOut?
  /// The outgoing track's samples during a fade, mixed into `buffer`.
  var fadeBuffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  var atEnd = false
  var paused = false
  var sinkPaused = false
  var sinkFormat: AudioFormat?
  /// Frames written to the sink since it was last opened or emptied.
  var written = 0
  /// The chunk: allocated once per size, reused for every decode (no allocation in the loop).
  var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  /// Frames decoded into `buffer` that the sink has not taken yet: `pendingStart..<pendingEnd`, in the
  /// writing track's format. They belong to that track and go out before anything else is decoded.
  var pendingStart = 0
  var pendingEnd = 0
  /// The last position a report gave, so the next one can wait for `positionReportSeconds` of audio.
  var lastReported: (token: UInt64, frames: Int)?

  /// `clock`: the Player's, so that the position it reads between reports is on its own time.
  public init(
    sink: sending AudioSink, decoders: AudioDecoderFactory, clock: TunesClock = SystemClock(),
    report: @escaping @Sendable (EngineReport) -> Void
  ) {
    self.sink = sink
    self.decoders = decoders
    self.clock = clock
    self.report = report
  }

  deinit {
    buffer.deallocate()
    fadeBuffer.deallocate()
  }

  /// Makes `buffer` hold at least `capacity` bytes. Its contents are not kept: each chunk overwrites it.
  static func grow(_ buffer: inout UnsafeMutableRawBufferPointer, to capacity: Int) {
    guard buffer.count < capacity else { return }
    buffer.deallocate()
    buffer = .allocate(byteCount: capacity, alignment: 16)
  }

  public func start() {
    let thread = Thread { [self] in run() }
    thread.name = "tunes-audio"
    thread.qualityOfService = .userInteractive
    self.thread = thread
    thread.start()
  }

  /// Posts a command; returns its sequence number (answered by `.done(seq)`).
  @discardableResult
  func post(_ command: EngineCommand) -> UInt64 {
    condition.lock()
    defer { condition.unlock() }
    let seq = nextSeq
    nextSeq += 1
    mailbox.append((seq, command))
    condition.signal()
    if writingShared, !command.waitsForTheWrite { sink.interrupt() }
    return seq
  }

  /// The gain applies from the next chunk written.
  public func setVolume(_ volume: Int) {
    condition.lock()
    volumeShared = min(max(volume, 0), 100)
    condition.unlock()
  }

  /// The ReplayGain settings (mode resolved from auto); they apply from the next chunk written.
  public func setReplayGain(_ settings: ReplayGainSettings) {
    condition.lock()
    replayGainShared = settings
    condition.unlock()
  }

  /// Seconds by which the end of a track overlaps the start of the next (0: none); from the next fade on.
  public func setCrossfade(seconds: Int) {
    condition.lock()
    crossfadeShared = max(seconds, 0)
    condition.unlock()
  }

  /// MixRamp's threshold and delay; from the next fade on.
  public func setMixRamp(_ settings: MixRampSettings) {
    condition.lock()
    mixRampShared = settings
    condition.unlock()
  }

  /// True while the thread waits for a command with nothing to write (idle, paused, or waiting to be
  /// told what follows).
  var isIdle: Bool {
    condition.lock()
    defer { condition.unlock() }
    return idleShared
  }

  /// True while commands wait in the mailbox (the engine picks them up between chunks).
  var hasPendingCommands: Bool {
    condition.lock()
    defer { condition.unlock() }
    return !mailbox.isEmpty
  }

  /// How many reports the engine has sent, so a caller can tell when it has seen them all.
  var reportCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return postedReports
  }

  /// The position heard as of the last write (nil after any other report, until the next write). The
  /// Player applies it as if reported, once it has applied `after` reports: then nothing it was told is
  /// older.
  var heldPosition: HeldPosition? {
    condition.lock()
    defer { condition.unlock() }
    return heldShared
  }

  // MARK: the loop

  func run() {
    while true {
      condition.lock()
      while mailbox.isEmpty && !hasWork {
        idleShared = true
        condition.wait()
      }
      idleShared = false
      let commands = mailbox
      mailbox.removeAll()
      condition.unlock()

      for (seq, command) in commands {
        if case .shutdown = command {
          closeAll()
          sink.close()
          send(.done(seq))
          return
        }
        handle(command)
        send(.done(seq))
      }
      if hasWork { step() }
    }
  }

  var hasWork: Bool {
    guard !tracks.isEmpty, !paused else { return false }
    if atEnd, case .unknown = next { return false }
    return true
  }

  func handle(_ command: EngineCommand) {
    switch command {
    case .play(let track, let startMs):
      dropAll()
      paused = false
      guard let decoder = open(track) else { return }
      do {
        let format = decoder.format
        var frame = 0
        if startMs > 0 { frame = try decoder.seek(toFrame: format.frames(milliseconds: startMs)) }
        guard openSink(format) else { return }
        tracks = [Active(track: track, decoder: decoder, startGlobal: written - frame, decoded: frame)]
        next = .unknown
        atEnd = false
        send(.writing(token: track.token))
        step(yielding: false)  // the first chunk goes out before the command is answered: "playing" on return
      } catch {
        send(.failed(token: track.token, path: track.path, message: "\(error)"))
      }
    case .setNext(let after, let nextTrack):
      guard let writing = tracks.last, writing.track.token == after else { return }
      if case .track(let old, _) = next, old == nextTrack { return }
      if let nextTrack {
        if let decoder = open(nextTrack) { next = .track(nextTrack, decoder) } else { next = .unknown }
      } else {
        next = .none
      }
    case .pause:
      guard let current = tracks.first, !paused else { return }
      let heard = heardFrames(of: current)
      do {
        let kept = try sink.pause()
        sinkPaused = kept
        paused = true
        if !kept { refeed(from: heard) }
        send(.paused(token: current.track.token, frames: heard))
      } catch {
        fail(error)
      }
    case .resume:
      guard let current = tracks.first, paused else { return }
      do {
        // Also after a pause that dropped the buffer: the device then only needs to be ready again.
        try sink.resume()
        sinkPaused = false
        paused = false
        send(.resumed(token: current.track.token, frames: heardFrames(of: current)))
      } catch {
        fail(error)
      }
    case .seek(let token, let ms):
      guard let current = tracks.first, current.track.token == token else { return }
      do {
        var target = current.decoder.format.frames(milliseconds: max(ms, 0))
        if let total = current.decoder.totalFrames { target = min(target, total) }
        try sink.drop()
        sinkPaused = false
        written = 0
        let reached = try current.decoder.seek(toFrame: target)
        keepOnly(current, at: reached)
        send(.seeked(token: token, frames: reached))
      } catch {
        send(.failed(token: token, path: current.track.path, message: "seek: \(error)"))
      }
    case .stop:
      let hadTracks = !tracks.isEmpty
      dropAll()
      paused = false
      if hadTracks { send(.stopped) }
    case .shutdown:
      break
    }
  }

  /// Writes one chunk (or what is left of one), moving to the next track at the end of the current one.
  /// `yielding`: a command posted meanwhile cuts the write short (not for the chunk that starts a play).
  func step(yielding: Bool = true) {
    guard let writing = tracks.last else { return }
    let format = writing.decoder.format
    if pendingStart < pendingEnd {
      writePending(format: format, yielding: yielding)
      return
    }
    if atEnd {
      switch next {
      case .unknown:
        return
      case .none:
        finish()
        return
      case .track(let track, let decoder):
        next = .unknown
        atEnd = false
        if decoder.format != sinkFormat {
          // A new format: let the old track play out, then reconfigure the device.
          drainAndReportEnd()
          guard openSink(decoder.format) else { return }
          written = 0
          tracks = []
        }
        tracks.append(Active(track: track, decoder: decoder, startGlobal: written))
        send(.writing(token: track.token))
        if tracks.count == 1 { announceIfHeard() }
        return
      }
    }
    if fadingOut != nil {
      stepFade(writing, format: format, yielding: yielding)
      return
    }
    let long = writing.begun && sink.pacesItself
    var chunk = long ? Self.chunkFrames(sampleRate: format.sampleRate) : Self.shortChunkFrames
    if let fade = fadeFrames(from: writing) {
      // The fade starts exactly `fade.frames` frames before the end: the chunk stops there.
      let remaining = (writing.decoder.totalFrames ?? 0) - writing.decoded
      if remaining > fade.frames {
        chunk = min(chunk, remaining - fade.frames)
      } else if remaining > 0 {
        beginFade(from: writing, length: remaining, summed: fade.summed)
        return
      }
    }
    writing.begun = true
    let capacity = chunk * format.bytesPerFrame
    Self.grow(&buffer, to: capacity)
    guard let frames = readChunk(of: writing, capacity: capacity) else { return }
    pendingStart = 0
    pendingEnd = frames
    applyVolume(frames: frames, format: format, gain: writing.track.gain)
    writePending(format: format, yielding: yielding)
  }

  /// Hands the pending samples to the sink. A write cut short by `interrupt()` leaves the rest pending:
  /// the loop carries out the commands, then comes back for it.
  func writePending(format: AudioFormat, yielding: Bool) {
    do {
      while pendingStart < pendingEnd {
        beginWrite(yieldingToCommands: yielding)
        let offered = pendingEnd - pendingStart
        let accepted = try writeOnce(bytesPerFrame: format.bytesPerFrame)
        pendingStart += max(0, accepted)
        written += max(0, accepted)
        if accepted < offered { break }
      }
    } catch {
      fail(error)
      return
    }
    announceIfHeard()
    guard pendingStart >= pendingEnd else { return }
    if let current = tracks.first { reportPosition(of: current) }
  }

  /// Marks the engine as writing, so that a command posted from now on interrupts the write. One posted
  /// already interrupts it at once: the sink takes what fits without waiting, and the command goes next.
  func beginWrite(yieldingToCommands yielding: Bool) {
    condition.lock()
    writingShared = true
    let commandWaits = yielding && mailbox.contains { !$0.command.waitsForTheWrite }
    condition.unlock()
    if commandWaits { sink.interrupt() }
  }

  func writeOnce(bytesPerFrame: Int) throws -> Int {
    defer {
      condition.lock()
      writingShared = false
      condition.unlock()
    }
    return try sink.write(UnsafeRawBufferPointer(rebasing: buffer[pendingStart * bytesPerFrame..<pendingEnd * bytesPerFrame]))
  }

  /// The last track ended with nothing after it: play out, report, go idle.
  func finish() {
    guard let last = tracks.last else { return }
    drainAndReportEnd()
    tracks = []
    next = .unknown
    atEnd = false
    send(.ended(token: last.track.token))
  }

  /// Drains the sink and reports the final position of the tracks that were still being heard. Once
  /// drained everything written has been heard, so the one announcement leaves only the last track,
  /// announced.
  func drainAndReportEnd() {
    do { try sink.drain() } catch { fail(error); return }
    announceIfHeard()
    if let last = tracks.last { send(.position(token: last.track.token, frames: heardFrames(of: last))) }
  }

  /// After the device threw its buffer away (pause without pause support): continue from what was heard.
  func refeed(from heard: Int) {
    guard let current = tracks.first else { return }
    do {
      let reached = try current.decoder.seek(toFrame: heard)
      written = 0
      keepOnly(current, at: reached)
    } catch {
      send(.failed(token: current.track.token, path: current.track.path, message: "seek: \(error)"))
    }
  }

  /// Keeps only the track being heard, positioned at `frame`; a following track already started goes
  /// back to being the next one, from its beginning.
  func keepOnly(_ current: Active, at frame: Int) {
    if tracks.count > 1, let following = tracks.last, following !== current {
      if (try? following.decoder.seek(toFrame: 0)) != nil {
        next = .track(following.track, following.decoder)
      } else {
        next = .unknown
      }
    }
    current.startGlobal = written - frame
    current.decoded = frame
    current.begun = false
    fadingOut = nil
    tracks = [current]
    atEnd = false
    dropPending()
  }
}
