// One FLAC file decoded by libFLAC: 16-bit and shallower sources as s16, deeper ones as s32 (left-justified),
// so the samples reach the device exactly as `flac -d` writes them. libFLAC skips an ID3v2 tag in front
// of the stream itself. FLAC in Ogg (`flac --ogg`, .oga) goes through libFLAC's own Ogg layer
// (FLAC__stream_decoder_init_ogg_file), which Debian's libFLAC is built with. Seeking is sample-accurate (libFLAC trims the block it lands in). Not thread-safe:
// the engine's audio thread alone uses a decoder.
import CFLAC
import Glibc
import TunesCore

public final class FLACDecoder: AudioDecoder {
  public let path: String
  /// Both fixed once the stream info is read, before init returns.
  public private(set) var format = AudioFormat(sampleRate: 0, channels: 0)
  public private(set) var totalFrames: Int?
  public private(set) var positionFrames = 0
  public private(set) var warnings: [String] = []

  private let decoder: UnsafeMutablePointer<FLAC__StreamDecoder>
  /// The block libFLAC decoded last, interleaved in `format.encoding`; `blockConsumed` frames of
  /// `blockFrames` are already handed out.
  private var block = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  private var blockFrames = 0
  private var blockConsumed = 0
  /// Filled in by the callbacks while libFLAC reads the metadata.
  private var streamInfo: FLAC__StreamMetadata_StreamInfo?
  /// Set by the write callback when a block's shape does not match the stream's (a damaged frame).
  private var callbackError: String?
  private var frameNumber = 0
  /// Set by a seek to the end: `read` returns nothing until the next seek.
  private var pastEnd = false

  /// The stream is FLAC in Ogg rather than a native FLAC file.
  private let inOgg: Bool

  public init(path: String, inOgg: Bool = false) throws {
    guard let decoder = FLAC__stream_decoder_new() else {
      throw DecoderError.noHandle(library: "libFLAC", reason: "out of memory")
    }
    self.decoder = decoder
    self.path = path
    self.inOgg = inOgg
    let opened = try openStream()
    self.format = opened.format
    self.totalFrames = opened.totalFrames
  }

  deinit {
    FLAC__stream_decoder_finish(decoder)
    FLAC__stream_decoder_delete(decoder)
    block.deallocate()
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let bytesPerFrame = format.bytesPerFrame
    let capacity = buffer.count / bytesPerFrame
    var filled = 0
    while filled < capacity {
      if blockConsumed == blockFrames {
        guard try decodeNextBlock() else { break }
        continue
      }
      let count = min(capacity - filled, blockFrames - blockConsumed)
      (base + filled * bytesPerFrame).copyMemory(
        from: block.baseAddress! + blockConsumed * bytesPerFrame, byteCount: count * bytesPerFrame)
      filled += count
      blockConsumed += count
    }
    positionFrames += filled
    return filled
  }

  @discardableResult public func seek(toFrame frame: Int) throws -> Int {
    let target = max(0, frame)
    if let totalFrames, target >= totalFrames {
      // libFLAC refuses a target past the last sample; such a seek lands at the end of the file.
      blockFrames = 0
      blockConsumed = 0
      pastEnd = true
      positionFrames = totalFrames
      return totalFrames
    }
    pastEnd = false
    blockFrames = 0
    blockConsumed = 0
    guard FLAC__stream_decoder_seek_absolute(decoder, FLAC__uint64(target)) != 0 else {
      let reason = Self.stateText(FLAC__stream_decoder_get_state(decoder))
      FLAC__stream_decoder_flush(decoder)
      throw DecoderError.seekFailed(path: path, frame: frame, reason: reason)
    }
    positionFrames = target
    return target
  }

  // MARK: Decoding

