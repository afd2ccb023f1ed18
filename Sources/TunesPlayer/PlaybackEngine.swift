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
// it goes out before any other report, so the Player never misses audio heard.
import Foundation
import TunesCore

/// A file the engine is asked to play, tagged with the Player's token for that play.
public struct EngineTrack: Sendable, Equatable {
  public var token: UInt64
  public var path: String
  /// The song's ReplayGain values, looked up by the Player: the audio thread never reads the database.
  public var gain: SongGain
  /// The Player allows a crossfade from the track before this one into it (false between consecutive
  /// tracks of an album played in order): the engine fades only when crossfade is on and the formats match.
  public var fadeIn: Bool
  /// The song's MixRamp tags: with MixRamp on, how long it overlaps the songs before and after it.
  public var mixRamp: SongMixRamp
  public init(token: UInt64, path: String, gain: SongGain = .none, fadeIn: Bool = false, mixRamp: SongMixRamp = .none) {
    self.token = token
    self.path = path
    self.gain = gain
    self.fadeIn = fadeIn
    self.mixRamp = mixRamp
  }
}

enum EngineCommand: Sendable {
  /// Drops whatever plays and starts `track` at `startMs`.
  case play(EngineTrack, startMs: Int)
  /// What follows the track `after` (nil: nothing, drain and end). Ignored unless `after` is being written.
  case setNext(after: UInt64, EngineTrack?)
  case pause
  case resume
  case seek(token: UInt64, ms: Int)
  case stop
  case shutdown
}

extension EngineCommand {
  /// What follows matters only at the end of the track: a write need not be cut short for it.
  var waitsForTheWrite: Bool {
    if case .setNext = self { return true }
    return false
  }
}

/// What the engine did, in the order it did it.
public enum EngineReport: Sendable, Equatable {
  /// The track's audio is now being heard (its first frame left the device's buffer, or nothing else was
  /// buffered). `frames` is the position it is heard from; when more of it has been heard already (it was
  /// announced late), a `.position` saying how much follows at once.
  case started(token: UInt64, format: AudioFormat, totalFrames: Int?, frames: Int)
  /// The engine began writing this track (it may still be ahead of what is heard): the Player now says
  /// what follows it.
  case writing(token: UInt64)
  /// Position heard of the current track: frames written − device delay.
  case position(token: UInt64, frames: Int)
  case paused(token: UInt64, frames: Int)
  case resumed(token: UInt64, frames: Int)
  case seeked(token: UInt64, frames: Int)
  /// The file could not be opened or decoded; the engine goes on with what it was told follows.
  case failed(token: UInt64, path: String, message: String)
  /// A problem the decoder skipped over (corrupt frames).
  case warning(token: UInt64, path: String, message: String)
  /// The track played to its end and nothing follows: the engine is idle.
  case ended(token: UInt64)
  case stopped
  /// The device failed; the engine is idle.
  case outputFailed(String)
  /// Every command posted before this sequence number has been carried out.
  case done(UInt64)
}

extension EngineReport {
  /// The track and position heard that the report gives, if it gives one.
  var heardPosition: (token: UInt64, frames: Int)? {
    switch self {
    case .started(let token, _, _, let frames), .position(let token, let frames), .paused(let token, let frames),
      .resumed(let token, let frames), .seeked(let token, let frames):
      return (token, frames)
    default:
      return nil
    }
  }
}

/// The position heard at the engine's last write, newer than or equal to every report sent so far.
struct HeldPosition: Sendable, Equatable {
  var token: UInt64
  var frames: Int
  /// How many reports were sent before it: the Player may take it once it has applied that many.
  var after: Int
  /// Frames written but not yet heard at that moment, and when it was (the engine's clock, monotonic
  /// seconds): the device plays them on at `sampleRate` while the engine sleeps, so the position heard
  /// now is `frames` plus what has played since, never more than `unheard`.
  var unheard: Int = 0
  var at: Double = 0
  var sampleRate: Int = 0
  /// A report carried it already: the next report need not carry it again.
  var reported = false

