// What the ID3v2 frames mean: the frame ids this reader uses (as big-endian integers, so the hot loop never
// builds strings), the ID3v2.2 three-letter aliases, and how each frame's bytes fill a TagSet.

/// Frame ids as the big-endian integer of their four ASCII letters.
enum FrameID {
  static let TIT2: UInt32 = 0x5449_5432
  static let TPE1: UInt32 = 0x5450_4531
  static let TPE2: UInt32 = 0x5450_4532
  static let TALB: UInt32 = 0x5441_4C42
  static let TRCK: UInt32 = 0x5452_434B
  static let TPOS: UInt32 = 0x5450_4F53
  static let TYER: UInt32 = 0x5459_4552
  static let TDRC: UInt32 = 0x5444_5243
  static let TDOR: UInt32 = 0x5444_4F52
  static let TORY: UInt32 = 0x544F_5259
  static let TCON: UInt32 = 0x5443_4F4E
  static let TCMP: UInt32 = 0x5443_4D50
  static let TCOM: UInt32 = 0x5443_4F4D
  static let COMM: UInt32 = 0x434F_4D4D
  static let UFID: UInt32 = 0x5546_4944
  static let TXXX: UInt32 = 0x5458_5858
  static let APIC: UInt32 = 0x4150_4943
  /// ID3v2.2's picture frame keeps its own id: its layout differs from APIC's (a 3-letter image format).
  static let PIC: UInt32 = 0x50_4943

  /// The ID3v2.3 id of an ID3v2.2 three-letter id this reader uses, or 0 for the ones it ignores.
  static func fromV22(_ id: UInt32) -> UInt32 {
    switch id {
    case 0x54_5432: return TIT2  // TT2
    case 0x54_5031: return TPE1  // TP1
    case 0x54_5032: return TPE2  // TP2
    case 0x54_414C: return TALB  // TAL
    case 0x54_524B: return TRCK  // TRK
    case 0x54_5041: return TPOS  // TPA
    case 0x54_5945: return TYER  // TYE
    case 0x54_434F: return TCON  // TCO
    case 0x54_4350: return TCMP  // TCP (iTunes)
    case 0x54_434D: return TCOM  // TCM
    case 0x43_4F4D: return COMM  // COM
    case 0x55_4649: return UFID  // UFI
    case 0x54_5858: return TXXX  // TXX
    case 0x54_4F52: return TORY  // TOR
    case PIC: return PIC
    default: return 0
    }
  }

  /// True for the ids whose content this reader uses; every other frame is skipped by its size.
  static func isWanted(_ id: UInt32) -> Bool {
    switch id {
    case TIT2, TPE1, TPE2, TALB, TRCK, TPOS, TYER, TDRC, TDOR, TORY, TCON, TCMP, TCOM, COMM, UFID, TXXX: return true
    default: return false
    }
  }

  static func isPicture(_ id: UInt32) -> Bool { id == APIC || id == PIC }

