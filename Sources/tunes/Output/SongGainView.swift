// The ReplayGain the player applies to a song, as `tunes info` and `tunes ls songs --json` show it: both
// sources (measured by `tunes loudness`, tagged in the file), which one is used for the track and the
// album tuple, and the dB applied under the ReplayGain settings in force. The choice itself is
// TunesPlayer's `SongGainChoice`, the one the player makes; this file only reads the settings and words it.
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesMPD
import TunesPlayer

/// The ReplayGain settings a song is played with now, and the random option `auto` follows.
struct ReplayGainInForce {
  var settings: ReplayGainSettings
  var random: Bool

  /// A running player's mode and random option; the saved play state's (and the configured limit, as the
  /// next `tunes play` applies it) when none runs, or when the running one does not answer (a view of a
  /// song does not fail for the player's sake). Preamps are the saved ones either way.
  static func read(_ global: GlobalOptions, library: Library) throws -> ReplayGainInForce {
    var settings = try SavedReplayGain.load(library)
    var random = try SavedReplayGain.savedRandom(library)
    if let client = (try? PlayerRemote.connectIfRunning(socketPath: global.playerSocket)) ?? nil,
      let gain = try? MPDClient.dictionary(client.run("replay_gain_status")),
      let status = try? MPDClient.dictionary(client.run("status"))
    {
      settings.mode = gain["replay_gain_mode"].flatMap(ReplayGainMode.init(rawValue:)) ?? settings.mode
      random = status["random"] == "1"
    } else if let configured = try ReplayGainLimitConfig.read(ConfigFile(paths: global.paths)) {
      settings.limit = configured
    }
    return ReplayGainInForce(settings: settings, random: random)
  }

  /// The mode with `auto` spelled out: "auto: album (in order)".
  var modeText: String {
    let mode = settings.mode
    guard mode == .auto else { return mode.rawValue }
    return "auto: " + mode.effective(random: random).rawValue + (random ? " (random on)" : " (in order)")
  }
}

/// One song's gain as shown.
struct SongGainView {
  var choice: SongGainChoice
  var inForce: ReplayGainInForce

  /// The dB the player applies, rounded to hundredths as every gain is shown.
  var appliedDB: Double { Self.rounded(choice.appliedDB(inForce.settings, random: inForce.random)) }

  /// The fields of `tunes info --json` and `tunes ls songs --fields`, by key (absent: unknown).
  var values: [String: Any] {
    var out: [String: Any] = [:]
    let applied = choice.applied
    out["track_gain"] = applied.trackGain.map(Self.rounded)
    out["track_peak"] = applied.trackPeak
    out["track_gain_source"] = choice.trackSource?.rawValue
    out["album_gain"] = applied.albumGain.map(Self.rounded)
    out["album_peak"] = applied.albumPeak
    out["album_gain_source"] = choice.albumSource?.rawValue
    out["applied_gain"] = appliedDB
    out["replaygain_mode"] = inForce.settings.mode.rawValue
    return out
  }

  /// The lines of `tunes info`: the track and album gains with their sources, then what is applied.
  var lines: [(String, String)] {
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
    let mode = inForce.settings.mode.effective(random: inForce.random)
    let what: String
    switch mode {
    case .off: what = "ReplayGain off"
    default:
      let track = choice.applied.trackGain != nil
      let album = choice.applied.albumGain != nil
      let used = mode == .album ? (album ? "album" : track ? "track" : nil) : (track ? "track" : album ? "album" : nil)
      what =
        "ReplayGain " + inForce.modeText + ": "
        + (used.map { "the \($0) gain with the preamp and limit" } ?? "no gain known, the missing preamp")
    }
    shown.append(("applied gain", Self.dB(appliedDB) + " (" + what + ")"))
    return shown
  }

  static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  static func dB(_ value: Double) -> String { String(format: "%+.2f dB", rounded(value)) }
}
