// Audio properties of an MPEG stream without decoding it: the first real frame (checked against the frame
// that follows it), then the length from a Xing/Info header (minus LAME's encoder delay and padding), a
// VBRI header, or by walking every frame header to the end.

import TunesCore

#if canImport(Glibc)
  import Glibc
#endif

enum MPEGStream {
  enum Failure: Error, Equatable {
    /// No frame anywhere: not MPEG audio.
    case noFrame(String)
    /// A frame starts but the file ends inside it.
    case truncated(String)
    /// The answer needs bytes that are not loaded (see Coverage).
    case needWholeFile
  }

  struct Result {
    var properties: AudioProperties
    var warnings: [String]
    /// ReplayGain from the LAME header, which tagged values override.
    var replayGain = ReplayGainTags()
    /// PCM samples per channel of each frame (the first frame's; a stream does not change it), for the
    /// SYLT lines timed in frames.
    var samplesPerFrame = 0
  }

  /// The first frame at or after `from` whose successor also parses (or which ends exactly at `to`).
  /// A lone 0xFF-byte pattern in garbage rarely passes both checks.
  static func firstFrame(
    _ buffer: UnsafeRawBufferPointer, from: Int, to end: Int, coverage: Coverage
  ) -> Swift.Result<(offset: Int, header: MPEGFrameHeader), Failure> {
    guard let base = buffer.baseAddress, from >= 0, end <= buffer.count else {
      return .failure(.noFrame("no audio after the tags"))
    }
    // Search the loaded bytes from `from` on only (the head, or what was loaded after a large tag); if the
    // frame is not there, the whole file is needed.
    let to = min(end, coverage.loadedEnd(from: from))
    var i = from
    var cutFrame: Int? = nil
    while i + 4 <= to {
      // Jump to the next 0xFF with memchr rather than a byte-by-byte Swift loop.
      guard let hit = memchr(base + i, 0xFF, to - i - 3) else { break }
      i = base.distance(to: UnsafeRawPointer(hit))
      if let header = MPEGFrameHeader(word: buffer.be32(i)) {
        let next = i + header.frameLength
        if next + 4 <= to {
          if let following = MPEGFrameHeader(word: buffer.be32(next)), following.isCompatible(header) {
            return .success((i, header))
          }
        } else if to < end {
          return .failure(.needWholeFile)  // its successor is not loaded: cannot check it
        } else if next == to || (next > to - 4 && next <= to) {
          return .success((i, header))
        } else if cutFrame == nil {
          cutFrame = i
        }
      }
      i += 1
    }
    if to < end { return .failure(.needWholeFile) }
    if let cut = cutFrame, cut == from {
      return .failure(.truncated("the file ends inside the first audio frame at byte \(cut)"))
    }
    return .failure(.noFrame("no MPEG audio frame in the \(max(0, to - from)) bytes from byte \(from)"))
  }

  /// True when the bytes at `frame` (loaded up to `loadedEnd`) are a Layer I-III frame followed by a
  /// compatible one, with neither a Xing/Info nor a VBRI header in it: a stream whose length `analyze`
  /// can only find by walking every frame, so its reader needs the whole file. False when unsure (junk
  /// first, another tag): the parse then decides as usual, and a file read whole parses the same.
  static func needsFrameWalk(_ buffer: UnsafeRawBufferPointer, frameAt frame: Int, loadedEnd: Int) -> Bool {
    guard frame >= 0, frame + 4 <= loadedEnd, let header = MPEGFrameHeader(word: buffer.be32(frame)) else { return false }
    let next = frame + header.frameLength
    guard next + 4 <= loadedEnd, let following = MPEGFrameHeader(word: buffer.be32(next)), following.isCompatible(header)
    else { return false }
    return XingHeader(in: buffer, frameAt: frame, header: header) == nil && VBRIHeader(in: buffer, frameAt: frame) == nil
  }

