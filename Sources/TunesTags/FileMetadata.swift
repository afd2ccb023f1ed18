// What the tag reader returns for one MP3 file: its tags and its audio properties. This is the
// contract between TunesTags and the indexer; the parsing lives in the other files of this module.

/// Tags as read from ID3v2 (preferred) and ID3v1 (fills what v2 lacks). Empty fields are nil.
public struct TagSet: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  public var albumArtist: String?
  public var trackNumber: Int?
  public var trackTotal: Int?
  public var discNumber: Int?
  public var discTotal: Int?
  /// The year of TDRC/TYER/ID3v1 (the date's first four digits).
  public var year: Int?
  /// Genre names; numeric references such as "(17)" or "17" are resolved to "Rock".
  public var genres: [String]
  public var isCompilation: Bool
  public var composer: String?
  public var comment: String?
  /// UFID owner http://musicbrainz.org, else TXXX "MusicBrainz Release Track Id" is NOT used here.
  public var recordingMbid: String?
  /// TXXX "MusicBrainz Album Id".
  public var releaseMbid: String?
  /// TXXX "MusicBrainz Release Group Id".
  public var releaseGroupMbid: String?
  /// TXXX "MusicBrainz Artist Id" (may hold several, separated by "/" or NUL).
  public var artistMbids: [String]
  /// TXXX "MusicBrainz Album Artist Id".
  public var albumArtistMbids: [String]
  /// Which tag versions were found, e.g. ["ID3v2.4", "ID3v1.1"].
  public var versions: [String]

  public init() {
    genres = []
    isCompilation = false
    artistMbids = []
    albumArtistMbids = []
    versions = []
  }
}

/// Properties of the MPEG audio stream, found without decoding.
public struct AudioProperties: Sendable, Equatable {
  /// Exact when a Xing/Info (with LAME gapless info) or VBRI header is present, else summed from frame headers.
  public var durationMs: Int
  public var sampleRate: Int
  public var channels: Int
  /// Average bitrate in kbit/s.
  public var bitrate: Int
  /// "Xing", "Info", "VBRI" or "frames" (length found by walking every frame header).
  public var lengthSource: String
  /// Byte offset of the first audio frame, and number of audio bytes (tags excluded).
  public var audioOffset: Int
  public var audioLength: Int
  /// A stable fingerprint of the audio bytes (not the tags), used to recognise a file that moved.
  public var audioHash: String
  /// PCM samples per channel a gapless decoder outputs (encoder delay and padding removed when known);
  /// `durationMs` is this divided by the sample rate, rounded.
  public var sampleCount: Int = 0
  /// "1", "2" or "2.5".
  public var mpegVersion: String = ""
  /// 1, 2 or 3.
  public var layer: Int = 0
  /// The encoder named by the LAME tag, e.g. "LAME3.100", when there is one.
  public var encoder: String? = nil

  public init(
    durationMs: Int, sampleRate: Int, channels: Int, bitrate: Int, lengthSource: String,
    audioOffset: Int, audioLength: Int, audioHash: String
  ) {
    self.durationMs = durationMs
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitrate = bitrate
    self.lengthSource = lengthSource
    self.audioOffset = audioOffset
    self.audioLength = audioLength
    self.audioHash = audioHash
  }
}

public struct FileMetadata: Sendable, Equatable {
  public var tags: TagSet
  public var audio: AudioProperties
  /// Problems that did not stop reading (a garbage frame skipped, a bad encoding byte), for the index report.
  public var warnings: [String]

  public init(tags: TagSet, audio: AudioProperties, warnings: [String] = []) {
    self.tags = tags
    self.audio = audio
    self.warnings = warnings
  }
}

/// Why a file could not be read: always names the path and, where it applies, the byte offset or frame.
public enum TagError: Error, Sendable, Equatable {
  case unreadable(path: String, reason: String)
  case empty(path: String)
  /// No MPEG audio frame found: not an MP3, or truncated before its first frame.
  case notMP3(path: String, reason: String)
  case truncated(path: String, reason: String)
}
