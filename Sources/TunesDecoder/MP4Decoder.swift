// One MP4/M4A file (AAC or ALAC) decoded by FFmpeg's libavformat and libavcodec, loaded on first use. libavformat applies the
// edit list (the encoder delay at the start) and the stream's duration is the exact sample count, so
// decoding stops there and the encoder's padding at the end is never played: albums stay gapless. A file
// with iTunes' `iTunSMPB` tag and no edit list is gapless too: libavformat takes the tag's encoder delay
// (it starts the stream that many samples late and libavcodec drops them), and the tag's sample count
// ends the stream, as the tag reader gives the length, so the padding is cut here. AAC
// decodes to floats, rounded to s16 without dither (as the ffmpeg CLI converts with swresample's default,
// no dither); ALAC keeps its integers (16-bit as s16, deeper as left-justified s32, as libavcodec gives
// them). Seeking goes to the packet before the target and decodes up to it, sample-accurate where the
// packets carry timestamps. Not thread-safe: one thread uses a decoder.
import CFFmpeg
import TunesCore

public final class MP4Decoder: AudioDecoder {
  public let path: String
  public private(set) var format = AudioFormat(sampleRate: 0, channels: 0)
  public private(set) var totalFrames: Int?
  public private(set) var positionFrames = 0
  public private(set) var warnings: [String] = []

  /// FFmpeg's functions, loaded on first use (see Sources/CFFmpeg/shim.h).
  private let ff: tunes_ffmpeg_api
  private var container: UnsafeMutablePointer<AVFormatContext>?
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private var stream: Int32 = 0
  private var timeBase = AVRational(num: 1, den: 1)
  /// The stream's first timestamp (the encoder delay libavformat skips, when iTunSMPB gives it and no
  /// edit list does): sample frame 0 of the output is there.
  private var startTime: Int64 = 0
  private let packet: UnsafeMutablePointer<AVPacket>
  private let frame: UnsafeMutablePointer<AVFrame>
  /// Samples of `frame` already handed out (or skipped after a seek).
  private var frameConsumed = 0
  private var frameSamples = 0
  private var flushed = false
  private var finished = false
  /// After a seek: decoded samples before this frame are dropped.
  private var skipUntil: Int?

  public init(path: String) throws {
    self.path = path
    guard let api = tunes_ffmpeg() else {
      throw DecoderError.noHandle(library: "FFmpeg", reason: tunes_ffmpeg_error().map { String(cString: $0) } ?? "cannot load")
    }
    ff = api.pointee
    guard let packet = ff.av_packet_alloc!(), let frame = ff.av_frame_alloc!() else {
      throw DecoderError.noHandle(library: "libavcodec", reason: "out of memory")
    }
    self.packet = packet
    self.frame = frame
    try open()
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = self.packet
    ff.av_packet_free!(&packet)
    var frame: UnsafeMutablePointer<AVFrame>? = self.frame
    ff.av_frame_free!(&frame)
    ff.avcodec_free_context!(&codec)
    ff.avformat_close_input!(&container)
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let bytesPerFrame = format.bytesPerFrame
    var capacity = buffer.count / bytesPerFrame
    if let totalFrames { capacity = min(capacity, max(0, totalFrames - positionFrames)) }
    var filled = 0
    while filled < capacity {
      if frameConsumed >= frameSamples {
        guard try decodeNextFrame() else { break }
        continue
      }
      let count = min(capacity - filled, frameSamples - frameConsumed)
      convert(from: frameConsumed, count: count, to: base + filled * bytesPerFrame)
      frameConsumed += count
      filled += count
    }
    positionFrames += filled
    return filled
  }

  @discardableResult public func seek(toFrame target: Int) throws -> Int {
    var target = max(0, target)
    if let totalFrames { target = min(target, totalFrames) }
    let timestamp = startTime + ff.av_rescale_q!(Int64(target), AVRational(num: 1, den: Int32(format.sampleRate)), timeBase)
    let status = ff.av_seek_frame!(container, stream, timestamp, AVSEEK_FLAG_BACKWARD)
    guard status >= 0 else { throw DecoderError.seekFailed(path: path, frame: target, reason: text(status)) }
    ff.avcodec_flush_buffers!(codec)
    frameSamples = 0
    frameConsumed = 0
    flushed = false
    finished = false
    skipUntil = target
    positionFrames = target
    return target
  }

