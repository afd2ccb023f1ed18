// ReplayGain in the Player: the options (MPD's `replay_gain_mode` and the preamps). The song's gain goes
// with every track handed to the engine (read off the actor, Player+TrackHandover). The engine is told the
// mode already resolved from `auto`, so a change of random changes the gain of the next chunk, as MPD
// re-evaluates auto on random.
import TunesCore
import TunesLibrary

extension Player {
  /// The ReplayGain options as set (the mode may be `auto`).
  public func replayGainSettings() -> ReplayGainSettings { replayGain }

  /// Preamps are clamped to ±15 dB, MPD's range.
  public func setReplayGain(_ settings: ReplayGainSettings) {
    ensureStarted()
    var settings = settings
    settings.preamp = min(
      max(settings.preamp, ReplayGainSettings.preampRange.lowerBound), ReplayGainSettings.preampRange.upperBound)
    settings.missingPreamp = min(
      max(settings.missingPreamp, ReplayGainSettings.preampRange.lowerBound), ReplayGainSettings.preampRange.upperBound)
    guard settings != replayGain else { return }
    replayGain = settings
    tellEngineReplayGain()
    changed([.options])
  }

  /// mpd's `replaygain_limit`: on, a song's gain is lowered so that its peak stays at full scale.
  public func setReplayGainLimit(_ limit: Bool) {
    var settings = replayGain
    settings.limit = limit
    setReplayGain(settings)
  }

  public func setReplayGainMode(_ mode: ReplayGainMode) {
    var settings = replayGain
    settings.mode = mode
    setReplayGain(settings)
  }

  /// Hands the engine the settings with `auto` resolved against the random option.
  func tellEngineReplayGain() {
    var effective = replayGain
    effective.mode = replayGain.mode.effective(random: random)
    engine.setReplayGain(effective)
  }
}
