// Gathers the frames of one ID3v2 tag before anything is decided: the values of every text frame by id, the
// TXXX values this reader uses by description, the chosen comment and lyrics, the MusicBrainz UFID and the
// RVA2 ReplayGain. ID3v2FrameCollector+TagSet then maps them to the model. Gathering first lets a frame
// take precedence over another (TDRC over TYER, GRP1 over TIT1) whatever order the tag stores them in.
//
// A text frame that appears twice adds its new values to the first one's, as mutagen merges them. Counts
// and lengths are capped so a hostile tag (100,000 genres, a 50 MB title) costs bounded memory; what is
// cut is named in one warning per frame.

struct ID3v2FrameCollector {
  var warnings: [String] = []
  var pictures: [EmbeddedPicture] = []
  /// Values of the text frames (ID3v2.2 ids already mapped to their v2.3 equivalents) and of the TXXX
  /// frames this reader uses.
  var texts = FrameValues()
  var comment: String?
  var lyrics: String?
  /// The first SYLT frame's lines, when its times are in milliseconds (ID3v2FrameCollector+SYLT).
  var syncedLyrics: [TimedLyric]?
  /// The first SYLT frame's lines, when its times are in MPEG frames.
  var frameTimedLyrics: MPEGFrameLyrics?
  /// The UFID owned by http://musicbrainz.org, already checked to be an MBID.
  var ufidRecording: String?
  /// The MusicBrainz id values as written (the UFID's, the TXXX frames'), before they were made canonical.
  var writtenIDs: [MBIDField: [String]] = [:]
  /// ReplayGain from RVA2 frames identified "track" and "album".
  var relativeVolume = ReplayGainTags()
  /// ID3v2.2 and v2.3 have no value separator: Picard and mutagen join the values of a list with "/"
  /// there (TXXX:ARTISTS "A/B"), where v2.4 separates them with NULs.
  var joinsListsWithSlash = false
  /// 2: comment with an empty description, 1: with another description, 0: none yet.
  private var commentRank = 0
  /// Ids whose value cap was already reported, so a tag of 100,000 frames gives one warning, not 100,000.
  private var reportedCaps: Set<UInt32> = []

  /// Values kept per field; the rest are dropped with a warning.
  static let maxValues = 1000
  /// Bytes kept per value, and per lyrics or comment text.
  static let maxValueBytes = 1 << 16
  static let maxLongValueBytes = 1 << 20

  /// Applies one frame. `data` is the frame content after flags were handled (unsynchronisation undone);
  /// `where_` names the frame for warnings ("ID3v2.4 frame TXXX at byte 1234"); it is built only when a
  /// warning is given, since building it for every frame was a visible cost.
  mutating func apply(_ id: UInt32, _ data: UnsafeRawBufferPointer, where where_: @autoclosure () -> String) {
    guard data.count >= 1 else { return }
    if id == FrameID.UFID { return applyUFID(data, where: where_()) }
    if id == FrameID.RVA2 { return applyRelativeVolume(data, where: where_()) }
    let encodingByte = data[0]
    guard let encoding = ID3TextEncoding(rawValue: encodingByte) else {
      warnings.append("\(where_()): unknown text encoding \(encodingByte); frame skipped")
      return
    }
    let body = data.sub(1..<data.count)
    switch id {
    case FrameID.APIC, FrameID.PIC: applyPicture(body, encoding, v22: id == FrameID.PIC, where: where_())
    case FrameID.COMM: applyComment(body, encoding, where: where_())
    case FrameID.USLT: applyLyrics(body, encoding, where: where_())
    case FrameID.SYLT: applySyncedLyrics(body, encoding, where: where_())
    case FrameID.TXXX: applyUserText(body, encoding, where: where_())
    default:
      let values = capped(ID3Text.values(body, encoding, limit: Self.maxValues + 1), where: where_())
      guard let slot = FrameValues.slot(id) else { return }
      var list = texts[slot: slot]
      texts[slot: slot] = []
      merge(values, into: &list, id: id, where: where_())
      texts[slot: slot] = list
    }
  }