  /// The position heard at `now`, as the device has gone on playing since the write.
  func frames(at now: Double) -> Int {
    guard unheard > 0, sampleRate > 0, now > at else { return frames }
    return frames + min(unheard, Int((now - at) * Double(sampleRate)))
  }
}

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

  private let condition = NSCondition()
  private var mailbox: [(seq: UInt64, command: EngineCommand)] = []
  private var nextSeq: UInt64 = 1
  private var volumeShared = 100
  /// The mode in it is already resolved (never `auto`): the Player knows whether random is on.
  private var replayGainShared = ReplayGainSettings()
  /// Seconds of crossfade (MPD's `crossfade`); 0 is off.
  private var crossfadeShared = 0
  /// MPD's `mixrampdb` and `mixrampdelay`.
  private var mixRampShared = MixRampSettings()
  private var idleShared = true
  private var postedReports = 0
  /// True while the engine is inside `sink.write`: only then is there a wait for a command to cut short.
  private var writingShared = false
  /// The newest position heard, while no report has given it yet (see `heldPosition`).
  private var heldShared: HeldPosition?

  private let report: @Sendable (EngineReport) -> Void
  private let clock: TunesClock
  private let decoders: AudioDecoderFactory
  private let sink: AudioSink
  private var thread: Thread?

  // MARK: audio thread state
  private final class Active {
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
  private struct FadeOut {
    let track: Active
    /// Frames of the fade: what was left of the outgoing track when it began.
    let length: Int
    /// MixRamp's overlap: both tracks at their full gain, summed (MPD's mix ratio -1), not the fade's curve.
    let summed: Bool
    var position = 0
  }
  private enum NextDecision {
    case unknown
    case none
    case track(EngineTrack, AudioDecoder)
  }
  /// Tracks whose audio is in the sink, the one being heard first; the last is the one being written.
  private var tracks: [Active] = []
  private var next: NextDecision = .unknown
  private var fadingOut: FadeOut?
  /// The outgoing track's samples during a fade, mixed into `buffer`.
  private var fadeBuffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  private var atEnd = false
  private var paused = false
  private var sinkPaused = false
  private var sinkFormat: AudioFormat?
  /// Frames written to the sink since it was last opened or emptied.
  private var written = 0
  /// The chunk: allocated once per size, reused for every decode (no allocation in the loop).
  private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  /// Frames decoded into `buffer` that the sink has not taken yet: `pendingStart..<pendingEnd`, in the
  /// writing track's format. They belong to that track and go out before anything else is decoded.
  private var pendingStart = 0
  private var pendingEnd = 0
  /// The last position a report gave, so the next one can wait for `positionReportSeconds` of audio.
  private var lastReported: (token: UInt64, frames: Int)?

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
  private static func grow(_ buffer: inout UnsafeMutableRawBufferPointer, to capacity: Int) {
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

  /// Sends a report, after the position held back, if any: reports stay in the order things happened.
  private func send(_ r: EngineReport) {
    condition.lock()
    let held = heldShared
    heldShared = nil
    let carriesHeld = held.map { !$0.reported } ?? false
    postedReports += carriesHeld ? 2 : 1
    condition.unlock()
    if let held, carriesHeld {
      report(.position(token: held.token, frames: held.frames))
      lastReported = (held.token, held.frames)
    }
    report(r)
    if let heard = r.heardPosition { lastReported = heard }
  }

  /// The position heard after a write: reported when `positionReportSeconds` of audio have passed since
  /// the last report of this track (or it moved back), else carried by the next report; held either way
  /// for the Player to read in between.
  private func reportPosition(of track: Active) {
    let token = track.track.token
    let unheard = sink.delayFrames
    let frames = heardFrames(of: track, unheard: unheard)
    let rate = track.decoder.format.sampleRate
    let interval = Int(Double(rate) * Self.positionReportSeconds)
    let due = lastReported.map { $0.token != token || frames < $0.frames || frames - $0.frames >= interval } ?? true
    if due { send(.position(token: token, frames: frames)) }
    // Held after a report too: the Player reads the position the device has reached since this write.
    // Only a device that plays in real time goes on playing while the engine sleeps.
    condition.lock()
    heldShared = HeldPosition(
      token: token, frames: frames, after: postedReports, unheard: sink.pacesItself ? unheard : 0, at: clock.monotonic(),
      sampleRate: rate, reported: due)
    condition.unlock()
  }

  // MARK: the loop

  private func run() {
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

  private var hasWork: Bool {
    guard !tracks.isEmpty, !paused else { return false }
    if atEnd, case .unknown = next { return false }
    return true
  }

  private func handle(_ command: EngineCommand) {
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
  private func step(yielding: Bool = true) {
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
    let frames: Int
    do {
      frames = try writing.decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<capacity]))
    } catch {
      send(.failed(token: writing.track.token, path: writing.track.path, message: "\(error)"))
      atEnd = true
      reportWarnings(writing)
      return
    }
    reportWarnings(writing)
    if frames == 0 {
      atEnd = true
      return
    }
    writing.decoded += frames
    pendingStart = 0
    pendingEnd = frames
    applyVolume(frames: frames, format: format, gain: writing.track.gain)
    writePending(format: format, yielding: yielding)
  }

  /// Hands the pending samples to the sink. A write cut short by `interrupt()` leaves the rest pending:
  /// the loop carries out the commands, then comes back for it.
  private func writePending(format: AudioFormat, yielding: Bool) {
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
  private func beginWrite(yieldingToCommands yielding: Bool) {
    condition.lock()
    writingShared = true
    let commandWaits = yielding && mailbox.contains { !$0.command.waitsForTheWrite }
    condition.unlock()
    if commandWaits { sink.interrupt() }
  }

  private func writeOnce(bytesPerFrame: Int) throws -> Int {
    defer {
      condition.lock()
      writingShared = false
      condition.unlock()
    }
    return try sink.write(UnsafeRawBufferPointer(rebasing: buffer[pendingStart * bytesPerFrame..<pendingEnd * bytesPerFrame]))
  }

  /// Announces the track now heard: drops the ones whose audio has left the device.
  private func announceIfHeard() {
    let heard = written - sink.delayFrames
    while tracks.count > 1 && heard >= tracks[1].startGlobal + tracks[1].announceDelay {
      let over = tracks.removeFirst()
      // All of it has been heard: its last position, or only what the report before its last write said
      // would be told (half a second, or the whole song when the device held it all).
      let end = tracks[0].startGlobal + tracks[0].announceDelay - over.startGlobal
      if over.announced { send(.position(token: over.track.token, frames: end)) }
    }
    if let current = tracks.first, !current.announced {
      current.announced = true
      // Announced from the frame it is heard from, then what has been heard of it: a track shorter than the
      // device's buffer is announced only once the drain at the queue's end has played it all, and that
      // audio was heard all the same (it counts toward a listen).
      let heard = heardFrames(of: current)
      let from = min(current.firstFrame, heard)
      send(
        .started(
          token: current.track.token, format: current.decoder.format, totalFrames: current.decoder.totalFrames, frames: from))
      if heard > from { send(.position(token: current.track.token, frames: heard)) }
    }
  }

  /// `unheard`: the device's delay, when the caller has asked for it already.
  private func heardFrames(of track: Active, unheard: Int? = nil) -> Int {
    max(0, written - (unheard ?? sink.delayFrames) - track.startGlobal)
  }

  /// The last track ended with nothing after it: play out, report, go idle.
  private func finish() {
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
  private func drainAndReportEnd() {
    do { try sink.drain() } catch { fail(error); return }
    announceIfHeard()
    if let last = tracks.last { send(.position(token: last.track.token, frames: heardFrames(of: last))) }
  }

  /// After the device threw its buffer away (pause without pause support): continue from what was heard.
  private func refeed(from heard: Int) {
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
  private func keepOnly(_ current: Active, at frame: Int) {
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

  private func open(_ track: EngineTrack) -> AudioDecoder? {
    do {
      // Its first frames are read now: a file with no audio is refused here, like one that cannot be opened.
      return try ProbedDecoder(opening: decoders.makeDecoder(path: track.path), path: track.path)
    } catch {
      send(.failed(token: track.token, path: track.path, message: "\(error)"))
      return nil
    }
  }

  private func openSink(_ format: AudioFormat) -> Bool {
    guard sinkFormat != format else { return true }
    do {
      try sink.open(format: format)
      sinkFormat = format
      written = 0
      return true
    } catch {
      fail(error)
      return false
    }
  }

  private func dropAll() {
    // A paused device is dropped too, so the next play never writes into a paused stream.
    if !tracks.isEmpty || sinkPaused { try? sink.drop() }
    sinkPaused = false
    written = 0
    closeAll()
  }

  private func closeAll() {
    tracks = []
    next = .unknown
    atEnd = false
    fadingOut = nil
    dropPending()
  }

  /// Forgets decoded samples the sink never took (the track they belong to was dropped or moved).
  private func dropPending() {
    pendingStart = 0
    pendingEnd = 0
  }

  private func fail(_ error: Error) {
    try? sink.drop()
    closeAll()
    paused = false
    sinkFormat = nil
    send(.outputFailed("\(error)"))
  }

  private func reportWarnings(_ track: Active) {
    let warnings = track.decoder.warnings
    guard warnings.count > track.warningsReported else { return }
    for message in warnings[track.warningsReported...] {
      send(.warning(token: track.track.token, path: track.track.path, message: message))
    }
    track.warningsReported = warnings.count
  }

  // MARK: crossfade

  /// How many frames the fade into the next track lasts, when there is to be one: crossfade on, the next
  /// track known and allowed to fade in, the same format (MPD does not crossfade when the formats differ),
  /// both lengths known, and the next track longer than the crossfade (MPD's rule, so a short track is
  /// heard whole). With MixRamp on and both ramps tagged the overlap is MixRamp's, summed, or none at all
  /// when the ramps do not meet; else it is the crossfade's, under the fade's curve.
  private func fadeFrames(from writing: Active) -> (frames: Int, summed: Bool)? {
    guard case .track(let track, let decoder) = next, track.fadeIn, decoder.format == writing.decoder.format,
      writing.decoder.totalFrames != nil, let incoming = decoder.totalFrames
    else { return nil }
    condition.lock()
    let seconds = crossfadeShared
    let mixRamp = mixRampShared
    let settings = replayGainShared
    condition.unlock()
    let rate = writing.decoder.format.sampleRate
    guard seconds > 0, incoming > seconds * rate else { return nil }
    guard mixRamp.isOn, let start = track.mixRamp.start, let end = writing.track.mixRamp.end else {
      return (seconds * rate, false)
    }
    guard
      let overlap = MixRamp.overlap(
        start: start, previousEnd: end, settings: mixRamp, gainDB: Self.gainDB(track.gain, settings),
        previousGainDB: Self.gainDB(writing.track.gain, settings))
    else { return nil }
    // Compared as Doubles first: a ramp of days read from a tag would not fit an Int.
    let exact = (overlap * Double(rate)).rounded()
    guard exact > 0, exact < Double(incoming) else { return nil }
    return (Int(exact), true)
  }

  /// A song's ReplayGain as applied, in dB (0 with ReplayGain off): MixRamp's threshold moves by it.
  private static func gainDB(_ gain: SongGain, _ settings: ReplayGainSettings) -> Double {
    20 * log10(GainStage.replayGainScale(gain, mode: settings.mode, settings: settings))
  }

  /// The next track starts under the last `length` frames of `outgoing`: it becomes the track written
  /// (the Player now plans what follows it). It is heard from the fade's first frame but announced at its
  /// last, so until the fade ends the outgoing track is the current one, its position still counting.
  private func beginFade(from outgoing: Active, length: Int, summed: Bool) {
    guard case .track(let track, let decoder) = next else { return }
    next = .unknown
    atEnd = false
    let incoming = Active(track: track, decoder: decoder, startGlobal: written)
    incoming.announceDelay = length
    tracks.append(incoming)
    fadingOut = FadeOut(track: outgoing, length: length, summed: summed)
    send(.writing(token: track.token))
  }

  /// One chunk of the fade: the incoming track's samples, and as many of the outgoing one's, each scaled
  /// by its own gain and mixed by the fade's curve (CrossfadeMix).
  private func stepFade(_ incoming: Active, format: AudioFormat, yielding: Bool) {
    guard var fade = fadingOut else { return }
    let long = incoming.begun && sink.pacesItself
    let chunk = long ? Self.chunkFrames(sampleRate: format.sampleRate) : Self.shortChunkFrames
    incoming.begun = true
    let bytesPerFrame = format.bytesPerFrame
    let capacity = min(chunk, fade.length - fade.position) * bytesPerFrame
    Self.grow(&buffer, to: capacity)
    Self.grow(&fadeBuffer, to: capacity)
    let frames: Int
    do {
      frames = try incoming.decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<capacity]))
    } catch {
      send(.failed(token: incoming.track.token, path: incoming.track.path, message: "\(error)"))
      fadingOut = nil
      atEnd = true
      reportWarnings(incoming)
      return
    }
    reportWarnings(incoming)
    guard frames > 0 else {
      fadingOut = nil
      atEnd = true
      return
    }
    incoming.decoded += frames
    let outgoingFrames = readOutgoing(fade.track, frames: frames, bytesPerFrame: bytesPerFrame)
    // Where the outgoing track ended early, its part is silence.
    UnsafeMutableRawBufferPointer(rebasing: fadeBuffer[(outgoingFrames * bytesPerFrame)..<(frames * bytesPerFrame)])
      .initializeMemory(as: UInt8.self, repeating: 0)
    condition.lock()
    let volume = volumeShared
    let settings = replayGainShared
    condition.unlock()
    CrossfadeMix.mix(
      incoming: buffer, outgoing: UnsafeRawBufferPointer(fadeBuffer), frames: frames, format: format,
      at: fade.position, of: fade.length, summed: fade.summed,
      incomingScale: Self.scale(gain: incoming.track.gain, volume: volume, settings: settings),
      outgoingScale: Self.scale(gain: fade.track.track.gain, volume: volume, settings: settings))
    fade.position += frames
    fadingOut = fade.position < fade.length ? fade : nil
    pendingStart = 0
    pendingEnd = frames
    writePending(format: format, yielding: yielding)
  }

  /// Reads up to `frames` of the track fading out into `fadeBuffer`; returns how many it got.
  private func readOutgoing(_ outgoing: Active, frames: Int, bytesPerFrame: Int) -> Int {
    var got = 0
    while got < frames {
      let range = (got * bytesPerFrame)..<(frames * bytesPerFrame)
      do {
        let read = try outgoing.decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: fadeBuffer[range]))
        if read == 0 { break }
        got += read
      } catch {
        send(.warning(token: outgoing.track.token, path: outgoing.track.path, message: "\(error)"))
        break
      }
    }
    outgoing.decoded += got
    reportWarnings(outgoing)
    return got
  }

  /// The one place samples are scaled, outside a crossfade: the volume and the song's ReplayGain in one factor (GainStage),
  /// for every encoding: one rounding, none at all at a factor of 1.
  private func applyVolume(frames: Int, format: AudioFormat, gain: SongGain) {
    condition.lock()
    let volume = volumeShared
    let settings = replayGainShared
    condition.unlock()
    let scale = Self.scale(gain: gain, volume: volume, settings: settings)
    guard scale != 1 else { return }
    let count = frames * format.channels
    switch format.encoding {
    case .s16: GainStage.apply(scale, to: buffer.bindMemory(to: Int16.self), count: count)
    case .s32: GainStage.apply(scale, to: buffer.bindMemory(to: Int32.self), count: count)
    }
  }

  private static func scale(gain: SongGain, volume: Int, settings: ReplayGainSettings) -> Double {
    GainStage.scale(volume: volume, replayGain: GainStage.replayGainScale(gain, mode: settings.mode, settings: settings))
  }

  /// Volume 0–100 → linear gain: 100 is exactly 1 (bit-exact output); below, an exponential curve so
  /// that equal steps sound like equal steps (the curve MPD's software mixer uses).
  public static func gain(volume: Int) -> Double {
    if volume >= 100 { return 1 }
    if volume <= 0 { return 0 }
    return (exp(Double(volume) / 25) - 1) / (exp(4) - 1)
  }
}
