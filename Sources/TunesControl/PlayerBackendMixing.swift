// The MPD mixing commands onto the Player: `replay_gain_mode` sets the Player's ReplayGain mode, and the
// preamps when given; the change reaches idle clients as `options`,
// through the Player's change stream.
import TunesMPD
import TunesPlayer

extension PlayerBackend: MPDMixingBackend {
  public func replayGainMode() async throws -> MPDReplayGainMode {
    MPDReplayGainMode(rawValue: await player.replayGainSettings().mode.rawValue) ?? .off
  }

  public func setReplayGainMode(_ mode: MPDReplayGainMode, preamp: Double?, missingPreamp: Double?, limit: Bool?) async throws {
    var settings = await player.replayGainSettings()
    settings.mode = ReplayGainMode(rawValue: mode.rawValue) ?? .off
    if let preamp { settings.preamp = preamp }
    if let missingPreamp { settings.missingPreamp = missingPreamp }
    if let limit { settings.limit = limit }
    await player.setReplayGain(settings)
  }

  public func setCrossfade(_ seconds: Int) async throws {
    await player.setCrossfade(seconds)
  }

  public func setMixRampDB(_ db: Float) async throws {
    var settings = await player.mixRampSettings()
    settings.db = db
    await player.setMixRamp(settings)
  }

  public func setMixRampDelay(_ seconds: Float) async throws {
    var settings = await player.mixRampSettings()
    settings.delay = seconds
    await player.setMixRamp(settings)
  }
}
