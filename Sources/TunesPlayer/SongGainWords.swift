// A song's ReplayGain in words, as `tunes info` and the full-screen UI's details show it: the track and
// album gains with their sources (measured by `tunes loudness`, tagged in the file), and the dB the player
// applies under the settings in force. The choice is `SongGainChoice`'s, the one the player makes; this
// only words it, in one place for every view.
import Foundation
import TunesCore

public struct SongGainWords {
  public var choice: SongGainChoice
  /// The settings in force (the mode may be `auto`) and the random option `auto` follows.
  public var settings: ReplayGainSettings
  public var random: Bool

  public init(choice: SongGainChoice, settings: ReplayGainSettings, random: Bool) {
    self.choice = choice
    self.settings = settings
    self.random = random
  }

  /// The dB the player applies, rounded to hundredths as every gain is shown.
  public var appliedDB: Double { Self.rounded(choice.appliedDB(settings, random: random)) }

  /// The mode with `auto` spelled out: "auto: album (in order)".
  public var modeText: String {
    guard settings.mode == .auto else { return settings.mode.rawValue }
    return "auto: " + settings.mode.effective(random: random).rawValue + (random ? " (random on)" : " (in order)")
  }

  /// The track and album gains with their sources, then what is applied: (label, text) pairs.
  public var lines: [(String, String)] {
    func tuple(_ source: SongGainChoice.Source?, _ gain: Double?, _ peak: Double?, other: Double?) -> String {
      guard let source, let gain else { return "none" }
      var text = Self.dB(gain) + (peak.map { String(format: ", peak %.6f", $0) } ?? "")
      text += source == .measured ? " (measured by tunes loudness" : " (tagged in the file"
      if source == .measured, let other { text += "; the file's tag says " + Self.dB(other) }
      return text + ")"
    }
    let applied = choice.applied
    var shown = [
      ("track gain", tuple(choice.trackSource, applied.trackGain, applied.trackPeak, other: choice.tagged.trackGain)),
      ("album gain", tuple(choice.albumSource, applied.albumGain, applied.albumPeak, other: choice.tagged.albumGain)),
    ]
    let mode = settings.mode.effective(random: random)
    let what: String
    switch mode {
    case .off: what = "ReplayGain off"
    default:
      let track = applied.trackGain != nil
      let album = applied.albumGain != nil
      let used = mode == .album ? (album ? "album" : track ? "track" : nil) : (track ? "track" : album ? "album" : nil)
      what =
        "ReplayGain " + modeText + ": "
        + (used.map { "the \($0) gain with the preamp and limit" } ?? "no gain known, the missing preamp")
    }
    shown.append(("applied gain", Self.dB(appliedDB) + " (" + what + ")"))
    return shown
  }

  public static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  public static func dB(_ value: Double) -> String { String(format: "%+.2f dB", rounded(value)) }
}
