// The engine's crossfade and gain: when the fade under the end of a song begins and how long it lasts
// (the crossfade setting, or MixRamp's overlap when both songs carry ramps), mixing the outgoing track
// into the incoming one chunk by chunk (CrossfadeMix holds the arithmetic), and the software volume and
// ReplayGain applied to every chunk written. Runs on the engine thread, as the rest of the engine.
import Foundation
import TunesCore
import TunesLibrary

extension PlaybackEngine {
  /// How many frames the fade into the next track lasts, when there is to be one: crossfade on, the next
  /// track known and allowed to fade in, the same format (MPD does not crossfade when the formats differ),
  /// both lengths known, and the next track longer than the crossfade (MPD's rule, so a short track is
  /// heard whole). With MixRamp on and both ramps tagged the overlap is MixRamp's, summed, or none at all
  /// when the ramps do not meet; else it is the crossfade's, under the fade's curve.
  func fadeFrames(from writing: Active) -> (frames: Int, summed: Bool)? {
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
  static func gainDB(_ gain: StoredGain, _ settings: ReplayGainSettings) -> Double {
    20 * log10(GainStage.replayGainScale(gain, mode: settings.mode, settings: settings))
  }

  /// The next track starts under the last `length` frames of `outgoing`: it becomes the track written
  /// (the Player now plans what follows it). It is heard from the fade's first frame but announced at its
  /// last, so until the fade ends the outgoing track is the current one, its position still counting.
  func beginFade(from outgoing: Active, length: Int, summed: Bool) {
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
  func stepFade(_ incoming: Active, format: AudioFormat, yielding: Bool) {
    guard var fade = fadingOut else { return }
    let long = incoming.begun && sink.pacesItself
    let chunk = long ? Self.chunkFrames(sampleRate: format.sampleRate) : Self.shortChunkFrames
    incoming.begun = true
    let bytesPerFrame = format.bytesPerFrame
    let capacity = min(chunk, fade.length - fade.position) * bytesPerFrame
    Self.grow(&buffer, to: capacity)
    Self.grow(&fadeBuffer, to: capacity)
    guard let frames = readChunk(of: incoming, capacity: capacity) else { return }
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
  func readOutgoing(_ outgoing: Active, frames: Int, bytesPerFrame: Int) -> Int {
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
  func applyVolume(frames: Int, format: AudioFormat, gain: StoredGain) {
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

  static func scale(gain: StoredGain, volume: Int, settings: ReplayGainSettings) -> Double {
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
