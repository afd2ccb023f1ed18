// The iTunes-style tag items of an MP4 file's ilst atom, into the common TagSet: "©nam"-style atoms and
// freeform `----` atoms (mean "com.apple.iTunes", a name, data), which is where MusicBrainz Picard puts
// MusicBrainz ids and ReplayGain. Each item holds one or more `data` atoms: several values of a field.

struct MP4Items {
  var tags = TagSet()
  var iTunSMPB: String?
  var warnings: [String] = []
  /// Offsets of the covr item's data atoms (the pictures), for PictureReader.
  var covers: [(type: UInt32, data: Range<Int>)] = []

  /// The values of one item: each data atom's type indicator and bytes.
  private struct Value {
    var kind: UInt32
    var bytes: Range<Int>
  }

  mutating func read(_ buffer: UnsafeRawBufferPointer, _ ilst: MP4Atom, path: String) throws {
    var artists: [String] = []
    var freeArtists: [String] = []
    var albumArtists: [String] = []
    for item in try MP4Reader.children(buffer, ilst, path: path) {
      let inner = try MP4Reader.children(buffer, item, path: path)
      var values: [Value] = []
      var freeName: String?
      for atom in inner {
        let b = atom.body
        switch atom.type {
        case MP4Atom.code("data") where b.count >= 8:
          values.append(Value(kind: buffer.be32(b.lowerBound) & 0x00FF_FFFF, bytes: b.lowerBound + 8..<b.upperBound))
        case MP4Atom.code("name") where b.count >= 4:
          freeName = String(decoding: buffer.sub(b.lowerBound + 4..<b.upperBound), as: UTF8.self)
        default: break
        }
      }
      let texts = values.map { String(decoding: buffer.sub($0.bytes), as: UTF8.self).trimmingSpaces() }.filter { !$0.isEmpty }
      let text = texts.first
      func integer(_ v: Value) -> Int? {
        let b = v.bytes
        switch b.count {
        case 1: return Int(Int8(bitPattern: buffer[b.lowerBound]))
        case 2: return Int(Int16(bitPattern: buffer.be16(b.lowerBound)))
        case 4: return Int(Int32(bitPattern: buffer.be32(b.lowerBound)))
        case 8: return Int(Int64(bitPattern: UInt64(buffer.be32(b.lowerBound)) << 32 | UInt64(buffer.be32(b.lowerBound + 4))))
        default: return nil
        }
      }
      /// trkn/disk: two reserved bytes, the number, the total (each 16 bits).
      func pair(_ v: Value?) -> (Int?, Int?) {
        guard let v, v.bytes.count >= 6 else { return (nil, nil) }
        let n = Int(buffer.be16(v.bytes.lowerBound + 2))
        let t = Int(buffer.be16(v.bytes.lowerBound + 4))
        return (n > 0 ? n : nil, t > 0 ? t : nil)
      }
      switch item.type {
      case MP4Atom.copyright("nam"): tags.title = text
      case MP4Atom.copyright("ART"): artists += texts
      case MP4Atom.code("aART"): albumArtists += texts
      case MP4Atom.copyright("alb"): tags.album = text
      case MP4Atom.copyright("wrt"): tags.composers += texts
      case MP4Atom.copyright("gen"): tags.genres += texts
      case MP4Atom.code("gnre"):
        // An ID3v1 genre number plus one, when no text genre is given.
        if tags.genres.isEmpty, let v = values.first, let n = integer(v), n >= 1, n - 1 < ID3Genres.names.count {
          tags.genres = [ID3Genres.names[n - 1]]
        }
      case MP4Atom.copyright("day"): tags.date = text
      case MP4Atom.code("trkn"): (tags.trackNumber, tags.trackTotal) = pair(values.first)
      case MP4Atom.code("disk"): (tags.discNumber, tags.discTotal) = pair(values.first)
      case MP4Atom.code("cpil"): tags.isCompilation = values.first.flatMap(integer).map { $0 != 0 } ?? false
      case MP4Atom.code("tmpo"): tags.bpm = values.first.flatMap(integer).flatMap { $0 > 0 ? $0 : nil }
      case MP4Atom.copyright("cmt"): tags.comment = text
      case MP4Atom.copyright("lyr"): tags.lyrics = text
      case MP4Atom.copyright("grp"): tags.grouping = text
      case MP4Atom.copyright("wrk"): tags.work = text
      case MP4Atom.copyright("mvn"): tags.movement = text
      case MP4Atom.copyright("mvi"): tags.movementNumber = values.first.flatMap(integer)
      case MP4Atom.copyright("mvc"): tags.movementTotal = values.first.flatMap(integer)
      case MP4Atom.code("sonm"): tags.titleSort = text
      case MP4Atom.code("soar"): tags.artistSort = text
      case MP4Atom.code("soal"): tags.albumSort = text
      case MP4Atom.code("soaa"): tags.albumArtistSort = text
      case MP4Atom.code("soco"): tags.composerSort = text
      case MP4Atom.code("covr"): covers += values.map { ($0.kind, $0.bytes) }
      case MP4Atom.code("----"):
        guard let freeName else { break }
        freeform(freeName.uppercased(), texts, artists: &freeArtists)
      default: break
      }
    }
    if !artists.isEmpty { tags.artist = artists.joined(separator: "; ") }
    tags.artists = freeArtists.isEmpty ? artists : freeArtists
    if !albumArtists.isEmpty { tags.albumArtist = albumArtists.joined(separator: "; ") }
    tags.albumArtists = albumArtists
    tags.keepOnlyIDSpellings()
  }

