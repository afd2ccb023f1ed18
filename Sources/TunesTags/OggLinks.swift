// The links of a chained Ogg file (RFC 3533 section 4: whole streams one after another, as `cat a.ogg
// b.ogg` or an internet radio recording makes them), each with its codec, format and length. A link may
// change rate, channels or even codec (Vorbis then Opus); the file's length is the sum of its links', as
// libvorbisfile's ov_time_total gives it for a chain of Vorbis links (oggdec stops at the first change of
// format, and ffprobe reads the last granule position at the first link's rate).

struct OggLinks {
  struct Link: Equatable {
    var serial: UInt32
    var codec: OggReader.Codec
    var sampleRate: Int
    var channels: Int
    /// Opus: samples the decoder drops at the start of the link.
    var preSkip = 0
    /// The granule position of the link's last page that ends a packet; nil when it has none.
    var lastGranule: Int64?
    /// Its stream's last page (EOS) was seen: a page starting a stream begins the next link.
    var ended = false

    /// The link's length in samples at its own rate, as its decoder outputs it.
    var samples: Int {
      let granule = Int(lastGranule ?? 0)
      return max(0, codec == .opus ? granule - preSkip : granule)
    }

    var description: String {
      let seconds = Double(samples) / Double(sampleRate)
      let name = codec == .opus ? "Opus" : "Vorbis"
      return "\(name) \(sampleRate) Hz \(channels) ch \((seconds * 1000).rounded() / 1000) s"
    }
  }

  var links: [Link] = []

  /// Walks every page of the whole file in `buffer`: a page that starts a Vorbis or Opus stream once the
  /// current link's stream has ended starts a new link. Pages of other streams (a Skeleton, a second
  /// stream multiplexed beside the audio) are passed over; a broken page ends the walk at the last link.
  init(_ buffer: UnsafeRawBufferPointer) {
    var p = 0
    while p + OggPage.headerSize <= buffer.count {
      guard case .success(let page) = OggPage.read(buffer, at: p, checkCRC: false) else { break }
      p = page.end
      if page.isFirst, links.last?.ended ?? true, let link = Self.identify(page, buffer) {
        links.append(link)
        continue
      }
      guard var link = links.last, page.serial == link.serial else { continue }
      if page.granule != -1 { link.lastGranule = page.granule }
      if page.isLast { link.ended = true }
      links[links.count - 1] = link
    }
  }

  /// The link whose stream `page` starts, when its first packet is a Vorbis or Opus identification header.
  private static func identify(_ page: OggPage, _ buffer: UnsafeRawBufferPointer) -> Link? {
    let body = buffer.sub(page.body)
    func le32(_ i: Int) -> Int { Int(body.le32(i)) }
    if body.count >= 30 && body[0] == 1 && body.matches("vorbis", at: 1) {
      let link = Link(serial: page.serial, codec: .vorbis, sampleRate: le32(12), channels: Int(body[11]))
      return link.sampleRate > 0 && link.channels > 0 ? link : nil
    }
    if body.count >= 19 && body.matches("OpusHead", at: 0) {
      // opusdec and opusfile output 48 kHz whatever rate the source had.
      var link = Link(serial: page.serial, codec: .opus, sampleRate: 48000, channels: Int(body[9]))
      link.preSkip = Int(body[10]) | Int(body[11]) << 8
      return link.channels > 0 ? link : nil
    }
    return nil
  }
}