  /// Analyses the audio region `start..<end` of `buffer`.
  static func analyze(
    _ buffer: UnsafeRawBufferPointer, start: Int, end: Int, coverage: Coverage
  ) -> Swift.Result<Result, Failure> {
    if end <= start {
      return .failure(.truncated("no audio after the tags (the file ends at byte \(buffer.count))"))
    }
    let first: (offset: Int, header: MPEGFrameHeader)
    switch firstFrame(buffer, from: start, to: end, coverage: coverage) {
    case .success(let found): first = found
    case .failure(let failure): return .failure(failure)
    }
    var warnings: [String] = []
    if first.offset > start {
      warnings.append("\(first.offset - start) bytes of junk before the first audio frame at byte \(first.offset)")
    }
    let header = first.header
    let audioLength = end - first.offset
    // The first frame (Xing/Info/VBRI) and both hashed ends must be loaded.
    let hashed =
      audioLength <= 2 * AudioHash.window
      ? [first.offset..<end] : [first.offset..<first.offset + AudioHash.window, end - AudioHash.window..<end]
    guard coverage.covers(first.offset..<min(end, first.offset + header.frameLength)),
      hashed.allSatisfy({ coverage.covers($0) })
    else { return .failure(.needWholeFile) }
    var properties = AudioProperties(
      durationMs: 0, sampleRate: header.sampleRate, channels: header.channels, bitrate: header.bitrate,
      lengthSource: "frames", audioOffset: first.offset, audioLength: audioLength,
      audioHash: AudioHash.hex(buffer, first.offset..<end))
    properties.mpegVersion = header.version.name
    properties.layer = header.layer

    var samples: Int? = nil
    var streamBytes = audioLength
    var walkFrom = first.offset
    var lame: LAMEInfo? = nil
    if let xing = XingHeader(in: buffer, frameAt: first.offset, header: header) {
      lame = xing.lame
      properties.encoder = xing.lame?.encoder
      walkFrom = first.offset + header.frameLength  // the header's frame is not audio
      if let frames = xing.frames, frames > 0 {
        if let bytes = xing.bytes, audioLength < bytes, first.offset + audioLength != bytes {
          warnings.append(
            "audio is truncated: the \(xing.tag) header promises \(bytes) bytes, the file holds \(audioLength); length found by walking the frames"
          )
        } else if frames * 24 > audioLength + 24 {
          warnings.append("the \(xing.tag) header's frame count \(frames) does not fit \(audioLength) bytes; ignored")
        } else {
          var total = frames * header.samplesPerFrame
          if let lame { total -= lame.delay + lame.padding }
          samples = max(0, total)
          // The byte count includes the header's own frame; the frame count does not.
          streamBytes = (xing.bytes ?? audioLength) - header.frameLength
          properties.lengthSource = xing.tag
          let seconds = Double(frames * header.samplesPerFrame) / Double(header.sampleRate)
          properties.bitrate = seconds > 0 ? Int((Double(streamBytes) * 8 / seconds / 1000).rounded()) : header.bitrate
        }
      }
    } else if let vbri = VBRIHeader(in: buffer, frameAt: first.offset), vbri.frames > 0,
      vbri.frames * 24 <= audioLength + 24
    {
      samples = vbri.frames * header.samplesPerFrame
      properties.lengthSource = "VBRI"
      let seconds = Double(samples!) / Double(header.sampleRate)
      properties.bitrate = seconds > 0 ? Int((Double(vbri.bytes) * 8 / seconds / 1000).rounded()) : header.bitrate
    }
    if samples == nil {
      guard coverage.isWhole else { return .failure(.needWholeFile) }
      let walk = walkFrames(buffer, from: walkFrom, to: end, like: header)
      warnings += walk.warnings
      var total = walk.samples
      // With a LAME tag but no usable end (truncated audio), a gapless decoder still trims the start:
      // the encoder delay plus the Layer III decoder's own delay. mpg123 does exactly this.
      if let lame { total -= lame.delay + layer3DecoderDelay }
      samples = max(0, total)
      properties.lengthSource = "frames"
      let seconds = Double(walk.samples) / Double(header.sampleRate)
      properties.bitrate = seconds > 0 ? Int((Double(walk.bytes) * 8 / seconds / 1000).rounded()) : header.bitrate
    }
    let count = samples ?? 0
    properties.sampleCount = count
    properties.durationMs = AudioFormat.durationMs(frames: count, sampleRate: header.sampleRate)
    return .success(
      Result(
        properties: properties, warnings: warnings, replayGain: lame?.replayGain ?? ReplayGainTags(),
        samplesPerFrame: header.samplesPerFrame))
  }

  /// Samples of delay the Layer III synthesis adds, which gapless decoders trim along with the encoder's.
  static let layer3DecoderDelay = 529

  struct Walk {
    var frames = 0
    var samples = 0
    var bytes = 0
    var warnings: [String] = []
  }

  /// Sums the frames from `from` to `to` by their headers alone. Garbage inside the stream is skipped up to
  /// the next pair of good frames; a frame cut off by the end of the audio is not counted.
  static func walkFrames(_ buffer: UnsafeRawBufferPointer, from: Int, to: Int, like first: MPEGFrameHeader) -> Walk {
    var walk = Walk()
    var pos = from
    var lostSync = 0
    var skipped = 0
    var firstLoss = 0
    while pos + 4 <= to {
      if let h = MPEGFrameHeader(word: buffer.be32(pos)), h.isCompatible(first) {
        let next = pos + h.frameLength
        if next > to {
          walk.warnings.append(
            "the last audio frame at byte \(pos) is cut off (\(to - pos) of \(h.frameLength) bytes); not counted")
          return walk
        }
        walk.frames += 1
        walk.samples += h.samplesPerFrame
        walk.bytes += h.frameLength
        pos = next
        continue
      }
      // Lost sync: find the next frame that is followed by another (or ends the stream).
      var i = pos + 1
      var found: Int? = nil
      while i + 4 <= to {
        if buffer[i] == 0xFF, let h = MPEGFrameHeader(word: buffer.be32(i)), h.isCompatible(first) {
          let next = i + h.frameLength
          if next == to
            || (next + 4 <= to && MPEGFrameHeader(word: buffer.be32(next)).map { $0.isCompatible(first) } == true)
          {
            found = i
            break
          }
        }
        i += 1
      }
      guard let resume = found else {
        if to - pos > 0 {
          walk.warnings.append("\(to - pos) bytes of garbage after the last audio frame at byte \(pos); ignored")
        }
        break
      }
      if lostSync == 0 { firstLoss = pos }
      lostSync += 1
      skipped += resume - pos
      pos = resume
    }
    if lostSync > 0 {
      walk.warnings.append(
        "lost frame sync \(lostSync) time(s), first at byte \(firstLoss); \(skipped) bytes of garbage skipped")
    }
    return walk
  }
}
