// One Ogg Vorbis file decoded by libvorbisfile to s16, the same conversion `oggdec -R` makes (ov_read:
// rounding, clipping, no dither), so the bytes match it exactly. Seeking is sample-accurate (ov_pcm_seek).
// A chained file whose later links change rate or channels plays whole: those links are converted to the
// first link's format (LinkConverter), since a decoder's format is fixed for its life, and the file's
// length and positions count them at that rate. Not thread-safe: one thread uses a decoder.
import CVorbisFile
import TunesCore

public final class VorbisDecoder: AudioDecoder {
  public let path: String
  public let format: AudioFormat
  public let totalFrames: Int?
  public private(set) var positionFrames = 0
  public private(set) var warnings: [String] = []

  private let file: UnsafeMutablePointer<OggVorbis_File>
  /// Each link's first frame in the file's format, and in libvorbisfile's count (each link at its own rate).
  private var linkStarts: [Int] = [0]
  private var rawStarts: [Int64] = [0]
  /// The link being converted to `format`, and its converter.
  private var convertedLink: Int32?
  private var converter: LinkConverter?
  /// Converted samples not yet returned.
  private var pending: [Int16] = []
  private var pendingStart = 0
  /// Where ov_read decodes when the caller's buffer has less room than this.
  private static let scratchBytes = 8192
  private let scratch: UnsafeMutableRawPointer

  public init(path: String) throws {
    let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
    let status = ov_fopen(path, file)
    guard status == 0 else {
      // ov_fopen leaves nothing to clear when it fails.
      file.deallocate()
      if status == OV_EREAD, let link = OggChainProbe.foreignLink(path: path) {
        throw DecoderError.invalid(
          path: path, format: "Ogg Vorbis",
          reason: "link \(link.number) of the chained stream is \(link.codec); only chains of Vorbis links are decoded")
      }
      if status == OV_EREAD || status == OV_EFAULT {
        throw DecoderError.cannotOpen(path: path, reason: Self.text(status))
      }
      throw DecoderError.invalid(path: path, format: "Ogg Vorbis", reason: Self.text(status))
    }
    guard let info = ov_info(file, -1), info.pointee.rate > 0, info.pointee.channels > 0 else {
      ov_clear(file)
      file.deallocate()
      throw DecoderError.invalid(path: path, format: "Ogg Vorbis", reason: "no stream information")
    }
    self.file = file
    self.path = path
    let fileRate = Int(info.pointee.rate)
    self.format = AudioFormat(sampleRate: fileRate, channels: Int(info.pointee.channels))
    // A link in another format lasts its length at the file's rate once converted.
    var starts = [0]
    var raws: [Int64] = [0]
    for link in 0..<Int32(ov_streams(file)) {
      let frames = ov_pcm_total(file, link)
      guard frames >= 0, let info = ov_info(file, link) else {
        (starts, raws) = ([0], [0])
        break
      }
      let rate = Int(info.pointee.rate)
      let converted = rate == fileRate ? Int(frames) : LinkConverter.length(frames: Int(frames), from: rate, to: fileRate)
      starts.append(starts[starts.count - 1] + converted)
      raws.append(raws[raws.count - 1] + Int64(frames))
    }
    let total = ov_pcm_total(file, -1)
    self.totalFrames = starts.count > 1 ? starts[starts.count - 1] : total >= 0 ? Int(total) : nil
    linkStarts = starts
    rawStarts = raws
    scratch = .allocate(byteCount: Self.scratchBytes, alignment: 16)
    // Opened on a chain whose first link is shorter than the next, libvorbisfile's first read came from
    // the second link (a 2 s mono link before a 3 s stereo one played the stereo link alone): start from
    // the first sample explicitly.
    if ov_streams(file) > 1 { ov_pcm_seek(file, 0) }
  }

