// The values gathered from one ID3v2 tag, by frame id and by TXXX description, in a fixed array of slots
// rather than dictionaries: every file goes through here, and hashing ids and descriptions was a visible
// part of reading ten thousand files.

struct FrameValues {
  /// The text frames the reader maps, each with its slot.
  static let textIDs: [UInt32] = [
    FrameID.TIT1, FrameID.TIT2, FrameID.TIT3, FrameID.TPE1, FrameID.TPE2, FrameID.TPE3, FrameID.TALB,
    FrameID.TRCK, FrameID.TPOS, FrameID.TYER, FrameID.TDAT, FrameID.TDRC, FrameID.TDRL, FrameID.TDOR,
    FrameID.TORY, FrameID.TCON, FrameID.TCMP, FrameID.TCOM, FrameID.TEXT, FrameID.TSOT, FrameID.TSOP,
    FrameID.TSOA, FrameID.TSO2, FrameID.TSOC, FrameID.XSOT, FrameID.XSOP, FrameID.XSOA, FrameID.TSST,
    FrameID.MVNM, FrameID.MVIN, FrameID.GRP1, FrameID.TPUB, FrameID.TSRC, FrameID.TBPM, FrameID.TMCL,
    FrameID.TIPL, FrameID.IPLS,
  ]
  private var slots = [[String]](repeating: [], count: textIDs.count + UserText.allCases.count)

  /// The slot of a text frame id (its index in `textIDs`), nil for ids this reader does not map.
  static func slot(_ id: UInt32) -> Int? {
    switch id {
    case FrameID.TIT1: return 0
    case FrameID.TIT2: return 1
    case FrameID.TIT3: return 2
    case FrameID.TPE1: return 3
    case FrameID.TPE2: return 4
    case FrameID.TPE3: return 5
    case FrameID.TALB: return 6
    case FrameID.TRCK: return 7
    case FrameID.TPOS: return 8
    case FrameID.TYER: return 9
    case FrameID.TDAT: return 10
    case FrameID.TDRC: return 11
    case FrameID.TDRL: return 12
    case FrameID.TDOR: return 13
    case FrameID.TORY: return 14
    case FrameID.TCON: return 15
    case FrameID.TCMP: return 16
    case FrameID.TCOM: return 17
    case FrameID.TEXT: return 18
    case FrameID.TSOT: return 19
    case FrameID.TSOP: return 20
    case FrameID.TSOA: return 21
    case FrameID.TSO2: return 22
    case FrameID.TSOC: return 23
    case FrameID.XSOT: return 24
    case FrameID.XSOP: return 25
    case FrameID.XSOA: return 26
    case FrameID.TSST: return 27
    case FrameID.MVNM: return 28
    case FrameID.MVIN: return 29
    case FrameID.GRP1: return 30
    case FrameID.TPUB: return 31
    case FrameID.TSRC: return 32
    case FrameID.TBPM: return 33
    case FrameID.TMCL: return 34
    case FrameID.TIPL: return 35
    case FrameID.IPLS: return 36
    default: return nil
    }
  }

  /// The slot of a TXXX description, nil for descriptions this reader does not map.
  static func slot(description: String) -> Int? {
    let count = description.utf8.count
    guard count >= 4 && count <= 32, let key = UserText(description: description) else { return nil }
    return textIDs.count + key.rawValue
  }

  /// True for the slots of the MusicBrainz id descriptions, whose values are checked as they are read.
  static func holdsMBIDs(_ slot: Int) -> Bool {
    guard let key = UserText(rawValue: slot - textIDs.count) else { return false }
    return key.rawValue >= UserText.releaseMbid.rawValue && key.rawValue <= UserText.recordingMbid.rawValue
  }

  /// The MusicBrainz id field a slot of `holdsMBIDs` fills.
  static func idField(_ slot: Int) -> MBIDField? {
    switch UserText(rawValue: slot - textIDs.count) {
    case .releaseMbid: .release
    case .releaseGroupMbid: .releaseGroup
    case .artistMbid: .artist
    case .albumArtistMbid: .albumArtist
    case .releaseTrackMbid: .releaseTrack
    case .workMbid: .work
    case .recordingMbid: .recording
    default: nil
    }
  }

  /// True for the slots of the TXXX lists of names (ARTISTS, ALBUMARTISTS), which ID3v2.3 taggers join.
  static func holdsNameList(_ slot: Int) -> Bool {
    slot == textIDs.count + UserText.artists.rawValue || slot == textIDs.count + UserText.albumArtists.rawValue
  }

  subscript(slot slot: Int) -> [String] {
    get { slots[slot] }
    set { slots[slot] = newValue }
  }

  /// The values of a text frame, nil when the tag has none.
  subscript(id: UInt32) -> [String]? {
    guard let slot = Self.slot(id), !slots[slot].isEmpty else { return nil }
    return slots[slot]
  }

  /// The values of a TXXX description, nil when the tag has none.
  subscript(key: UserText) -> [String]? {
    let values = slots[Self.textIDs.count + key.rawValue]
    return values.isEmpty ? nil : values
  }
}

/// The TXXX descriptions the reader maps. They match in any case: taggers disagree ("REPLAYGAIN_TRACK_GAIN"
/// by Picard and loudgain, "replaygain_track_gain" by foobar2000).
enum UserText: Int, CaseIterable {
  case artists, albumArtists, albumArtistSort, work,
    ensemble, catalogNumber, barcode, releaseMbid,
    releaseGroupMbid, artistMbid, albumArtistMbid, releaseTrackMbid,
    workMbid, recordingMbid, trackGain, trackPeak,
    albumGain, albumPeak, mixRampStart, mixRampEnd

  /// The lowercased description of each case, as bytes.
  static let keys: [[UInt8]] = [
    Array("artists".utf8),
    Array("albumartists".utf8),
    Array("albumartistsort".utf8),
    Array("work".utf8),
    Array("ensemble".utf8),
    Array("catalognumber".utf8),
    Array("barcode".utf8),
    Array("musicbrainz album id".utf8),
    Array("musicbrainz release group id".utf8),
    Array("musicbrainz artist id".utf8),
    Array("musicbrainz album artist id".utf8),
    Array("musicbrainz release track id".utf8),
    Array("musicbrainz work id".utf8),
    Array("musicbrainz track id".utf8),
    Array("replaygain_track_gain".utf8),
    Array("replaygain_track_peak".utf8),
    Array("replaygain_album_gain".utf8),
    Array("replaygain_album_peak".utf8),
    Array("mixramp_start".utf8),
    Array("mixramp_end".utf8),
  ]

  /// Matches ASCII letters in any case without building a lowercased copy: this runs for every TXXX.
  init?(description: String) {
    var description = description
    let found: Int? = description.withUTF8 { bytes in
      Self.keys.firstIndex { key in
        guard key.count == bytes.count else { return false }
        for k in 0..<key.count {
          let b = bytes[k]
          if (b >= 0x41 && b <= 0x5A ? b | 0x20 : b) != key[k] { return false }
        }
        return true
      }
    }
    guard let found else { return nil }
    self.init(rawValue: found)
  }
}
