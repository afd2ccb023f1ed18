// How an Opus link of one stream (mono or stereo, as nearly every Opus file is) is decoded: straight by
// that stream's own decoder inside libopusfile's multistream decoder, through libopusfile's decode
// callback, rather than by `opus_multistream_decode_float`.
//
// Why: libopus (1.3) works out the size of its mono and stereo decoders on every multistream call and
// ctl, and each size is found through a CPU feature check (`cpuid`). Two of those calls come with every
// packet, so every 20 ms of audio made eight `cpuid` instructions, which a virtual machine traps to its
// host: profiled in a VM, a fifth of the CPU `tunes play` spent on an Opus song. The stream's decoder is
// the same object libopusfile resets on a seek and gives the header's output gain, so the samples are
// those of the multistream call (which, for one stream, decodes into a buffer and copies it out as is).
// Links of several streams (surround) are left to libopusfile.
import COpusFile

/// The decode callback's context: which stream decoder belongs to libopusfile's current multistream
/// decoder, and which links are of one stream in channel order. Used by the decoding thread only.
final class OpusSingleStream {
  private let file: OpaquePointer
  /// The multistream decoder the stream decoder was taken from; libopusfile makes a new one when a link
  /// of another layout begins. Stream 0 always sits at the same place inside it.
  private var multistream: OpaquePointer?
  private var stream: OpaquePointer?
  /// Per link: whether it is one stream whose channels are the stream's, in order.
  private var simple: [Int32: Bool] = [:]

  init(file: OpaquePointer) {
    self.file = file
  }

  /// Sets the callback on `file`; `self` must live as long as the file is read.
  func install() {
    op_set_decode_callback(file, Self.decode, Unmanaged.passUnretained(self).toOpaque())
  }

  private func isSimple(link: Int32) -> Bool {
    if let known = simple[link] { return known }
    var result = false
    if let head = op_head(file, link)?.pointee, head.stream_count == 1 {
      let channels = Int(head.channel_count)
      result =
        (channels == 1 && head.coupled_count == 0 && head.mapping.0 == 0)
        || (channels == 2 && head.coupled_count == 1 && head.mapping.0 == 0 && head.mapping.1 == 1)
    }
    simple[link] = result
    return result
  }

  private func streamDecoder(of decoder: OpaquePointer) -> OpaquePointer? {
    if multistream != decoder {
      multistream = decoder
      stream = tunes_opus_stream_decoder(decoder, 0)
    }
    return stream
  }

  /// libopusfile's `op_decode_cb_func`: 0 once exactly `samples` frames are in `pcm`, a libopus error, or
  /// OP_DEC_USE_DEFAULT for libopusfile to decode the packet itself.
  private static let decode: op_decode_cb_func = { context, decoder, pcm, packet, samples, _, format, link in
    guard let context, let decoder, let pcm, let packet, format == OP_DEC_FORMAT_FLOAT else { return OP_DEC_USE_DEFAULT }
    let this = Unmanaged<OpusSingleStream>.fromOpaque(context).takeUnretainedValue()
    guard this.isSimple(link: link), let stream = this.streamDecoder(of: decoder) else { return OP_DEC_USE_DEFAULT }
    let got = opus_decode_float(
      stream, packet.pointee.packet, opus_int32(packet.pointee.bytes), pcm.assumingMemoryBound(to: Float.self), samples, 0)
    if got < 0 { return got }
    return got == samples ? 0 : OPUS_INTERNAL_ERROR
  }
}
