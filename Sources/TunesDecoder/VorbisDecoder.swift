// One Ogg Vorbis file decoded by libvorbisfile to s16, the same conversion `oggdec -R` makes (ov_read:
// rounding, clipping, no dither), so the bytes match it exactly. Seeking is sample-accurate (ov_pcm_seek).
// A chained file whose later links change rate or channels has those links skipped with a warning, since a
// decoder's format is fixed for its life. Not thread-safe: one thread uses a decoder.
import CVorbisFile
import TunesCore

public final class VorbisDecoder: AudioDecoder {
  public let path: String
  public let format: AudioFormat
  public let totalFrames: Int?
  public private(set) var positionFrames = 0
  public private(set) var warnings: [String] = []

  private let file: UnsafeMutablePointer<OggVorbis_File>
  /// Set while the current link's rate or channels differ from `format`.
  private var foreignLink: Int32?

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
    self.format = AudioFormat(sampleRate: Int(info.pointee.rate), channels: Int(info.pointee.channels))
    let total = ov_pcm_total(file, -1)
    self.totalFrames = total >= 0 ? Int(total) : nil
  }

  deinit {
    ov_clear(file)
    file.deallocate()
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let bytesPerFrame = format.bytesPerFrame
    let capacity = buffer.count / bytesPerFrame * bytesPerFrame
    var filled = 0
    while filled < capacity {
      var link: Int32 = 0
      let request = Int32(min(capacity - filled, 1 << 20))
      let got = ov_read(file, (base + filled).assumingMemoryBound(to: CChar.self), request, 0, 2, 1, &link)
      if got == 0 { break }
      if got == Int(OV_HOLE) {
        warn("hole in the data at sample frame \(positionFrames + filled / bytesPerFrame); skipped")
        continue
      }
      guard got > 0 else {
        throw DecoderError.decodeFailed(
          path: path, frame: positionFrames + filled / bytesPerFrame, reason: Self.text(Int32(got)))
      }
      if !linkMatches(link) { continue }
      filled += got
    }
    positionFrames += filled / bytesPerFrame
    return filled / bytesPerFrame
  }

  @discardableResult public func seek(toFrame frame: Int) throws -> Int {
    var target = max(0, frame)
    if let totalFrames { target = min(target, totalFrames) }
    let status = ov_pcm_seek(file, ogg_int64_t(target))
    guard status == 0 else { throw DecoderError.seekFailed(path: path, frame: frame, reason: Self.text(status)) }
    positionFrames = Int(ov_pcm_tell(file))
    return positionFrames
  }

  /// True when audio of `link` is in `format`; warns once when a link in another format starts.
  private func linkMatches(_ link: Int32) -> Bool {
    guard let info = ov_info(file, link) else { return true }
    let matches = Int(info.pointee.rate) == format.sampleRate && Int(info.pointee.channels) == format.channels
    if !matches && foreignLink != link {
      warn("link \(link) is \(info.pointee.rate) Hz, \(info.pointee.channels) channels; skipped")
    }
    foreignLink = matches ? nil : link
    return matches
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