  // MARK: Decoding

  /// Receives the next decoded frame, feeding packets as the codec asks; false at the end.
  private func decodeNextFrame() throws -> Bool {
    while !finished {
      let received = ff.avcodec_receive_frame!(codec, frame)
      if received == 0 {
        frameSamples = Int(frame.pointee.nb_samples)
        frameConsumed = 0
        if let skipUntil { dropBefore(skipUntil) }
        if frameConsumed < frameSamples { return true }
        continue
      }
      if received == tunes_averror_eof() {
        finished = true
        break
      }
      guard received == tunes_averror_eagain() else {
        throw DecoderError.decodeFailed(path: path, frame: positionFrames, reason: text(received))
      }
      try feedPacket()
    }
    return false
  }

  /// Sends the next packet of our stream to the codec (a flush at the end of the file).
  private func feedPacket() throws {
    if flushed {
      finished = true
      return
    }
    while true {
      let status = ff.av_read_frame!(container, packet)
      if status < 0 {
        if status != tunes_averror_eof() { warn("read error: \(text(status)); treated as the end") }
        _ = ff.avcodec_send_packet!(codec, nil)
        flushed = true
        return
      }
      defer { ff.av_packet_unref!(packet) }
      guard packet.pointee.stream_index == stream else { continue }
      let sent = ff.avcodec_send_packet!(codec, packet)
      if sent < 0 && sent != tunes_averror_eagain() {
        warn("packet at sample frame \(positionFrames): \(text(sent)); skipped")
      }
      return
    }
  }

  /// After a seek, the decoder starts at the packet before the target: drop what precedes it.
  private func dropBefore(_ target: Int) {
    let pts = frame.pointee.best_effort_timestamp
    guard pts != Int64.min else {
      skipUntil = nil
      return
    }
    let start = Int(ff.av_rescale_q!(pts - startTime, timeBase, AVRational(num: 1, den: Int32(format.sampleRate))))
    if start + frameSamples <= target {
      frameConsumed = frameSamples
    } else {
      frameConsumed = max(0, target - start)
      skipUntil = nil
    }
  }

  /// Copies `count` samples per channel from the decoded frame, interleaved in `format.encoding`.
  private func convert(from offset: Int, count: Int, to out: UnsafeMutableRawPointer) {
    let channels = format.channels
    let sampleFormat = AVSampleFormat(rawValue: frame.pointee.format)
    let planar = ff.av_sample_fmt_is_planar!(sampleFormat) != 0
    func plane(_ channel: Int) -> UnsafeMutableRawPointer {
      UnsafeMutableRawPointer(frame.pointee.extended_data[planar ? channel : 0]!)
    }
    // (sample index in its plane) for channel c, frame f
    func index(_ channel: Int, _ frame: Int) -> Int { planar ? frame : frame * channels + channel }
    switch sampleFormat {
    case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP:
      let target = out.assumingMemoryBound(to: Int16.self)
      if planar {
        for channel in 0..<channels {
          let source = plane(channel).assumingMemoryBound(to: Float.self) + offset
          FloatSamples.convert(source, count: count, to: target + channel, stride: channels)
        }
      } else {
        let source = plane(0).assumingMemoryBound(to: Float.self) + offset * channels
        FloatSamples.convert(source, count: count * channels, to: target)
      }
    case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
      let target = out.assumingMemoryBound(to: Int16.self)
      for channel in 0..<channels {
        let source = plane(channel).assumingMemoryBound(to: Int16.self)
        for sample in 0..<count { target[sample * channels + channel] = source[index(channel, offset + sample)] }
      }
    default:  // S32, S32P (checked when opening)
      let target = out.assumingMemoryBound(to: Int32.self)
      for channel in 0..<channels {
        let source = plane(channel).assumingMemoryBound(to: Int32.self)
        for sample in 0..<count { target[sample * channels + channel] = source[index(channel, offset + sample)] }
      }
    }
  }

