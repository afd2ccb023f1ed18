// Builds MPEG audio frames byte by byte (header fields from the specification, zero payload), with an
// optional Xing/Info frame carrying a LAME tag, or a VBRI frame, so stream tests have exact expectations.

struct FrameSpec {
  /// 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5 (the header's version bits).
  var versionBits: UInt32 = 3
  /// 1 = Layer III, 2 = Layer II, 3 = Layer I (the header's layer bits).
  var layerBits: UInt32 = 1
  var bitrateIndex: UInt32 = 9  // 128 kbit/s for MPEG 1 Layer III
  var rateIndex: UInt32 = 0  // 44100 for MPEG 1
  var padding = false
  /// 0 stereo, 3 mono.
  var mode: UInt32 = 0
  var crc = false

  var word: UInt32 {
    0xFFE0_0000 | versionBits << 19 | layerBits << 17 | (crc ? 0 : 1) << 16 | bitrateIndex << 12 | rateIndex << 10
      | (padding ? 1 : 0) << 9 | mode << 6
  }

  var headerBytes: [UInt8] { bigEndian(Int(word), 4) }

  /// One frame of `length` bytes: the header, then zeros.
  func frame(length: Int) -> [UInt8] {
    headerBytes + [UInt8](repeating: 0, count: length - 4)
  }
}

/// `count` frames of `length` bytes each.
func frames(_ spec: FrameSpec, length: Int, count: Int) -> [UInt8] {
  var out: [UInt8] = []
  out.reserveCapacity(length * count)
  for _ in 0..<count { out += spec.frame(length: length) }
  return out
}

/// A Layer III frame holding a Xing or Info header at `offset` (36 for MPEG 1 stereo) with frame and byte
/// counts and, when `delay` is given, a LAME tag.
func xingFrame(
  _ spec: FrameSpec, length: Int, offset: Int = 36, tag: String = "Info", frameCount: Int?, byteCount: Int?,
  delay: Int? = nil, padding: Int = 0
) -> [UInt8] {
  var frame = spec.frame(length: length)
  var p = offset
  func put(_ bytes: [UInt8]) {
    for b in bytes {
      frame[p] = b
      p += 1
    }
  }
  let flags = (frameCount != nil ? 1 : 0) | (byteCount != nil ? 2 : 0)
  put(Array(tag.utf8) + bigEndian(flags, 4))
  if let frameCount { put(bigEndian(frameCount, 4)) }
  if let byteCount { put(bigEndian(byteCount, 4)) }
  if let delay {
    let lame = p
    put(Array("LAME3.100".utf8))
    p = lame + 21
    put([UInt8(delay >> 4), UInt8((delay & 0x0F) << 4 | (padding >> 8)), UInt8(padding & 0xFF)])
  }
  return frame
}

/// A frame holding a VBRI header 36 bytes after its start.
func vbriFrame(_ spec: FrameSpec, length: Int, frameCount: Int, byteCount: Int) -> [UInt8] {
  var frame = spec.frame(length: length)
  let header =
    Array("VBRI".utf8) + bigEndian(1, 2) + bigEndian(576, 2) + bigEndian(75, 2) + bigEndian(byteCount, 4)
    + bigEndian(frameCount, 4)
  for (k, b) in header.enumerated() { frame[36 + k] = b }
  return frame
}
