// One Opus file decoded by libopusfile at 48 kHz (Opus's own rate) with the header's pre-skip and output
// gain applied, as `opusdec --rate 48000 --no-dither` does. libopusfile's op_read dithers, so samples come
// as floats (op_read_float) and are rounded to s16 without dither (FloatSamples), within 1 LSB of opusdec.
// Seeks land on the exact sample (op_pcm_seek), though the first quarter second after one differs slightly
// from a continuous decode while the decoder's state converges from libopusfile's 80 ms pre-roll.
// Not thread-safe: one thread uses a decoder.
import COpusFile
import TunesCore

public final class OpusDecoder: AudioDecoder {
  public let path: String
  public let format: AudioFormat
  public let totalFrames: Int?
  public private(set) var positionFrames = 0
  public private(set) var warnings: [String] = []

  private let file: OpaquePointer
  /// Decodes the packets of single-stream links; lives as long as `file`.
  private let singleStream: OpusSingleStream
  /// Floats decoded by libopusfile, converted into the caller's buffer (allocated once per size).
  private var floats = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
  private var foreignLink: Int32?
  /// Set by a seek to the end (libopusfile refuses that target): `read` returns nothing until the next seek.
  private var pastEnd = false

  public init(path: String) throws {
    var status: Int32 = 0
    guard let file = op_open_file(path, &status) else {
      if status == OP_EREAD || status == OP_EFAULT {
        throw DecoderError.cannotOpen(path: path, reason: Self.text(status))
      }
      throw DecoderError.invalid(path: path, format: "Opus", reason: Self.text(status))
    }
    let channels = Int(op_channel_count(file, -1))
    guard channels > 0 else {
      op_free(file)
      throw DecoderError.invalid(path: path, format: "Opus", reason: "no channels")
    }
    self.file = file
    self.path = path
    let singleStream = OpusSingleStream(file: file)
    singleStream.install()
    self.singleStream = singleStream
    self.format = AudioFormat(sampleRate: 48000, channels: channels)
    let total = op_pcm_total(file, -1)
    self.totalFrames = total >= 0 ? Int(total) : nil
  }

  deinit {
    op_free(file)
    floats.deallocate()
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress, !pastEnd else { return 0 }
    let channels = format.channels
    let capacity = buffer.count / format.bytesPerFrame
    if floats.count < capacity * channels {
      floats.deallocate()
      floats = .allocate(capacity: capacity * channels)
    }
    let out = base.assumingMemoryBound(to: Int16.self)
    var filled = 0
    while filled < capacity {
      var link: Int32 = 0
      let got = Int(op_read_float(file, floats.baseAddress!, Int32((capacity - filled) * channels), &link))
      if got == 0 { break }
      if got == Int(OP_HOLE) {
        warn("hole in the data at sample frame \(positionFrames + filled); skipped")
        continue
      }
      guard got > 0 else {
        throw DecoderError.decodeFailed(path: path, frame: positionFrames + filled, reason: Self.text(Int32(got)))
      }
      if !linkMatches(link) { continue }
      FloatSamples.convert(floats.baseAddress!, count: got * channels, to: out + filled * channels)
      filled += got
    }
    positionFrames += filled
    return filled
  }

  @discardableResult public func seek(toFrame frame: Int) throws -> Int {
    let target = max(0, frame)
    if let totalFrames, target >= totalFrames {
      pastEnd = true
      positionFrames = totalFrames
      return totalFrames
    }
    pastEnd = false
    let status = op_pcm_seek(file, ogg_int64_t(target))
    guard status == 0 else { throw DecoderError.seekFailed(path: path, frame: frame, reason: Self.text(status)) }
    positionFrames = Int(op_pcm_tell(file))
    return positionFrames
  }

  private func linkMatches(_ link: Int32) -> Bool {
    let channels = Int(op_channel_count(file, link))
    let matches = channels == format.channels
    if !matches && foreignLink != link { warn("link \(link) has \(channels) channels; skipped") }
    foreignLink = matches ? nil : link
    return matches
  }

  private func warn(_ message: String) {
    DecoderWarnings.append(message, to: &warnings)
  }

  /// libopusfile's error codes in words (it has no strerror of its own).
  static func text(_ code: Int32) -> String {
    switch code {
    case OP_EREAD: "read error"
    case OP_EFAULT: "internal fault (out of memory?)"
    case OP_EIMPL: "uses a feature libopusfile does not implement"
    case OP_EINVAL: "invalid argument"
    case OP_ENOTFORMAT: "not Ogg Opus data"
    case OP_EBADHEADER: "invalid Opus header"
    case OP_EVERSION: "unsupported Opus version"
    case OP_ENOTAUDIO: "not audio"
    case OP_EBADPACKET: "invalid packet"
    case OP_EBADLINK: "corrupt link in the Ogg stream"
    case OP_ENOSEEK: "the stream is not seekable"
    case OP_EBADTIMESTAMP: "invalid timestamps"
    case OP_HOLE: "hole in the data"
    default: "error \(code)"
    }
  }
}
