// The 4-byte MPEG audio frame header (MPEG 1, 2 and 2.5; layers I, II and III): version, layer, bitrate,
// sample rate, padding and channel mode, and from them the frame's length in bytes and in samples.

public struct MPEGFrameHeader: Sendable, Equatable {
  public enum Version: Int, Sendable {
    case mpeg1 = 1, mpeg2 = 2, mpeg25 = 25

    /// "1", "2" or "2.5".
    public var name: String { self == .mpeg25 ? "2.5" : String(rawValue) }
  }

  public let version: Version
  /// 1, 2 or 3.
  public let layer: Int
  /// In kbit/s.
  public let bitrate: Int
  public let sampleRate: Int
  public let hasPadding: Bool
  /// A 16-bit CRC follows the header.
  public let isProtected: Bool
  /// 0 stereo, 1 joint stereo, 2 dual channel, 3 mono.
  public let channelMode: Int
  /// The whole frame in bytes, header included.
  public let frameLength: Int
  /// PCM samples per channel the frame decodes to.
  public let samplesPerFrame: Int

  public var channels: Int { channelMode == 3 ? 1 : 2 }

  /// Parses the header at the start of `bytes`; nil when it is not a valid header.
  public init?(_ bytes: [UInt8]) {
    guard bytes.count >= 4 else { return nil }
    self.init(word: UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3]))
  }

  /// Parses a header given as a big-endian word; nil for a bad sync, a reserved version, layer, bitrate,
  /// sample rate or emphasis, and for free-format streams (bitrate 0, whose frame length is unknown).
  @inline(__always)
  public init?(word: UInt32) {
    guard word & 0xFFE0_0000 == 0xFFE0_0000 else { return nil }
    let versionBits = Int(word >> 19) & 3
    let layerBits = Int(word >> 17) & 3
    let bitrateIndex = Int(word >> 12) & 15
    let rateIndex = Int(word >> 10) & 3
    guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3,
      word & 3 != 2
    else { return nil }
    let version: Version = versionBits == 3 ? .mpeg1 : versionBits == 2 ? .mpeg2 : .mpeg25
    let layer = 4 - layerBits
    let table: Int
    switch (version, layer) {
    case (.mpeg1, 1): table = 0
    case (.mpeg1, 2): table = 1
    case (.mpeg1, _): table = 2
    case (_, 1): table = 3
    default: table = 4
    }
    let bitrate = Int(MPEGTables.bitrates[table * 16 + bitrateIndex])
    let sampleRate = Int(MPEGTables.sampleRates[rateIndex]) >> (version == .mpeg1 ? 0 : version == .mpeg2 ? 1 : 2)
    let padding = (word >> 9) & 1 == 1
    let samples: Int
    let length: Int
    if layer == 1 {
      samples = 384
      length = (12 * bitrate * 1000 / sampleRate + (padding ? 1 : 0)) * 4
    } else {
      samples = layer == 3 && version != .mpeg1 ? 576 : 1152
      // bytes = samples / 8 bits * bitrate / sampleRate
      length = samples / 8 * bitrate * 1000 / sampleRate + (padding ? 1 : 0)
    }
    self.version = version
    self.layer = layer
    self.bitrate = bitrate
    self.sampleRate = sampleRate
    self.hasPadding = padding
    self.isProtected = (word >> 16) & 1 == 0
    self.channelMode = Int(word >> 6) & 3
    self.frameLength = length
    self.samplesPerFrame = samples
  }

  /// True when `other` can follow this frame in the same stream: same version, layer and sample rate.
  @inline(__always)
  func isCompatible(_ other: MPEGFrameHeader) -> Bool {
    version == other.version && layer == other.layer && sampleRate == other.sampleRate
  }

  /// Bytes between the frame start and a Layer III Xing/Info header: the 4-byte header, then the side
  /// information (32 or 17 bytes for MPEG 1 stereo/mono, 17 or 9 for MPEG 2/2.5).
  var xingOffset: Int {
    let side = version == .mpeg1 ? (channels == 2 ? 32 : 17) : (channels == 2 ? 17 : 9)
    return 4 + side
  }
}

enum MPEGTables {
  /// kbit/s by table (MPEG1 L1, L2, L3; MPEG2/2.5 L1; MPEG2/2.5 L2 and L3) and bitrate index.
  static let bitrates: [UInt16] = [
    0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 0,
    0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 0,
    0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0,
    0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256, 0,
    0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0,
  ]
  /// MPEG 1 sample rates by index; MPEG 2 halves them, MPEG 2.5 quarters them.
  static let sampleRates: [UInt32] = [44100, 48000, 32000]
}