  /// The id as text, for warnings only.
  static func name(_ id: UInt32, width: Int) -> String {
    var bytes: [UInt8] = []
    for k in stride(from: width - 1, through: 0, by: -1) {
      let b = UInt8(truncatingIfNeeded: id >> (8 * UInt32(k)))
      bytes.append(b >= 0x20 && b < 0x7F ? b : 0x3F)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Collects the frames of one ID3v2 tag into a TagSet, keeping the first value of each field.
struct ID3v2FrameCollector {
  var tags = TagSet()
  var warnings: [String] = []
  var pictures: [EmbeddedPicture] = []
  /// The year came from an original-release frame (TDOR/TORY), which TDRC/TYER override.
  private var yearIsOriginal = false
  /// 2: comment with an empty description, 1: with another description, 0: none yet.
  private var commentRank = 0
  /// Multi-value text frames are joined with this (ID3v2.4 separates values with NUL).
  static let joiner = "; "

  /// Applies one frame. `data` is the frame content after flags were handled (unsynchronisation undone);
  /// `where_` names the frame for warnings ("TXXX at byte 1234").
  mutating func apply(_ id: UInt32, _ data: UnsafeRawBufferPointer, where where_: @autoclosure () -> String) {
    guard data.count >= 1 else { return }
    if id == FrameID.UFID {
      applyUFID(data, where: where_())
      return
    }
    let encodingByte = data[0]
    guard let encoding = ID3TextEncoding(rawValue: encodingByte) else {
      warnings.append("\(where_()): unknown text encoding \(encodingByte); frame skipped")
      return
    }
    let body = data.sub(1..<data.count)
    if FrameID.isPicture(id) {
      applyPicture(body, encoding, v22: id == FrameID.PIC, where: where_())
      return
    }
    switch id {
    case FrameID.TIT2: setText(&tags.title, body, encoding)
    case FrameID.TPE1: setText(&tags.artist, body, encoding)
    case FrameID.TPE2: setText(&tags.albumArtist, body, encoding)
    case FrameID.TALB: setText(&tags.album, body, encoding)
    case FrameID.TCOM: setText(&tags.composer, body, encoding)
    case FrameID.TRCK:
      if tags.trackNumber == nil, let text = ID3Text.values(body, encoding).first {
        (tags.trackNumber, tags.trackTotal) = TagValues.numberPair(text)
      }
    case FrameID.TPOS:
      if tags.discNumber == nil, let text = ID3Text.values(body, encoding).first {
        (tags.discNumber, tags.discTotal) = TagValues.numberPair(text)
      }
    case FrameID.TDRC, FrameID.TYER:
      if tags.year == nil || yearIsOriginal, let text = ID3Text.values(body, encoding).first,
        let year = TagValues.year(text)
      {
        tags.year = year
        yearIsOriginal = false
      }
    case FrameID.TDOR, FrameID.TORY:
      if tags.year == nil, let text = ID3Text.values(body, encoding).first, let year = TagValues.year(text) {
        tags.year = year
        yearIsOriginal = true
      }
    case FrameID.TCON:
      if tags.genres.isEmpty {
        var genres: [String] = []
        for value in ID3Text.values(body, encoding) {
          for genre in ID3Genres.resolve(value) where !genres.contains(genre) { genres.append(genre) }
        }
        tags.genres = genres
      }
    case FrameID.TCMP:
      if let text = ID3Text.values(body, encoding).first { tags.isCompilation = TagValues.isTrue(text) }
    case FrameID.COMM: applyComment(body, encoding)
    case FrameID.TXXX: applyUserText(body, encoding, where: where_())
    default: break
    }
  }

  private func firstText(_ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding) -> String? {
    let values = ID3Text.values(body, encoding)
    if values.isEmpty { return nil }
    return values.count == 1 ? values[0] : values.joined(separator: Self.joiner)
  }

  private func setText(_ field: inout String?, _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding) {
    if field == nil { field = firstText(body, encoding) }
  }

  /// COMM: language (3 bytes), a terminated description, then the text. Comments with a description are
  /// mostly machine notes (iTunNORM, iTunSMPB), so one without a description wins.
  private mutating func applyComment(_ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding) {
    guard body.count > 3, commentRank < 2 else { return }
    let (description, next) = ID3Text.terminated(body, from: 3, encoding)
    let rank = description.isEmpty ? 2 : 1
    guard rank > commentRank, !description.hasPrefix("iTun") else { return }
    guard let text = firstText(body.sub(next..<body.count), encoding) else { return }
    tags.comment = text
    commentRank = rank
  }

  /// TXXX: a terminated description naming the field, then its value(s). Only MusicBrainz ids are read.
  private mutating func applyUserText(_ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, where where_: String) {
    let (description, next) = ID3Text.terminated(body, from: 0, encoding)
    guard description.utf8.count >= 14, description.lowercased().hasPrefix("musicbrainz ") else { return }
    let key = description.lowercased()
    let values = ID3Text.values(body.sub(next..<body.count), encoding)
    switch key {
    case "musicbrainz album id":
      if tags.releaseMbid == nil { tags.releaseMbid = single(values, description, where_) }
    case "musicbrainz release group id":
      if tags.releaseGroupMbid == nil { tags.releaseGroupMbid = single(values, description, where_) }
    case "musicbrainz artist id":
      if tags.artistMbids.isEmpty { tags.artistMbids = several(values, description, where_) }
    case "musicbrainz album artist id":
      if tags.albumArtistMbids.isEmpty { tags.albumArtistMbids = several(values, description, where_) }
    default: break
    }
  }

  /// APIC: a Latin-1 MIME type and NUL, the picture type, a terminated description, then the image.
  /// v2.2's PIC has a 3-letter image format ("JPG", "PNG") in place of the MIME type. A MIME type of
  /// "-->" means the data is a link to the image, which is not followed.
  private mutating func applyPicture(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, v22: Bool, where where_: String
  ) {
    var next: Int
    var mimeType: String?
    if v22 {
      guard body.count >= 4 else { return warnings.append("\(where_): picture frame is too short; skipped") }
      let format = ID3Text.latin1(body.sub(0..<3)).trimmingSpaces()
      switch format.uppercased() {
      case "JPG": mimeType = "image/jpeg"
      case "-->": mimeType = "-->"
      case "": mimeType = nil
      default: mimeType = "image/" + format.lowercased()
      }
      next = 3
    } else {
      let (mime, after) = ID3Text.terminated(body, from: 0, .latin1)
      mimeType = mime.isEmpty ? nil : mime
      next = after
    }
    guard mimeType != "-->" else { return }
    guard next < body.count else { return warnings.append("\(where_): picture frame is too short; skipped") }
    let pictureType = body[next]
    next = ID3Text.terminated(body, from: next + 1, encoding).next
    guard next < body.count else { return warnings.append("\(where_): picture frame holds no image; skipped") }
    pictures.append(EmbeddedPicture(mimeType: mimeType, pictureType: pictureType, data: Array(body.sub(next..<body.count))))
  }

  /// UFID: a Latin-1 owner URL, NUL, then up to 64 bytes of identifier. MusicBrainz stores the recording id.
  private mutating func applyUFID(_ data: UnsafeRawBufferPointer, where where_: String) {
    let (owner, next) = ID3Text.terminated(data, from: 0, .latin1)
    guard owner == "http://musicbrainz.org", tags.recordingMbid == nil else { return }
    let raw = ID3Text.latin1(data.sub(next..<data.count))
    if let id = MBID.normalized(raw) {
      tags.recordingMbid = id
    } else {
      warnings.append("\(where_): MusicBrainz recording id \"\(raw.trimmingSpaces())\" is not a valid MBID; dropped")
    }
  }

  private mutating func single(_ values: [String], _ name: String, _ where_: String) -> String? {
    guard let first = values.first else { return nil }
    if let id = MBID.normalized(first) { return id }
    warnings.append("\(where_): \(name) \"\(first.trimmingSpaces())\" is not a valid MBID; dropped")
    return nil
  }

  private mutating func several(_ values: [String], _ name: String, _ where_: String) -> [String] {
    var ids: [String] = []
    for value in values {
      for part in MBID.split(value) {
        if let id = MBID.normalized(part) {
          if !ids.contains(id) { ids.append(id) }
        } else {
          warnings.append("\(where_): \(name) \"\(part)\" is not a valid MBID; dropped")
        }
      }
    }
    return ids
  }
}
