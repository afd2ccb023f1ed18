// MPD's mixing commands: `replay_gain_mode`, `replay_gain_status`, `crossfade`, `mixrampdb` and `mixrampdelay`. tunes' `replay_gain_mode` takes
// three optional arguments mpd does not, the preamp and the preamp for untagged songs in dB and the
// limit (1 or 0; mpd reads all three from its configuration file only), so that `tunes replaygain --preamp` reaches a running player
// without a command of its own in the `commands` list. A backend that applies ReplayGain
// says so by also conforming to MPDMixingBackend; one that does not (the in-memory test backend) applies
// none, so its status is "off" and it refuses to change the mode rather than accept a value it ignores.

/// MPD's ReplayGain modes, spelled as the protocol spells them.
public enum MPDReplayGainMode: String, Sendable, CaseIterable {
  case off, track, album, auto
}

/// The part of a backend that mixes: ReplayGain and crossfade.
public protocol MPDMixingBackend: MPDBackend {
  func replayGainMode() async throws -> MPDReplayGainMode
  /// nil preamps and limit stay as they are.
  func setReplayGainMode(_ mode: MPDReplayGainMode, preamp: Double?, missingPreamp: Double?, limit: Bool?) async throws
  /// Seconds; 0 is off.
  func setCrossfade(_ seconds: Int) async throws
  /// MixRamp's threshold in dB (`mixrampdb`).
  func setMixRampDB(_ db: Float) async throws
  /// MixRamp's delay in seconds (`mixrampdelay`); 0, below or NaN turns MixRamp off.
  func setMixRampDelay(_ seconds: Float) async throws
}

extension MPDDispatcher {
  /// The preamps' range in dB, as mpd accepts `replaygain_preamp`.
  static let preampRange = -15.0...15.0

  /// `replay_gain_mode off|track|album|auto [PREAMP [MISSING_PREAMP [LIMIT]]]`; mpd refuses any other mode as
  /// a bad argument.
  static func replayGainMode(_ c: MPDCall, _ out: inout MPDReply) async throws {
    guard let mode = MPDReplayGainMode(rawValue: c.args[0]) else {
      throw MPDError.argument("Unrecognized replay gain mode")
    }
    var preamps: [Double?] = [nil, nil]
    for index in 1..<min(c.args.count, 3) {
      guard let value = Double(c.args[index]), preampRange.contains(value) else {
        throw MPDError.argument("Preamp must be a number of dB from -15 to 15: \(c.args[index])")
      }
      preamps[index - 1] = value
    }
    let limit = c.args.count > 3 ? try c.args.bool(3) : nil
    guard let backend = c.backend as? any MPDMixingBackend else {
      throw MPDError(.unknown, "this player applies no replay gain")
    }
    try await backend.setReplayGainMode(mode, preamp: preamps[0], missingPreamp: preamps[1], limit: limit)
  }

  /// `crossfade SECONDS`: a whole number of seconds, 0 turns it off. mpd reads it as a 32-bit unsigned,
  /// so a negative number is refused as too large, as mpd words it.
  static func crossfade(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let seconds = try c.args.integer(0, in: 0...MPDNumber.largestUnsigned)
    guard let backend = c.backend as? any MPDMixingBackend else {
      throw MPDError(.unknown, "this player does not crossfade")
    }
    try await backend.setCrossfade(seconds)
  }

  /// `mixrampdb DB`: any number mpd reads as a float, `nan` and `inf` included.
  static func mixRampDB(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let db = try c.args.float(0)
    guard let backend = c.backend as? any MPDMixingBackend else {
      throw MPDError(.unknown, "this player does not crossfade")
    }
    try await backend.setMixRampDB(db)
  }

  /// `mixrampdelay SECONDS`: mpd takes any float; one not above 0 (or `nan`) turns MixRamp off.
  static func mixRampDelay(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let seconds = try c.args.float(0)
    guard let backend = c.backend as? any MPDMixingBackend else {
      throw MPDError(.unknown, "this player does not crossfade")
    }
    try await backend.setMixRampDelay(seconds)
  }

  static func replayGainStatus(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let mode = try await (c.backend as? any MPDMixingBackend)?.replayGainMode() ?? .off
    out += "replay_gain_mode: \(mode.rawValue)\n"
  }
}