  /// Adds the values not already there, as mutagen merges a repeated text frame; stops at the value cap and
  /// reports it once per frame id.
  private mutating func merge(_ values: [String], into list: inout [String], id: UInt32, where where_: @autoclosure () -> String)
  {
    if Self.merge(values, into: &list) && reportedCaps.insert(id).inserted {
      warnings.append("\(where_()): the frame repeats past \(Self.maxValues) values; the rest are dropped")
    }
  }

  /// True when values were dropped at the cap.
  private static func merge(_ values: [String], into list: inout [String]) -> Bool {
    if list.isEmpty {
      list = values
      return false
    }
    if list.count >= maxValues { return !values.isEmpty }
    for value in values where !list.contains(value) {
      guard list.count < maxValues else { return true }
      list.append(value)
    }
    return false
  }

  /// `values` cut to the value cap and each value to the length cap, with one warning for what was cut.
  private mutating func capped(_ values: [String], where where_: @autoclosure () -> String, maxBytes: Int = maxValueBytes)
    -> [String]
  {
    var values = values
    if values.count > Self.maxValues {
      values.removeLast(values.count - Self.maxValues)
      warnings.append("\(where_()): more than \(Self.maxValues) values; only the first \(Self.maxValues) kept")
    }
    for k in values.indices where values[k].utf8.count > maxBytes {
      warnings.append("\(where_()): a value of \(values[k].utf8.count) bytes cut to \(maxBytes)")
      values[k] = Self.prefix(values[k], bytes: maxBytes)
    }
    return values
  }

  /// The longest prefix of `text` of at most `bytes` UTF-8 bytes that ends on a whole character.
  static func prefix(_ text: String, bytes: Int) -> String {
    var end = bytes
    let utf8 = Array(text.utf8)
    while end > 0 && end < utf8.count && utf8[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: utf8[..<end], as: UTF8.self)
  }

  private func joinedValues(_ values: [String]) -> String? {
    values.isEmpty ? nil : values.count == 1 ? values[0] : values.joined(separator: "; ")
  }

  /// COMM: language (3 bytes), a terminated description, then the text. Comments with a description are
  /// mostly machine notes (iTunNORM, iTunSMPB), so one without a description wins.
  private mutating func applyComment(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, where where_: @autoclosure () -> String
  ) {
    guard body.count > 3, commentRank < 2 else { return }
    let (description, next) = ID3Text.terminated(body, from: 3, encoding)
    let rank = description.isEmpty ? 2 : 1
    guard rank > commentRank, !description.hasPrefix("iTun") else { return }
    let values = ID3Text.values(body.sub(next..<body.count), encoding, limit: Self.maxValues + 1)
    guard let text = joinedValues(capped(values, where: where_(), maxBytes: Self.maxLongValueBytes)) else { return }
    comment = text
    commentRank = rank
  }

  /// USLT: language (3 bytes), a terminated description, then the lyrics up to a terminator. The first
  /// frame wins: files rarely hold several, and then in different languages with no order to prefer.
  private mutating func applyLyrics(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, where where_: @autoclosure () -> String
  ) {
    guard lyrics == nil, body.count > 3 else { return }
    let next = ID3Text.terminated(body, from: 3, encoding).next
    let text = ID3Text.terminated(body, from: next, encoding).text
    guard !text.isEmpty else { return }
    lyrics = capped([text], where: where_(), maxBytes: Self.maxLongValueBytes)[0]
  }

  /// TXXX: a terminated description naming the field, then its value(s). Only the descriptions in
  /// `UserText` are kept; repeated ones merge their values like repeated text frames.
  private mutating func applyUserText(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, where where_: @autoclosure () -> String
  ) {
    let (description, next) = ID3Text.terminated(body, from: 0, encoding)
    guard let slot = FrameValues.slot(description: description) else { return }
    var values = capped(ID3Text.values(body.sub(next..<body.count), encoding, limit: Self.maxValues + 1), where: where_())
    if FrameValues.holdsMBIDs(slot) {
      if let field = FrameValues.idField(slot), field != .recording || ufidRecording == nil {
        writtenIDs[field, default: []] += values
      }
      values = mbids(values, description, where: where_())
    }
    if joinsListsWithSlash && FrameValues.holdsNameList(slot) { values = Self.slashSplit(values) }
    var list = texts[slot: slot]
    texts[slot: slot] = []
    merge(values, into: &list, id: FrameID.TXXX, where: where_())
    texts[slot: slot] = list
  }

