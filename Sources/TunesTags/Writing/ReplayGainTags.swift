// The ReplayGain 2.0 values `tunes loudness --write-tags` puts in a file, as rsgain and loudgain write
// them: gains as "-8.72 dB", peaks as "0.500466", track always, album when the song's album was measured
// whole (otherwise the file's album tags are removed: they would not belong to this measurement). Opus
// files carry no REPLAYGAIN_ fields but R128_TRACK_GAIN / R128_ALBUM_GAIN (RFC 7845): Q7.8 integers
// against −23 LUFS, applied on top of the output gain of the stream's header.
import Foundation

public struct ReplayGainValues: Sendable, Equatable {
  public var trackGain: Double
  public var trackPeak: Double
  public var albumGain: Double?
  public var albumPeak: Double?

  public init(trackGain: Double, trackPeak: Double, albumGain: Double? = nil, albumPeak: Double? = nil) {
    self.trackGain = trackGain
    self.trackPeak = trackPeak
    self.albumGain = albumGain
    self.albumPeak = albumPeak
  }

  /// The fields written (upper-case names as rsgain writes them), values as text.
  var fields: [(String, String)] {
    var out = [("REPLAYGAIN_TRACK_GAIN", Self.gain(trackGain)), ("REPLAYGAIN_TRACK_PEAK", Self.peak(trackPeak))]
    if let albumGain, let albumPeak {
      out += [("REPLAYGAIN_ALBUM_GAIN", Self.gain(albumGain)), ("REPLAYGAIN_ALBUM_PEAK", Self.peak(albumPeak))]
    }
    return out
  }

  /// Every name this writer owns: removed before the new values go in.
  static let ownedNames: Set<String> = [
    "REPLAYGAIN_TRACK_GAIN", "REPLAYGAIN_TRACK_PEAK", "REPLAYGAIN_ALBUM_GAIN", "REPLAYGAIN_ALBUM_PEAK",
    "REPLAYGAIN_REFERENCE_LOUDNESS", "R128_TRACK_GAIN", "R128_ALBUM_GAIN",
  ]

  /// Opus's fields: gains against −23 LUFS (the ReplayGain ones are against −18), in 1/256 dB. A decoder
  /// applies them on top of the header's output gain, and the loudness was measured with that gain
  /// applied (as every Opus decoder must), so the values are relative to it as they stand.
  var opusFields: [(String, String)] {
    func q78(_ gain: Double) -> String { String(Int(((gain - 5) * 256).rounded())) }
    var out = [("R128_TRACK_GAIN", q78(trackGain))]
    if let albumGain { out.append(("R128_ALBUM_GAIN", q78(albumGain))) }
    return out
  }

  static func gain(_ value: Double) -> String { String(format: "%.2f dB", value) }
  static func peak(_ value: Double) -> String { String(format: "%.6f", value) }
}

/// Why tags could not be written; names the file.
public enum TagWriteError: Error, Equatable, CustomStringConvertible {
  case unsupported(path: String, format: String)
  case malformed(path: String, reason: String)
  case io(path: String, reason: String)

  public var description: String {
    switch self {
    case .unsupported(let path, let format): "\(path): writing tags to \(format) files is not supported"
    case .malformed(let path, let reason): "\(path): tags not written: \(reason)"
    case .io(let path, let reason): "\(path): tags not written: \(reason)"
    }
  }
}
