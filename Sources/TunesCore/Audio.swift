// The audio vocabulary between decoding, the player and the output: a PCM format and the two protocols
// the player drives. The player depends on these protocols only, so tests stand in fakes; the real
// implementations are TunesDecoder (libmpg123, libFLAC, libvorbisfile, libopusfile, FFmpeg) and TunesOutput
// (libasound). PCM moves as raw bytes so that 16- and 32-bit samples share one path.

/// How one sample is stored in the interleaved PCM that moves from decoder to device.
public enum SampleEncoding: String, Hashable, Sendable {
  /// Signed 16-bit little-endian.
  case s16
  /// Signed 32-bit little-endian. Sources of 17 to 31 bits sit left-justified (a 24-bit sample `x` is
  /// stored as `x << 8`), so every encoding is full scale and a device opened as S32_LE plays it as is.
  case s32

  public var bytes: Int { self == .s16 ? 2 : 4 }
}

/// Interleaved little-endian PCM: rate, channels, and the source's bit depth, which picks the encoding
/// (16 bits and fewer travel as s16, deeper sources as s32).
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
  public var sampleRate: Int
  public var channels: Int
  /// Significant bits per sample as the file holds them (8, 16, 24, 32); what MPD's `audio:` shows.
  public var bitsPerSample: Int

  public init(sampleRate: Int, channels: Int, bitsPerSample: Int = 16) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitsPerSample = bitsPerSample
  }

  public var encoding: SampleEncoding { bitsPerSample <= 16 ? .s16 : .s32 }
  public var bytesPerFrame: Int { channels * encoding.bytes }
  public var description: String {
    let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) ch"
    let sample =
      bitsPerSample == 16
      ? "s16le" : encoding == .s16 ? "s\(bitsPerSample) in s16le" : bitsPerSample == 32 ? "s32le" : "s\(bitsPerSample) in s32le"
    return "\(sampleRate) Hz, \(layout), \(sample)"
  }

  /// A position: the milliseconds fully played by `frames` (rounded down).
  public func milliseconds(frames: Int) -> Int { Int((Int64(frames) * 1000) / Int64(max(sampleRate, 1))) }
  /// A length, as the index records songs' durations: `frames` to the nearest millisecond.
  public func duration(frames: Int) -> Int { Self.durationMs(frames: frames, sampleRate: sampleRate) }
  public static func durationMs(frames: Int, sampleRate: Int) -> Int {
    let rate = Int64(max(sampleRate, 1))
    return Int((Int64(frames) * 1000 + rate / 2) / rate)
  }
  public func frames(milliseconds: Int) -> Int { Int((Int64(milliseconds) * Int64(sampleRate)) / 1000) }
}

/// A decoder for one file. Not Sendable: one thread (the engine's audio thread) uses it at a time.
public protocol AudioDecoder: AnyObject {
  /// The format of every sample `read` returns; fixed for the life of the decoder.
  var format: AudioFormat { get }
  /// Exact length in frames when the file says so (Xing/Info header, gapless), else an estimate or nil.
  var totalFrames: Int? { get }
  /// The frame `read` returns next.
  var positionFrames: Int { get }
  /// Fills `buffer` with whole interleaved frames in `format.encoding` (as many as fit in its bytes);
  /// returns the number of frames, 0 at the end of the file. Corrupt frames in the middle of a file are
  /// skipped (see `warnings`); only unrecoverable errors throw.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// Moves to `frame` (sample-accurate); returns the frame reached.
  @discardableResult func seek(toFrame frame: Int) throws -> Int
  /// Problems skipped over so far (e.g. "frame 1234: bad header"), for the player to report.
  var warnings: [String] { get }
}

/// Opens decoders; the player asks it for each song.
public protocol AudioDecoderFactory: Sendable {
  func makeDecoder(path: String) throws -> AudioDecoder
}

/// Where PCM goes: an ALSA device, a file, or a counter in tests. Not Sendable: only the engine's
/// audio thread calls it, except `interrupt()`, which any thread may call.
public protocol AudioSink: AnyObject {
  /// (Re)configures the device for `format`; a no-op when already open with that format.
  func open(format: AudioFormat) throws
  /// Plays whole interleaved frames in the opened format's encoding; blocks while the device buffer is
  /// full; returns frames consumed.
  func write(_ frames: UnsafeRawBufferPointer) throws -> Int
  /// Frames written but not yet heard (the device's delay); 0 for devices that do not pace.
  var delayFrames: Int { get }
  /// True when the device itself plays in real time (a sound card); false for `null` and `file`.
  var pacesItself: Bool { get }
  /// Stops output. Returns true when the buffered audio was kept (resume continues from it), false when
  /// the device could not pause and dropped it: the caller then re-feeds from the position it had reached.
  @discardableResult func pause() throws -> Bool
  func resume() throws
  /// Throws away buffered audio (seek, skip, stop).
  func drop() throws
  /// Waits until everything written has been played.
  func drain() throws
  func close()
  /// Makes a `write` blocked waiting for room return soon with the frames it took so far, so the caller
  /// can attend to something else (a pause, a seek); the next `write` waits as usual. Any thread.
  func interrupt()
}

extension AudioSink {
  /// Devices whose writes never wait long have nothing to cut short.
  public func interrupt() {}
}
