// One MP3 file decoded by libmpg123 to interleaved s16le: gapless, sample-accurate seek, exact length,
// damaged frames skipped with a warning. Not thread-safe: libmpg123 forbids sharing a handle between
// threads, so the engine's audio thread alone uses a decoder. It opens MP3 files only: libmpg123 finds
// false frame syncs in FLAC, Ogg and MP4 data and would decode them to made-up audio, so a file whose
// first bytes say another format is refused before libmpg123 sees it.
import CMPG123
import Glibc
import TunesCore

public final class MPG123Decoder: AudioDecoder {
  public let path: String
  public let format: AudioFormat
  public let totalFrames: Int?
  /// True when `totalFrames` is exact: from a Xing/Info/VBRI header, or from a full scan of the file.
  public let lengthIsExact: Bool
  public private(set) var warnings: [String] = []

  /// How far libmpg123 may search for the next valid frame after damage. 64 KiB skips a damaged
  /// region of dozens of frames, yet gives up quickly on a file that is not MPEG audio at all.
  static let resyncLimitBytes = 65536

  private let handle: OpaquePointer
  /// The decoded frame libmpg123 handed out last (its internal buffer, valid until the next decode call).
  private var chunk: UnsafePointer<Int16>?
  private var chunkSamples = 0
  private var chunkConsumed = 0
  /// The frame `read` returns next: mpg123_tell after open or seek, then counted as frames are handed out
  /// (mpg123_tell lags behind by a block when frames are taken with mpg123_decode_frame).
  public private(set) var positionFrames = 0
  /// Where the next MPEG frame should start if nothing was skipped; nil right after open or seek.
  private var expectedFrameOffset: Int?
  /// True while libmpg123 reports a format other than `format` (damage that looks like a foreign header).
  private var inForeignFormat = false

  public init(path: String) throws {
    let container = try ContainerSniffer.sniff(path: path)
    guard container == .mp3 else {
      throw DecoderError.notMP3(path: path, reason: "the file is \(container.displayName), not MPEG audio")
    }
    var status: Int32 = 0
    guard let handle = mpg123_new(nil, &status) else {
      throw DecoderError.noHandle(library: "libmpg123", reason: Self.text(status))
    }
    do {
      let opened = try Self.open(handle, path: path)
      self.handle = handle
      self.path = path
      self.format = opened.format
      self.totalFrames = opened.totalFrames
      self.lengthIsExact = opened.exact
      // What plays is the length, but the file is not the whole song: said, so that nothing measured
      // from it (its loudness) is stored as the song's.
      if let cutShort = opened.cutShort { warn(cutShort) }
    } catch {
      mpg123_delete(handle)
      throw error
    }
  }

  deinit {
    mpg123_close(handle)
    mpg123_delete(handle)
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let raw = buffer.baseAddress else { return 0 }
    let base = raw.assumingMemoryBound(to: Int16.self)
    let capacity = (buffer.count / format.bytesPerFrame) * format.channels
    var filled = 0
    while filled < capacity {
      let available = chunkSamples - chunkConsumed
      if chunk == nil || available == 0 {
        guard try decodeNextFrame() else { break }
        continue
      }
      let count = min(capacity - filled, available)
      (base + filled).update(from: chunk! + chunkConsumed, count: count)
      filled += count
      chunkConsumed += count
    }
    positionFrames += filled / format.channels
    return filled / format.channels
  }

  @discardableResult public func seek(toFrame frame: Int) throws -> Int {
    let reached = mpg123_seek(handle, max(0, frame), SEEK_SET)
    guard reached >= 0 else {
      throw DecoderError.seekFailed(path: path, frame: frame, reason: Self.text(mpg123_errcode(handle)))
    }
    chunk = nil
    chunkSamples = 0
    chunkConsumed = 0
    expectedFrameOffset = nil
    inForeignFormat = false
    positionFrames = max(0, Int(mpg123_tell(handle)))
    return positionFrames
  }

  // MARK: Decoding

  /// Decodes MPEG frames until one yields audio in `format`; false at the end of the file.
  private func decodeNextFrame() throws -> Bool {
    while true {
      var frameNumber = 0
      var audio: UnsafeMutablePointer<UInt8>?
      var bytes = 0
      let status = mpg123_decode_frame(handle, &frameNumber, &audio, &bytes)
      switch status {
      case MPG123_OK.rawValue:
        noteSkippedBytes(frame: frameNumber)
        guard !inForeignFormat, bytes > 0, let audio else { continue }
        chunk = UnsafeRawPointer(audio).assumingMemoryBound(to: Int16.self)
        chunkSamples = bytes / 2
        chunkConsumed = 0
        return true
      case MPG123_NEW_FORMAT.rawValue:
        noteFormatChange(frame: frameNumber)
      case MPG123_DONE.rawValue:
        chunk = nil
        return false
      default:
        throw DecoderError.decodeFailed(path: path, frame: frameNumber, reason: Self.text(mpg123_errcode(handle)))
      }
    }
  }

