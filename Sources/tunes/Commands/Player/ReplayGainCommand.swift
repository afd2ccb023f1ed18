// `tunes replaygain [off|track|album|auto] [--preamp dB] [--missing-preamp dB] [--limit on|off]`: the
// ReplayGain mode, preamps and limit. A running player is told over its MPD socket (`replay_gain_mode`,
// whose three extra arguments are tunes' preamps and limit); with none running the saved play state is
// changed, and the next `tunes play` restores it. The limit is also written to the configuration file
// (`[player] replaygain_limit`, mpd's `replaygain_limit`), which `tunes play` applies at start. Without a
// mode or limit it prints the settings in force.
import ArgumentParser
import Foundation
import TunesControl
import TunesCore
import TunesMPD
import TunesPlayer

struct ReplayGainCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replaygain",
    abstract: "Show or set ReplayGain: off, track, album or auto (album in order, track when shuffling).")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "off, track, album or auto") var mode: ReplayGainMode?
  @Option(parsing: .unconditional, help: "dB added to tagged songs' gain (-15 to 15).") var preamp: Double?
  @Option(parsing: .unconditional, help: "dB applied to songs with no gain (-15 to 15).") var missingPreamp: Double?
  @Option(help: "on: lower a song's gain so its peak stays at full scale (the default); off: let it clip.")
  var limit: LimitSwitch?

  enum LimitSwitch: String, ExpressibleByArgument, CaseIterable {
    case on, off
  }

  mutating func validate() throws {
    for value in [preamp, missingPreamp].compactMap({ $0 }) {
      guard ReplayGainSettings.preampRange.contains(value) else {
        throw ValidationError("a preamp is a number of dB from -15 to 15")
      }
    }
    if mode == nil, preamp != nil || missingPreamp != nil {
      throw ValidationError("say the mode the preamp goes with, e.g. `tunes replaygain track --preamp 3`")
    }
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connectIfRunning(socketPath: global.playerSocket)
      let library = try global.openLibrary(.mustExist)
      var settings = try SavedReplayGain.load(library)
      let config = ConfigFile(paths: global.paths)
      if let client, let live = MPDClient.dictionary(try client.run("replay_gain_status"))["replay_gain_mode"] {
        settings.mode = ReplayGainMode(rawValue: live) ?? settings.mode
      } else if let configured = try ReplayGainLimitConfig.read(config) {
        // What the next `tunes play` will apply.
        settings.limit = configured
      }
      guard mode != nil || limit != nil else {
        print(
          "\(settings.mode.rawValue) (preamp \(Self.dB(settings.preamp)), untagged \(Self.dB(settings.missingPreamp)), "
            + "limit \(settings.limit ? "on" : "off"))")
        return
      }
      if let limit {
        settings.limit = limit == .on
        try ReplayGainLimitConfig.write(settings.limit, to: config)
      }
      if let mode { settings.mode = mode }
      if let preamp { settings.preamp = preamp }
      if let missingPreamp { settings.missingPreamp = missingPreamp }
      if let client {
        try client.run(
          "replay_gain_mode",
          [
            settings.mode.rawValue, Self.number(settings.preamp), Self.number(settings.missingPreamp),
            settings.limit ? "1" : "0",
          ])
      } else {
        try SavedReplayGain.save(settings, in: library)
      }
    }
  }

  static func dB(_ value: Double) -> String { (value > 0 ? "+" : "") + number(value) + " dB" }
  static func number(_ value: Double) -> String { String(format: "%.2f", value) }
}

extension ReplayGainMode: ExpressibleByArgument {}
