// Writes ReplayGain 2.0 into an MP4/M4A file as rsgain does: freeform items
// `----:com.apple.iTunes:REPLAYGAIN_TRACK_GAIN` (…_PEAK, and the album's when measured) in moov/udta/meta/ilst,
// each a `mean`, a `name` and a UTF-8 `data` atom. Items of those names (in any case) are replaced, every other
// item and atom is copied as it is, and missing udta, meta (with its `mdir` handler) or ilst atoms are made.
//
// The audio bytes never move in the file's own terms: when moov comes before the media data, a moov grown or
// shrunk by `delta` bytes moves the data after it, so every chunk offset of every track (`stco`, `co64`)
// that points past moov is moved by `delta` too; an offset that would no longer fit `stco`'s 32 bits is
// refused. Fragmented files (`moof`) carry offsets in places this writer does not rewrite and are refused.
//
// Hand-written, as the FLAC, Ogg and ID3 writers beside it are: the one library in Debian that edits MP4
// items (TagLib 1.13, libtag1-dev) is C++ with a C binding that has no freeform items, and it rewrites the
// file in place, where tunes writes a copy and renames it (ReplayGainTagWriter.replace). What is parsed
// here is the atom tree down to ilst and the chunk offset tables, nothing of the audio.
import Foundation

enum MP4TagWriter {
  /// The freeform items' `mean`.
  static let mean = "com.apple.iTunes"

  static func rewrite(_ file: [UInt8], path: String, fields: [(String, String)]) throws(TagWriteError) -> [UInt8] {
    let top = try atoms(file, in: 0..<file.count, path: path, parent: "the file")
    if let fragment = top.first(where: { $0.type == "moof" }) {
      throw .malformed(path: path, reason: "atom 'moof' at byte \(fragment.offset): fragmented MP4 files are not written")
    }
    guard top.contains(where: { $0.type == "ftyp" }) else { throw .malformed(path: path, reason: "no 'ftyp' atom") }
    let moovs = top.filter { $0.type == "moov" }
    guard moovs.count == 1, let moov = moovs.first else {
      throw .malformed(path: path, reason: moovs.isEmpty ? "no 'moov' atom" : "\(moovs.count) 'moov' atoms")
    }
    var body = try rebuiltMoov(file, moov, path: path, fields: fields)
    // Chunk offsets point into the file: past moov they move with its new length.
    let delta = (8 + body.count) - (moov.end - moov.offset)
    if delta != 0, top.contains(where: { $0.type == "mdat" && $0.offset > moov.offset }) {
      try shiftChunkOffsets(&body, past: moov.offset, by: delta, path: path)
    }
    return Array(file[0..<moov.offset]) + header("moov", body.count) + body + file[moov.end...]
  }

  /// One atom: `type`, where its header starts, and its contents.
  struct Atom {
    var type: String
    var offset: Int
    var body: Range<Int>
    var end: Int { body.upperBound }
  }