  private func warn(_ message: String) {
    DecoderWarnings.append(message, to: &warnings)
  }

  // MARK: Opening

  private func open() throws {
    ff.av_log_set_level!(AV_LOG_QUIET)
    var status = ff.avformat_open_input!(&container, path, nil, nil)
    guard status >= 0, let container else {
      throw DecoderError.cannotOpen(path: path, reason: text(status))
    }
    status = ff.avformat_find_stream_info!(container, nil)
    guard status >= 0 else { throw DecoderError.invalid(path: path, format: "MP4", reason: text(status)) }
    var decoder: UnsafePointer<AVCodec>?
    stream = ff.av_find_best_stream!(container, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
    guard stream >= 0, let decoder else {
      throw DecoderError.invalid(path: path, format: "MP4", reason: "no audio stream libavcodec can decode")
    }
    let audio = container.pointee.streams[Int(stream)]!
    // Only our stream's packets are read; the others (cover art, chapters) are skipped by the demuxer.
    for index in 0..<Int(container.pointee.nb_streams) where index != Int(stream) {
      container.pointee.streams[index]!.pointee.discard = AVDISCARD_ALL
    }
    codec = ff.avcodec_alloc_context3!(decoder)
    guard let codec else { throw DecoderError.noHandle(library: "libavcodec", reason: "out of memory") }
    status = ff.avcodec_parameters_to_context!(codec, audio.pointee.codecpar)
    if status >= 0 { status = ff.avcodec_open2!(codec, decoder, nil) }
    guard status >= 0 else { throw DecoderError.invalid(path: path, format: "MP4", reason: text(status)) }
    let channels = Int(codec.pointee.ch_layout.nb_channels)
    let rate = Int(codec.pointee.sample_rate)
    guard channels > 0, rate > 0 else {
      throw DecoderError.invalid(path: path, format: "MP4", reason: "\(rate) Hz, \(channels) channels")
    }
    let bits: Int
    switch codec.pointee.sample_fmt {
    case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P: bits = 16
    case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P:
      let raw = Int(codec.pointee.bits_per_raw_sample)
      bits = raw > 16 && raw <= 32 ? raw : 32
    default:
      let name = ff.av_get_sample_fmt_name!(codec.pointee.sample_fmt).map { String(cString: $0) } ?? "unknown"
      throw DecoderError.invalid(path: path, format: "MP4", reason: "decodes to \(name) samples, which tunes does not take")
    }
    format = AudioFormat(sampleRate: rate, channels: channels, bitsPerSample: bits)
    timeBase = audio.pointee.time_base
    let start = audio.pointee.start_time
    if start != Int64.min && start > 0 { startTime = start }
    let duration = audio.pointee.duration
    if duration > 0 {
      totalFrames = Int(ff.av_rescale_q!(duration, timeBase, AVRational(num: 1, den: Int32(rate))))
    }
    if let samples = gaplessSamples(container) { totalFrames = samples }
  }

  /// The sample count of the iTunSMPB tag (its fourth hexadecimal word), which the tag reader takes for
  /// the length; nil without the tag or with a count of 0. The stream's own duration still counts the
  /// padding when there is no edit list, so this is what keeps the padding from being played.
  private func gaplessSamples(_ container: UnsafeMutablePointer<AVFormatContext>) -> Int? {
    guard let entry = ff.av_dict_get!(container.pointee.metadata, "iTunSMPB", nil, 0), let value = entry.pointee.value
    else { return nil }
    let words = String(cString: value).split(separator: " ")
    guard words.count >= 4, let samples = Int(words[3], radix: 16), samples > 0 else { return nil }
    return samples
  }

  func text(_ status: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    buffer.withUnsafeMutableBufferPointer { _ = ff.av_strerror!(status, $0.baseAddress, $0.count) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