  /// Each value cut at its "/" (empty parts dropped): how a v2.3 list of names written as one is read.
  /// Only lists of names are cut, and only in TXXX: a TPE1 "AC/DC" is one artist.
  static func slashSplit(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }
  }

  /// The MusicBrainz ids in `values` (one or several per value) in canonical form; the rest are dropped
  /// with a warning.
  private mutating func mbids(_ values: [String], _ name: String, where where_: @autoclosure () -> String) -> [String] {
    var ids: [String] = []
    for value in values {
      for part in MBID.split(value) {
        if let id = MBID.normalized(part) {
          if !ids.contains(id) { ids.append(id) }
        } else {
          warnings.append("\(where_()): \(name) \"\(part)\" is not a valid MBID; dropped")
        }
      }
    }
    return ids
  }

  /// APIC: a Latin-1 MIME type and NUL, the picture type, a terminated description, then the image.
  /// v2.2's PIC has a 3-letter image format ("JPG", "PNG") in place of the MIME type. A MIME type of
  /// "-->" means the data is a link to the image, which is not followed.
  private mutating func applyPicture(
    _ body: UnsafeRawBufferPointer, _ encoding: ID3TextEncoding, v22: Bool, where where_: @autoclosure () -> String
  ) {
    var next: Int
    var mimeType: String?
    if v22 {
      guard body.count >= 4 else { return warnings.append("\(where_()): picture frame is too short; skipped") }
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
    guard next < body.count else { return warnings.append("\(where_()): picture frame is too short; skipped") }
    let pictureType = body[next]
    next = ID3Text.terminated(body, from: next + 1, encoding).next
    guard next < body.count else { return warnings.append("\(where_()): picture frame holds no image; skipped") }
    pictures.append(EmbeddedPicture(mimeType: mimeType, pictureType: pictureType, data: Array(body.sub(next..<body.count))))
  }

  /// UFID: a Latin-1 owner URL, NUL, then up to 64 bytes of identifier. MusicBrainz stores the recording id.
  private mutating func applyUFID(_ data: UnsafeRawBufferPointer, where where_: @autoclosure () -> String) {
    let (owner, next) = ID3Text.terminated(data, from: 0, .latin1)
    guard owner == "http://musicbrainz.org", ufidRecording == nil else { return }
    let raw = ID3Text.latin1(data.sub(next..<min(data.count, next + 64)))
    if let id = MBID.normalized(raw) {
      ufidRecording = id
      writtenIDs[.recording] = [raw]
    } else {
      warnings.append("\(where_()): MusicBrainz recording id \"\(raw.trimmingSpaces())\" is not a valid MBID; dropped")
    }
  }

  /// RVA2: a Latin-1 identification, then adjustments of one channel each. As in mutagen, only the first
  /// adjustment is read and a later frame with the same identification replaces an earlier one; as in
  /// mutagen's ReplayGain mapping, it counts only on the master volume channel, for the identifications
  /// "track" and "album" (here in any case).
  private mutating func applyRelativeVolume(_ data: UnsafeRawBufferPointer, where where_: @autoclosure () -> String) {
    let (identification, next) = ID3Text.terminated(data, from: 0, .latin1)
    guard let adjustment = RelativeVolume(data, at: next) else {
      return warnings.append("\(where_()): relative volume adjustment is cut off; skipped")
    }
    let master = adjustment.channel == 1
    switch identification.lowercased() {
    case "track":
      relativeVolume.trackGain = master ? adjustment.gain : nil
      relativeVolume.trackPeak = master ? adjustment.peak : nil
    case "album":
      relativeVolume.albumGain = master ? adjustment.gain : nil
      relativeVolume.albumPeak = master ? adjustment.peak : nil
    default: break
    }
  }
}