  /// A `----:com.apple.iTunes:NAME` item, its name upper-cased, as Picard names them.
  private mutating func freeform(_ name: String, _ texts: [String], artists: inout [String]) {
    let text = texts.first
    switch name {
    case "ITUNSMPB": iTunSMPB = text
    case "ARTISTS": artists += texts
    case "MUSICBRAINZ TRACK ID", "MUSICBRAINZ RELEASE TRACK ID", "MUSICBRAINZ ALBUM ID", "MUSICBRAINZ RELEASE GROUP ID",
      "MUSICBRAINZ ARTIST ID", "MUSICBRAINZ ALBUM ARTIST ID", "MUSICBRAINZ WORK ID":
      readIDs(name, texts)
    case "REPLAYGAIN_TRACK_GAIN": tags.replayGain.trackGain = text.flatMap(ReplayGainText.decibels)
    case "REPLAYGAIN_TRACK_PEAK": tags.replayGain.trackPeak = text.flatMap(ReplayGainText.number)
    case "REPLAYGAIN_ALBUM_GAIN": tags.replayGain.albumGain = text.flatMap(ReplayGainText.decibels)
    case "REPLAYGAIN_ALBUM_PEAK": tags.replayGain.albumPeak = text.flatMap(ReplayGainText.number)
    case "CONDUCTOR": tags.conductors += texts
    case "LYRICIST": tags.lyricists += texts
    case "LABEL": tags.labels += texts
    case "CATALOGNUMBER": tags.catalogNumber = text
    case "BARCODE": tags.barcode = text
    case "ISRC": tags.isrc = text
    case "DISCSUBTITLE": tags.discSubtitle = text
    case "ORIGINALDATE": tags.originalDate = text
    case "MIXRAMP_START": tags.mixRampStart = text
    case "MIXRAMP_END": tags.mixRampEnd = text
    default: break
    }
  }

  /// A MusicBrainz id item (Picard's names): its canonical ids into the model, the values as written beside
  /// them. A single id takes the item's first value, as the other single values do.
  private mutating func readIDs(_ name: String, _ texts: [String]) {
    let field: MBIDField
    switch name {
    case "MUSICBRAINZ TRACK ID": field = .recording
    case "MUSICBRAINZ RELEASE TRACK ID": field = .releaseTrack
    case "MUSICBRAINZ ALBUM ID": field = .release
    case "MUSICBRAINZ RELEASE GROUP ID": field = .releaseGroup
    case "MUSICBRAINZ ARTIST ID": field = .artist
    case "MUSICBRAINZ ALBUM ARTIST ID": field = .albumArtist
    default: field = .work
    }
    for text in texts { tags.noteWritten(text, field) }
    switch field {
    case .recording: tags.recordingMbid = texts.first.flatMap { mbid(name, $0) }
    case .releaseTrack: tags.releaseTrackMbid = texts.first.flatMap { mbid(name, $0) }
    case .release: tags.releaseMbid = texts.first.flatMap { mbid(name, $0) }
    case .releaseGroup: tags.releaseGroupMbid = texts.first.flatMap { mbid(name, $0) }
    case .artist: tags.artistMbids += texts.flatMap { MBID.split($0) }.compactMap { mbid(name, $0) }
    case .albumArtist: tags.albumArtistMbids += texts.flatMap { MBID.split($0) }.compactMap { mbid(name, $0) }
    case .work: tags.workMbids += texts.flatMap { MBID.split($0) }.compactMap { mbid(name, $0) }
    }
  }

  private mutating func mbid(_ name: String, _ value: String) -> String? {
    if let id = MBID.normalized(value) { return id }
    warnings.append("MP4 \(name) \"\(value)\" is not a MusicBrainz id and was ignored")
    return nil
  }
}