  /// Decodes one block into `block`; false at the end of the stream.
  private func decodeNextBlock() throws -> Bool {
    while true {
      if pastEnd || FLAC__stream_decoder_get_state(decoder) == FLAC__STREAM_DECODER_END_OF_STREAM { return false }
      blockFrames = 0
      blockConsumed = 0
      let ok = FLAC__stream_decoder_process_single(decoder) != 0
      if let callbackError {
        self.callbackError = nil
        throw DecoderError.decodeFailed(path: path, frame: frameNumber, reason: callbackError)
      }
      guard ok else {
        throw DecoderError.decodeFailed(
          path: path, frame: frameNumber, reason: Self.stateText(FLAC__stream_decoder_get_state(decoder)))
      }
      if blockFrames > 0 { return true }
    }
  }

  /// Interleaves one decoded block; samples are shifted to the top of their s16 or s32 container.
  fileprivate func take(frame: UnsafePointer<FLAC__Frame>, channelData: UnsafePointer<UnsafePointer<FLAC__int32>?>) {
    let header = frame.pointee.header
    let frames = Int(header.blocksize)
    let channels = format.channels
    frameNumber += 1
    guard Int(header.channels) == channels, Int(header.bits_per_sample) == format.bitsPerSample else {
      callbackError = "a block of \(header.channels) channels at \(header.bits_per_sample) bits in a stream of \(format)"
      return
    }
    let needed = frames * format.bytesPerFrame
    if block.count < needed {
      block.deallocate()
      block = .allocate(byteCount: needed, alignment: 16)
    }
    switch format.encoding {
    case .s16:
      let out = block.bindMemory(to: Int16.self).baseAddress!
      let shift = Int32(16 - format.bitsPerSample)
      for channel in 0..<channels {
        let samples = channelData[channel]!
        var index = channel
        for frame in 0..<frames {
          out[index] = Int16(truncatingIfNeeded: samples[frame] << shift)
          index += channels
        }
      }
    case .s32:
      let out = block.bindMemory(to: Int32.self).baseAddress!
      let shift = Int32(32 - format.bitsPerSample)
      for channel in 0..<channels {
        let samples = channelData[channel]!
        var index = channel
        for frame in 0..<frames {
          out[index] = samples[frame] << shift
          index += channels
        }
      }
    }
    blockFrames = frames
  }

  fileprivate func note(metadata: UnsafePointer<FLAC__StreamMetadata>) {
    guard metadata.pointee.type == FLAC__METADATA_TYPE_STREAMINFO else { return }
    streamInfo = metadata.pointee.data.stream_info
  }

  fileprivate func note(error: FLAC__StreamDecoderErrorStatus) {
    let message: String
    switch error {
    case FLAC__STREAM_DECODER_ERROR_STATUS_LOST_SYNC: message = "lost sync; skipped to the next frame"
    case FLAC__STREAM_DECODER_ERROR_STATUS_BAD_HEADER: message = "bad frame header; frame skipped"
    case FLAC__STREAM_DECODER_ERROR_STATUS_FRAME_CRC_MISMATCH: message = "frame CRC mismatch; frame replaced by silence"
    default: message = "unparseable stream data"
    }
    DecoderWarnings.append(
      "frame \(frameNumber): \(message)", to: &warnings, suppressed: "more damaged frames follow; further warnings suppressed")
  }

  // MARK: Opening

  private func openStream() throws -> (format: AudioFormat, totalFrames: Int?) {
    FLAC__stream_decoder_set_md5_checking(decoder, 0)
    let me = Unmanaged.passUnretained(self).toOpaque()
    let status =
      inOgg
      ? FLAC__stream_decoder_init_ogg_file(decoder, path, flacWrite, flacMetadata, flacError, me)
      : FLAC__stream_decoder_init_file(decoder, path, flacWrite, flacMetadata, flacError, me)
    guard status == FLAC__STREAM_DECODER_INIT_STATUS_OK else {
      let reason =
        status == FLAC__STREAM_DECODER_INIT_STATUS_ERROR_OPENING_FILE
        ? String(cString: strerror(errno)) : "libFLAC refused to start (init status \(status.rawValue))"
      throw DecoderError.cannotOpen(path: path, reason: reason)
    }
    guard FLAC__stream_decoder_process_until_end_of_metadata(decoder) != 0, let info = streamInfo else {
      throw DecoderError.invalid(
        path: path, format: inOgg ? "Ogg FLAC" : "FLAC", reason: Self.stateText(FLAC__stream_decoder_get_state(decoder)))
    }
    guard info.sample_rate > 0, info.channels > 0, (4...32).contains(info.bits_per_sample) else {
      throw DecoderError.invalid(
        path: path, format: "FLAC",
        reason: "stream info says \(info.sample_rate) Hz, \(info.channels) channels, \(info.bits_per_sample) bits")
    }
    let format = AudioFormat(
      sampleRate: Int(info.sample_rate), channels: Int(info.channels), bitsPerSample: Int(info.bits_per_sample))
    guard info.total_samples > 0 else { return (format, nil) }
    let total = Int(info.total_samples)
    // A file cut short still carries the whole stream's count: its last frame says what it plays, as the
    // library's length says (FLACTail), so the clocks, the progress bar and the listen rule use that.
    if !inOgg, let held = heldSamples(total: total, info: info) { return (format, held) }
    return (format, total)
  }