  deinit {
    ov_clear(file)
    file.deallocate()
    scratch.deallocate()
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let bytesPerFrame = format.bytesPerFrame
    let capacity = buffer.count / bytesPerFrame * bytesPerFrame
    var filled = 0
    while filled < capacity {
      if pendingStart < pending.count {
        // Converted frames first, as many as fit.
        let samples = min(pending.count - pendingStart, (capacity - filled) / 2 / format.channels * format.channels)
        pending.withUnsafeBytes { bytes in
          (base + filled).copyMemory(from: bytes.baseAddress! + 2 * pendingStart, byteCount: 2 * samples)
        }
        pendingStart += samples
        filled += 2 * samples
        if pendingStart == pending.count { (pending, pendingStart) = ([], 0) }
        continue
      }
      // Near the end of the caller's buffer the decoder reads into its own: ov_read refuses a buffer
      // smaller than one frame of the link it is in, which may be wider than the file's format.
      let inScratch = capacity - filled < Self.scratchBytes
      let target = inScratch ? scratch : base + filled
      var link: Int32 = 0
      let request = Int32(inScratch ? Self.scratchBytes : min(capacity - filled, 1 << 20))
      let got = ov_read(file, target.assumingMemoryBound(to: CChar.self), request, 0, 2, 1, &link)
      let data = UnsafeRawBufferPointer(start: target, count: max(0, got))
      if got == Int(OV_HOLE) {
        warn("hole in the data at sample frame \(positionFrames + filled / bytesPerFrame); skipped")
        continue
      }
      guard got >= 0 else {
        throw DecoderError.decodeFailed(
          path: path, frame: positionFrames + filled / bytesPerFrame, reason: Self.text(Int32(got)))
      }
      // A converted link that ends (another link starts, or the file) is given its last frames.
      if got == 0 || link != convertedLink, var ending = converter {
        ending.finish(into: &pending)
        (converter, convertedLink) = (nil, nil)
        if got > 0 {
          // The new link's bytes are behind the owed frames: keep them in order through `pending`.
          data.withMemoryRebound(to: Int16.self) { samples in
            if let next = startConversion(link) {
              converter = next
              convertedLink = link
              converter!.convert(samples, into: &pending)
            } else {
              pending.append(contentsOf: samples)
            }
          }
        }
        continue
      }
      if got == 0 { break }
      if converter == nil, let next = startConversion(link) { (converter, convertedLink) = (next, link) }
      if converter != nil {
        // This link's bytes, in its own format, are converted to `pending` and returned from there.
        data.withMemoryRebound(to: Int16.self) { converter!.convert($0, into: &pending) }
        continue
      }
      if inScratch {
        data.withMemoryRebound(to: Int16.self) { pending.append(contentsOf: $0) }
        continue
      }
      filled += got
    }
    positionFrames += filled / bytesPerFrame
    return filled / bytesPerFrame
  }

  @discardableResult public func seek(toFrame frame: Int) throws -> Int {
    var target = max(0, frame)
    if let totalFrames { target = min(target, totalFrames) }
    (pending, pendingStart, converter, convertedLink) = ([], 0, nil, nil)
    // The link holding the target, and the target in libvorbisfile's count (each link at its own rate).
    let link = min(linkStarts.lastIndex { $0 <= target } ?? 0, max(0, linkStarts.count - 2))
    var raw = Int64(target)
    var skip = 0
    if linkStarts.count > 1, let info = ov_info(file, Int32(link)), Int(info.pointee.rate) != format.sampleRate {
      skip = target - linkStarts[link]
      raw = rawStarts[link] + Int64((Double(skip) * Double(info.pointee.rate) / Double(format.sampleRate)).rounded(.down))
    } else if linkStarts.count > 1 {
      raw = rawStarts[link] + Int64(target - linkStarts[link])
    }
    let status = ov_pcm_seek(file, ogg_int64_t(raw))
    guard status == 0 else { throw DecoderError.seekFailed(path: path, frame: frame, reason: Self.text(status)) }
    if skip > 0, let next = startConversion(Int32(link), skip: skip) { (converter, convertedLink) = (next, Int32(link)) }
    positionFrames = linkStarts.count > 2 ? target : Int(ov_pcm_tell(file))
    return positionFrames
  }

  /// A converter to `format` for `link` when its rate or channels differ (said once in the warnings).
  private func startConversion(_ link: Int32, skip: Int = 0) -> LinkConverter? {
    guard let info = ov_info(file, link) else { return nil }
    let rate = Int(info.pointee.rate)
    let channels = Int(info.pointee.channels)
    guard rate != format.sampleRate || channels != format.channels else { return nil }
    if skip == 0 {
      warn("link \(link) is \(rate) Hz, \(channels) channels; converted to \(format.sampleRate) Hz, \(format.channels) channels")
    }
    return LinkConverter(
      inputRate: rate, inputChannels: channels, outputRate: format.sampleRate, outputChannels: format.channels,
      frames: Int(max(0, ov_pcm_total(file, link))), skip: skip)
  }

  private func warn(_ message: String) {
    DecoderWarnings.append(message, to: &warnings)
  }

  /// libvorbisfile's error codes in words (it has no strerror of its own).
  static func text(_ code: Int32) -> String {
    switch code {
    case OV_EREAD: "read error"
    case OV_EFAULT: "internal fault (out of memory?)"
    case OV_ENOTVORBIS: "not Vorbis data"
    case OV_EBADHEADER: "invalid Vorbis header"
    case OV_EVERSION: "unsupported Vorbis version"
    case OV_ENOTAUDIO: "not audio"
    case OV_EBADPACKET: "invalid packet"
    case OV_EBADLINK: "corrupt link in the Ogg stream"
    case OV_ENOSEEK: "the stream is not seekable"
    case OV_EINVAL: "invalid argument"
    case OV_HOLE: "hole in the data"
    default: "error \(code)"
    }
  }
}
