// What the engine tells the Player: reports in order, each carrying the position held since the last
// one first (so the Player never misses audio heard); the position heard after a write, reported every
// `positionReportSeconds` of audio and held in between; a track announced once its first frame is heard;
// decoder warnings. Runs on the engine thread.
import Foundation
import TunesCore

extension PlaybackEngine {
  /// True from a command's post until its answer: while it is taken, carried out (a play writes its
  /// first chunk first) or waits in the mailbox. A caller holding the device's writes (the tests' fake)
  /// lets writes through only then, so audio moves no further than the command needs.
  var hasUnansweredCommands: Bool {
    condition.lock()
    defer { condition.unlock() }
    return answeredShared < nextSeq - 1
  }

  /// Sends a report, after the position held back, if any: reports stay in the order things happened.
  func send(_ r: EngineReport) {
    condition.lock()
    let held = heldShared
    heldShared = nil
    let carriesHeld = held.map { !$0.reported } ?? false
    postedReports += carriesHeld ? 2 : 1
    if case .done(let seq) = r { answeredShared = seq }
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
  func reportPosition(of track: Active) {
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

  /// Announces the track now heard: drops the ones whose audio has left the device.
  func announceIfHeard() {
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
  func heardFrames(of track: Active, unheard: Int? = nil) -> Int {
    max(0, written - (unheard ?? sink.delayFrames) - track.startGlobal)
  }

  func reportWarnings(_ track: Active) {
    let warnings = track.decoder.warnings
    guard warnings.count > track.warningsReported else { return }
    for message in warnings[track.warningsReported...] {
      send(.warning(token: track.track.token, path: track.track.path, message: message))
    }
    track.warningsReported = warnings.count
  }
}