  /// The samples the file holds when its tail shows it cut short of `total` (FLACTail); nil otherwise.
  private func heldSamples(total: Int, info: FLAC__StreamMetadata_StreamInfo) -> Int? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let size = Int(lseek(fd, 0, SEEK_END))
    let count = min(size, FLACTail.bytesNeeded(maxFrameSize: Int(info.max_framesize)))
    guard count > 0 else { return nil }
    let tail = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    defer { tail.deallocate() }
    guard pread(fd, tail.baseAddress, count, off_t(size - count)) == count else { return nil }
    return FLACTail.samplesHeld(
      tail: UnsafeRawBufferPointer(tail), total: total, blockSize: Int(info.min_blocksize), channels: Int(info.channels))
  }

  /// libFLAC's decoder states in words (its own string table is an array of unknown size, which Swift
  /// cannot import).
  static func stateText(_ state: FLAC__StreamDecoderState) -> String {
    switch state {
    case FLAC__STREAM_DECODER_SEARCH_FOR_METADATA: "no FLAC stream found"
    case FLAC__STREAM_DECODER_READ_METADATA: "damaged metadata"
    case FLAC__STREAM_DECODER_SEARCH_FOR_FRAME_SYNC: "no frame sync found"
    case FLAC__STREAM_DECODER_READ_FRAME: "damaged frame"
    case FLAC__STREAM_DECODER_END_OF_STREAM: "the stream ends early"
    case FLAC__STREAM_DECODER_OGG_ERROR: "Ogg layer error"
    case FLAC__STREAM_DECODER_SEEK_ERROR: "seek failed"
    case FLAC__STREAM_DECODER_ABORTED: "decoding aborted"
    case FLAC__STREAM_DECODER_MEMORY_ALLOCATION_ERROR: "out of memory"
    default: "decoder state \(state.rawValue)"
    }
  }
}

// libFLAC's callbacks: C function pointers, so they find the decoder through client_data.

private func flacWrite(
  _: UnsafePointer<FLAC__StreamDecoder>?, frame: UnsafePointer<FLAC__Frame>?,
  buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>?, client: UnsafeMutableRawPointer?
) -> FLAC__StreamDecoderWriteStatus {
  guard let frame, let buffer, let client else { return FLAC__STREAM_DECODER_WRITE_STATUS_ABORT }
  Unmanaged<FLACDecoder>.fromOpaque(client).takeUnretainedValue().take(frame: frame, channelData: buffer)
  return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
}

private func flacMetadata(
  _: UnsafePointer<FLAC__StreamDecoder>?, metadata: UnsafePointer<FLAC__StreamMetadata>?, client: UnsafeMutableRawPointer?
) {
  guard let metadata, let client else { return }
  Unmanaged<FLACDecoder>.fromOpaque(client).takeUnretainedValue().note(metadata: metadata)
}

private func flacError(
  _: UnsafePointer<FLAC__StreamDecoder>?, status: FLAC__StreamDecoderErrorStatus, client: UnsafeMutableRawPointer?
) {
  guard let client else { return }
  Unmanaged<FLACDecoder>.fromOpaque(client).takeUnretainedValue().note(error: status)
}
