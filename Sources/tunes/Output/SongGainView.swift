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
}

/// One song's gain as shown: the words are TunesPlayer's `SongGainWords`, shared with the full-screen UI.
struct SongGainView {
  var choice: SongGainChoice
  var inForce: ReplayGainInForce

  private var words: SongGainWords { SongGainWords(choice: choice, settings: inForce.settings, random: inForce.random) }

  /// The dB the player applies, rounded to hundredths as every gain is shown.
  var appliedDB: Double { words.appliedDB }

  /// The fields of `tunes info --json` and `tunes ls songs --fields`, by key (absent: unknown).
  var values: [String: Any] {
    var out: [String: Any] = [:]
    let applied = choice.applied
    out["track_gain"] = applied.trackGain.map(SongGainWords.rounded)
    out["track_peak"] = applied.trackPeak
    out["track_gain_source"] = choice.trackSource?.rawValue
    out["album_gain"] = applied.albumGain.map(SongGainWords.rounded)
    out["album_peak"] = applied.albumPeak
    out["album_gain_source"] = choice.albumSource?.rawValue
    out["applied_gain"] = appliedDB
    out["replaygain_mode"] = inForce.settings.mode.rawValue
    return out
  }

  /// The lines of `tunes info`: the track and album gains with their sources, then what is applied.
  var lines: [(String, String)] { words.lines }
}
