// The Xing/Info header that encoders put in the first (silent) Layer III frame: frame and byte counts of
// the stream, and LAME's extension holding the encoder delay and padding that gapless players trim.

public struct XingHeader: Sendable, Equatable {
  /// "Xing" (VBR) or "Info" (CBR, written by LAME).
  public var tag: String
  /// Audio frames in the stream, not counting the frame holding this header.
  public var frames: Int?
  /// Bytes of the stream, this frame included.
  public var bytes: Int?
  /// The LAME extension, when present.
  public var lame: LAMEInfo?

  /// Parses the Xing/Info header of the Layer III frame that starts `bytes` (the frame header first).
  public init?(_ bytes: [UInt8]) {
    guard let header = MPEGFrameHeader(bytes) else { return nil }
    guard let found = bytes.withUnsafeBytes({ XingHeader(in: $0, frameAt: 0, header: header) }) else { return nil }
    self = found
  }

  /// Looks for the header inside the frame at `frame`. Writers disagree on whether a CRC moves it, so
  /// both places are tried.
  init?(in buffer: UnsafeRawBufferPointer, frameAt frame: Int, header: MPEGFrameHeader) {
    guard header.layer == 3 else { return nil }
    let frameEnd = min(buffer.count, frame + header.frameLength)
    var start = frame + header.xingOffset
    if !(buffer.matches("Xing", at: start) || buffer.matches("Info", at: start)) {
      start += 2
      guard header.isProtected, buffer.matches("Xing", at: start) || buffer.matches("Info", at: start) else {
        return nil
      }
    }
    guard start + 8 <= frameEnd else { return nil }
    tag = buffer.matches("Xing", at: start) ? "Xing" : "Info"
    let flags = buffer.be32(start + 4)
    var p = start + 8
    frames = nil
    bytes = nil
    if flags & 1 != 0 {
      guard p + 4 <= frameEnd else { return nil }
      frames = Int(buffer.be32(p))
      p += 4
    }
    if flags & 2 != 0 {
      guard p + 4 <= frameEnd else { return nil }
      bytes = Int(buffer.be32(p))
      p += 4
    }
    if flags & 4 != 0 { p += 100 }  // seek table
    if flags & 8 != 0 { p += 4 }  // quality
    lame = LAMEInfo(buffer, at: p, end: frameEnd)
  }
}

/// LAME's extension of the Xing header: the encoder name, the ReplayGain LAME measured while encoding, and
/// the gapless delay and padding.
public struct LAMEInfo: Sendable, Equatable {
  /// The encoder's 9-byte name, e.g. "LAME3.100" (ffmpeg writes "Lavf"/"Lavc" in the same format).
  public var encoder: String
  /// Samples the encoder added before the audio.
  public var delay: Int
  /// Samples the encoder added after the audio.
  public var padding: Int
  /// LAME's "Radio" gain as the track gain, its "Audiophile" gain as the album gain, and its peak (set
  /// only with --replaygain-accurate) as the track peak. Tagged ReplayGain wins over these.
  public var replayGain = ReplayGainTags()

  init?(_ buffer: UnsafeRawBufferPointer, at p: Int, end: Int) {
    guard p + 24 <= end, buffer.has(p, 24) else { return nil }
    guard
      buffer.matches("LAME", at: p) || buffer.matches("Lavf", at: p) || buffer.matches("Lavc", at: p)
        || buffer.matches("GOGO", at: p)
    else { return nil }
    var nameEnd = p
    while nameEnd < p + 9 && buffer[nameEnd] >= 0x20 && buffer[nameEnd] < 0x7F { nameEnd += 1 }
    encoder = String(decoding: buffer.sub(p..<nameEnd), as: UTF8.self)
    // 12 bits of delay then 12 bits of padding, 21 bytes after the name's start.
    delay = Int(buffer[p + 21]) << 4 | Int(buffer[p + 22]) >> 4
    padding = Int(buffer[p + 22] & 0x0F) << 8 | Int(buffer[p + 23])
    // The peak is a 9.23 fixed-point number; each gain is 16 bits: a 3-bit name (1 radio, 2 audiophile),
    // a 3-bit originator (0: not set), a sign bit and 9 bits of tenths of a dB.
    let peak = buffer.be32(p + 11)
    if peak != 0 { replayGain.trackPeak = Double(peak) / Double(1 << 23) }
    for at in [p + 15, p + 17] {
      let field = Int(buffer[at]) << 8 | Int(buffer[at + 1])
      let name = field >> 13
      let originator = (field >> 10) & 7
      guard originator != 0 else { continue }
      let gain = Double(field & 0x1FF) / 10 * (field & 0x200 != 0 ? -1 : 1)
      if name == 1 { replayGain.trackGain = gain } else if name == 2 { replayGain.albumGain = gain }
    }
  }
}
