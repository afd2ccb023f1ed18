// The VBRI header that Fraunhofer encoders put in the first frame, 32 bytes after the frame header:
// the byte and frame counts of a VBR stream.

public struct VBRIHeader: Sendable, Equatable {
  public var version: Int
  /// Encoder delay as written (informational; not trimmed, as decoders do not trim it either).
  public var delay: Int
  /// Bytes of the stream.
  public var bytes: Int
  /// Frames of the stream.
  public var frames: Int

  /// Bytes between the frame start and "VBRI": the 4-byte header and 32 bytes, whatever the mode.
  static let offset = 36

  /// Parses the VBRI header of the frame that starts `bytes` (the frame header first).
  public init?(_ bytes: [UInt8]) {
    guard let found = bytes.withUnsafeBytes({ VBRIHeader(in: $0, frameAt: 0) }) else { return nil }
    self = found
  }

  init?(in buffer: UnsafeRawBufferPointer, frameAt frame: Int) {
    let p = frame + Self.offset
    guard buffer.has(p, 18), buffer.matches("VBRI", at: p) else { return nil }
    version = Int(buffer.be16(p + 4))
    delay = Int(buffer.be16(p + 6))
    bytes = Int(buffer.be32(p + 10))
    frames = Int(buffer.be32(p + 14))
  }
}
