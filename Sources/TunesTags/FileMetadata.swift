// What the tag reader returns for one audio file: its tags and its audio properties. This is the
// contract between TunesTags and the indexer; the parsing lives in the other files of this module.

/// Properties of the audio stream, found without decoding.
public struct AudioProperties: Sendable, Equatable {
  /// Exact when a Xing/Info (with LAME gapless info) or VBRI header is present, else summed from frame headers;
  /// for FLAC, Ogg and MP4 from the sample count their headers give.
  public var durationMs: Int
  public var sampleRate: Int
  public var channels: Int
  /// Average bitrate in kbit/s.
  public var bitrate: Int
  /// "Xing", "Info", "VBRI" or "frames" (length found by walking every frame header) for MP3;
  /// "STREAMINFO" (FLAC), "granule" (Ogg), "mdhd" or "iTunSMPB" (MP4) for the other formats.
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
  /// The codec as MPD's `audio`/tunes' `info` name it: "mp3", "flac", "vorbis", "opus", "aac", "alac".
  public var codec: String = "mp3"
  /// Bits per sample of the source for lossless formats (16, 24); nil for lossy codecs, which have none.
  public var bitsPerSample: Int? = nil

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

/// One name/value pair of a file's comment list, as the file writes it.
public struct TagPair: Sendable, Equatable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

public struct FileMetadata: Sendable, Equatable {
  public var tags: TagSet
  public var audio: AudioProperties
  /// Problems that did not stop reading (a garbage frame skipped, a bad encoding byte), for the index report.
  public var warnings: [String]
  /// The Vorbis comments of a FLAC, Ogg Vorbis or Opus file in file order, names spelled as written (what
  /// MPD's `readcomments` lists); empty for the other formats.
  public var comments: [TagPair] = []

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
  /// A FLAC, Ogg or MP4 file whose structure is wrong (a missing STREAMINFO, a broken Ogg page, an atom
  /// larger than its parent, no audio track); the reason names the format and the block, page or atom.
  case invalid(path: String, reason: String)
}