  /// The atoms filling `range`, each checked to fit; a damaged one is refused naming it and its byte.
  static func atoms(_ file: [UInt8], in range: Range<Int>, path: String, parent: String) throws(TagWriteError) -> [Atom] {
    var out: [Atom] = []
    var p = range.lowerBound
    while p < range.upperBound {
      guard range.upperBound - p >= 8 else {
        throw .malformed(path: path, reason: "\(parent) ends with \(range.upperBound - p) bytes that are no atom (at byte \(p))")
      }
      var size = Int(be32(file, p))
      let type = String(decoding: file[p + 4..<p + 8].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
      var headerSize = 8
      if size == 1 {
        guard range.upperBound - p >= 16 else { throw .malformed(path: path, reason: "atom '\(type)' at byte \(p) is cut off") }
        let large = UInt64(be32(file, p + 8)) << 32 | UInt64(be32(file, p + 12))
        guard large <= UInt64(Int.max) else { throw .malformed(path: path, reason: "atom '\(type)' at byte \(p) is too large") }
        size = Int(large)
        headerSize = 16
      } else if size == 0 {
        size = range.upperBound - p
      }
      guard size >= headerSize, size <= range.upperBound - p else {
        throw .malformed(
          path: path, reason: "atom '\(type)' at byte \(p) is \(size) bytes, but \(parent) has \(range.upperBound - p) left")
      }
      out.append(Atom(type: type, offset: p, body: p + headerSize..<p + size))
      p += size
    }
    return out
  }

  /// moov's contents with udta/meta/ilst holding the new items (made where missing).
  private static func rebuiltMoov(_ file: [UInt8], _ moov: Atom, path: String, fields: [(String, String)])
    throws(TagWriteError) -> [UInt8]
  {
    let children = try atoms(file, in: moov.body, path: path, parent: "atom 'moov'")
    guard let udta = children.first(where: { $0.type == "udta" }) else {
      return Array(file[moov.body]) + atom("udta", newMeta(fields))
    }
    let udtaChildren = try atoms(file, in: udta.body, path: path, parent: "atom 'udta'")
    var newUdta: [UInt8]
    if let meta = udtaChildren.first(where: { $0.type == "meta" }) {
      // meta is a full atom: a version and flags before its children.
      guard meta.body.count >= 4 else { throw .malformed(path: path, reason: "atom 'meta' at byte \(meta.offset) is cut off") }
      let metaChildren = try atoms(file, in: meta.body.lowerBound + 4..<meta.body.upperBound, path: path, parent: "atom 'meta'")
      var newMeta = Array(file[meta.body.lowerBound..<meta.body.lowerBound + 4])
      if !metaChildren.contains(where: { $0.type == "hdlr" }) { newMeta += handler }
      var placed = false
      for child in metaChildren {
        if child.type == "ilst" && !placed {
          newMeta += atom("ilst", try newItems(file, child, path: path, fields: fields))
          placed = true
        } else {
          newMeta += file[child.offset..<child.end]
        }
      }
      if !placed { newMeta += atom("ilst", items(fields)) }
      newUdta = []
      for child in udtaChildren {
        newUdta += child.offset == meta.offset ? atom("meta", newMeta) : Array(file[child.offset..<child.end])
      }
    } else {
      newUdta = Array(file[udta.body]) + atom("meta", newMeta(fields))
    }
    var out: [UInt8] = []
    for child in children {
      out += child.offset == udta.offset ? atom("udta", newUdta) : Array(file[child.offset..<child.end])
    }
    return out
  }

  /// ilst's items without the ReplayGain ones, then the new ones.
  private static func newItems(_ file: [UInt8], _ ilst: Atom, path: String, fields: [(String, String)])
    throws(TagWriteError) -> [UInt8]
  {
    var out: [UInt8] = []
    for item in try atoms(file, in: ilst.body, path: path, parent: "atom 'ilst'") {
      if item.type == "----" {
        let parts = try atoms(file, in: item.body, path: path, parent: "item '----' at byte \(item.offset)")
        if let name = parts.first(where: { $0.type == "name" }), name.body.count >= 4,
          ReplayGainValues.ownedNames.contains(
            String(decoding: file[name.body.lowerBound + 4..<name.body.upperBound], as: UTF8.self).uppercased())
        {
          continue
        }
      }
      out += file[item.offset..<item.end]
    }
    return out + items(fields)
  }

  /// A meta atom holding only the items (and the handler iTunes and mutagen expect).
  private static func newMeta(_ fields: [(String, String)]) -> [UInt8] {
    [0, 0, 0, 0] + handler + atom("ilst", items(fields))
  }

  /// hdlr of type `mdir` by `appl`, as iTunes writes it.
  static let handler: [UInt8] = atom("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("mdirappl".utf8) + [UInt8](repeating: 0, count: 9))

  /// The freeform items of `fields`.
  static func items(_ fields: [(String, String)]) -> [UInt8] {
    fields.flatMap { name, value in
      atom(
        "----",
        atom("mean", [0, 0, 0, 0] + Array(mean.utf8)) + atom("name", [0, 0, 0, 0] + Array(name.utf8))
          + atom("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array(value.utf8)))
    }
  }

  /// Adds `delta` to every chunk offset past `start` in the stco and co64 tables of moov's tracks.
  private static func shiftChunkOffsets(_ moov: inout [UInt8], past start: Int, by delta: Int, path: String)
    throws(TagWriteError)
  {
    var tables: [Atom] = []
    for trak in try atoms(moov, in: 0..<moov.count, path: path, parent: "atom 'moov'") where trak.type == "trak" {
      guard let stbl = try find(moov, ["mdia", "minf", "stbl"], in: trak, path: path) else { continue }
      tables += try atoms(moov, in: stbl.body, path: path, parent: "atom 'stbl'").filter {
        $0.type == "stco" || $0.type == "co64"
      }
    }
    for table in tables {
      let wide = table.type == "co64"
      let width = wide ? 8 : 4
      guard table.body.count >= 8 else { throw .malformed(path: path, reason: "atom '\(table.type)' is cut off") }
      let count = Int(be32(moov, table.body.lowerBound + 4))
      guard count <= (table.body.count - 8) / width else {
        throw .malformed(path: path, reason: "atom '\(table.type)' lists \(count) chunks but holds fewer")
      }
      for k in 0..<count {
        let at = table.body.lowerBound + 8 + k * width
        let offset = wide ? Int(be32(moov, at)) << 32 | Int(be32(moov, at + 4)) : Int(be32(moov, at))
        guard offset > start else { continue }
        let moved = offset + delta
        if wide {
          put32(&moov, at, UInt32(truncatingIfNeeded: moved >> 32))
          put32(&moov, at + 4, UInt32(truncatingIfNeeded: moved))
        } else {
          guard moved >= 0, moved <= Int(UInt32.max) else {
            throw .malformed(path: path, reason: "atom 'stco': a chunk offset would pass 4 GiB")
          }
          put32(&moov, at, UInt32(moved))
        }
      }
    }
  }

  /// The atom at `names` under `parent` (each step's first of that name), nil when one is missing.
  private static func find(_ bytes: [UInt8], _ names: [String], in parent: Atom, path: String) throws(TagWriteError) -> Atom? {
    var current = parent
    for name in names {
      guard
        let next = try atoms(bytes, in: current.body, path: path, parent: "atom '\(current.type)'").first(where: {
          $0.type == name
        })
      else { return nil }
      current = next
    }
    return current
  }

  static func atom(_ type: String, _ body: [UInt8]) -> [UInt8] { header(type, body.count) + body }

  /// A 32-bit header, or a 64-bit one for a body past 4 GiB.
  static func header(_ type: String, _ bodySize: Int) -> [UInt8] {
    let size = bodySize + 8
    guard size > Int(UInt32.max) else { return be(UInt32(size)) + Array(type.utf8) }
    return be(1) + Array(type.utf8) + be(UInt32(truncatingIfNeeded: (size + 8) >> 32)) + be(UInt32(truncatingIfNeeded: size + 8))
  }

  static func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) } }

  static func be32(_ bytes: [UInt8], _ i: Int) -> UInt32 {
    UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
  }

  static func put32(_ bytes: inout [UInt8], _ i: Int, _ value: UInt32) {
    for (k, byte) in be(value).enumerated() { bytes[i + k] = byte }
  }
}
