// Walks the atoms (boxes) of an MP4/M4A file (ISO/IEC 14496-12): a size and a four-letter type before
// each, 64-bit sizes after a size of 1, a size of 0 meaning "to the end". Hand-written because tunes reads
// a handful of atoms (mvhd, mdhd, hdlr, stsd, elst, ilst) and a demuxer would parse the sample tables too.

struct MP4Atom {
  /// The four-letter type as a big-endian integer, compared with `code("moov")`.
  var type: UInt32
  var offset: Int
  /// The atom's contents after its header.
  var body: Range<Int>
  var end: Int { body.upperBound }

  var name: String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> UInt32($0)) }
    return String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
  }

  static func code(_ text: StaticString) -> UInt32 {
    let p = text.utf8Start
    return UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
  }

  /// The code of an iTunes "©xyz" atom: the © is the single byte 0xA9 (Mac Roman), not UTF-8's two.
  static func copyright(_ text: StaticString) -> UInt32 {
    let p = text.utf8Start
    return 0xA9 << 24 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
  }

  enum Problem: Error {
    /// The atom at `offset` runs past its parent's end; `what` says how.
    case overruns(offset: Int, name: String, size: Int, room: Int)
    case headerCutOff(offset: Int)
  }

  /// The atom whose header is at `p`, inside `range`.
  static func at(_ p: Int, _ buffer: UnsafeRawBufferPointer, in range: Range<Int>) -> Result<MP4Atom, Problem> {
    guard range.upperBound - p >= 8 else { return .failure(.headerCutOff(offset: p)) }
    var size = Int(buffer.be32(p))
    let type = buffer.be32(p + 4)
    var header = 8
    if size == 1 {
      guard range.upperBound - p >= 16 else { return .failure(.headerCutOff(offset: p)) }
      let wide = UInt64(buffer.be32(p + 8)) << 32 | UInt64(buffer.be32(p + 12))
      size = wide > UInt64(Int.max) ? Int.max : Int(wide)
      header = 16
    } else if size == 0 {
      size = range.upperBound - p
    }
    let atom = MP4Atom(type: type, offset: p, body: p + header..<p + max(header, min(size, range.upperBound - p)))
    guard size >= header, size <= range.upperBound - p else {
      return .failure(.overruns(offset: p, name: atom.name, size: size, room: range.upperBound - p))
    }
    return .success(atom)
  }

  /// The atoms directly inside `range`, in order; a problem for the first one that does not fit.
  static func children(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Result<[MP4Atom], Problem> {
    var atoms: [MP4Atom] = []
    var p = range.lowerBound
    while p < range.upperBound {
      switch at(p, buffer, in: range) {
      case .success(let atom):
        atoms.append(atom)
        p = atom.end
      case .failure(let problem):
        return .failure(problem)
      }
    }
    return .success(atoms)
  }
}
