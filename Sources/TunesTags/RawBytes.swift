// Bounds-aware integer reads over raw bytes, shared by every parser in this module. The parsers work on
// UnsafeRawBufferPointer with plain indices so a whole file is read without copying or slicing.

extension UnsafeRawBufferPointer {
  /// True when `n` bytes starting at `i` lie inside the buffer.
  @inline(__always)
  func has(_ i: Int, _ n: Int) -> Bool {
    i >= 0 && n >= 0 && i <= count &- n
  }

  /// Big-endian 32-bit integer at `i`; callers check `has(i, 4)` first.
  @inline(__always)
  func be32(_ i: Int) -> UInt32 {
    UInt32(self[i]) << 24 | UInt32(self[i + 1]) << 16 | UInt32(self[i + 2]) << 8 | UInt32(self[i + 3])
  }

  /// Big-endian 24-bit integer at `i` (ID3v2.2 frame sizes); callers check `has(i, 3)` first.
  @inline(__always)
  func be24(_ i: Int) -> UInt32 {
    UInt32(self[i]) << 16 | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2])
  }

  /// Big-endian 16-bit integer at `i`; callers check `has(i, 2)` first.
  @inline(__always)
  func be16(_ i: Int) -> UInt16 {
    UInt16(self[i]) << 8 | UInt16(self[i + 1])
  }

  /// Little-endian 32-bit integer at `i` (APE tags); callers check `has(i, 4)` first.
  @inline(__always)
  func le32(_ i: Int) -> UInt32 {
    UInt32(self[i]) | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2]) << 16 | UInt32(self[i + 3]) << 24
  }

  /// A 28-bit ID3v2 "syncsafe" integer (7 bits per byte) at `i`; callers check `has(i, 4)` first.
  @inline(__always)
  func syncsafe32(_ i: Int) -> UInt32 {
    UInt32(self[i] & 0x7F) << 21 | UInt32(self[i + 1] & 0x7F) << 14 | UInt32(self[i + 2] & 0x7F) << 7
      | UInt32(self[i + 3] & 0x7F)
  }

  /// True when the ASCII bytes of `literal` appear at `i`.
  @inline(__always)
  func matches(_ literal: StaticString, at i: Int) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard has(i, n) else { return false }
    let p = literal.utf8Start
    for k in 0..<n where self[i + k] != p[k] { return false }
    return true
  }

  /// The sub-range `range` as its own buffer (indices restart at 0); `range` must lie inside.
  @inline(__always)
  func sub(_ range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: self[range])
  }
}