  /// libmpg123 resyncs silently over damaged bytes; a gap between the end of one frame and the start of
  /// the next is how we see that it did.
  private func noteSkippedBytes(frame: Int) {
    let offset = Int(mpg123_framepos(handle))
    var info = mpg123_frameinfo2()
    let size = mpg123_info2(handle, &info) == MPG123_OK.rawValue ? Int(info.framesize) : 0
    if let expected = expectedFrameOffset, offset > expected {
      warn("frame \(frame): skipped \(offset - expected) damaged bytes at byte \(expected)")
    }
    expectedFrameOffset = size > 0 ? offset + size : nil
  }

  /// Damage can look like a frame header of another rate or channel count; the decoder's format is fixed
  /// for its life, so audio in another format is dropped until the stream is back in ours.
  private func noteFormatChange(frame: Int) {
    var rate = 0
    var channels: Int32 = 0
    var encoding: Int32 = 0
    guard mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue else { return }
    let now = AudioFormat(sampleRate: rate, channels: Int(channels))
    let foreign = now != format
    if foreign && !inForeignFormat {
      warn("frame \(frame): stream switched to \(now); skipping those frames")
    }
    inForeignFormat = foreign
  }

  private func warn(_ message: String) {
    DecoderWarnings.append(message, to: &warnings, suppressed: "more damaged frames follow; further warnings suppressed")
  }

  // MARK: Opening

  private static func open(_ handle: OpaquePointer, path: String) throws -> (
    format: AudioFormat, totalFrames: Int?, exact: Bool, cutShort: String?
  ) {
    mpg123_param2(handle, Int32(MPG123_FLAGS.rawValue), Int(MPG123_GAPLESS.rawValue | MPG123_QUIET.rawValue), 0)
    mpg123_param2(handle, Int32(MPG123_RESYNC_LIMIT.rawValue), resyncLimitBytes, 0)

    errno = 0
    guard mpg123_open(handle, path) == MPG123_OK.rawValue else {
      var reason = text(mpg123_errcode(handle))
      if errno != 0 { reason += " (\(String(cString: strerror(errno))))" }
      throw DecoderError.cannotOpen(path: path, reason: reason)
    }
    var rate = 0
    var channels: Int32 = 0
    var encoding: Int32 = 0
    let status = mpg123_getformat(handle, &rate, &channels, &encoding)
    if status == MPG123_DONE.rawValue {
      throw DecoderError.notMP3(path: path, reason: "no MPEG audio frame found")
    }
    guard status == MPG123_OK.rawValue, rate > 0, channels > 0 else {
      throw DecoderError.notMP3(path: path, reason: text(mpg123_errcode(handle)))
    }
    // Signed 16-bit only. Every rate stays allowed so libmpg123 keeps the file's own rate and does not
    // stop at a damaged header of another rate (such frames are dropped in noteFormatChange instead).
    mpg123_format_none(handle)
    var rates: UnsafePointer<Int>?
    var rateCount = 0
    mpg123_rates(&rates, &rateCount)
    for index in 0..<rateCount {
      mpg123_format(
        handle, rates![index], Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue), Int32(MPG123_ENC_SIGNED_16.rawValue))
    }

    let header = InfoHeaderProbe.examine(path: path, firstAudioFrame: Int(mpg123_framepos(handle)))
    // No header with the frame count (or one the file does not hold): count the frames (reads the file
    // once, decodes nothing).
    let scanned = header != .exact && mpg123_scan(handle) == MPG123_OK.rawValue
    let length = mpg123_length(handle)
    var cutShort: String?
    if case .cutShort(let promised, let held) = header {
      cutShort = "the Xing/Info header counts \(promised) bytes but the file holds \(held) (truncated)"
    }
    return (
      AudioFormat(sampleRate: rate, channels: Int(channels)), length >= 0 ? Int(length) : nil, header == .exact || scanned,
      cutShort
    )
  }

  static func text(_ code: Int32) -> String {
    String(cString: mpg123_plain_strerror(code))
  }
}
