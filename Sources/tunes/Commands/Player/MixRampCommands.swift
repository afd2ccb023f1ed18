// `tunes mixrampdb [DB]` and `tunes mixrampdelay [SECONDS]`, shaped as mpc's commands of the same names:
// MixRamp's loudness threshold and the seconds taken off the overlap it computes (a delay of 0 or less
// turns MixRamp off; it acts only while crossfade is on). A running player is told over its MPD socket;
// with none running the saved play state is changed. Without a value each prints the one in force.
import ArgumentParser
import Foundation
import TunesControl
import TunesLibrary
import TunesMPD
import TunesPlayer

struct MixRampDBCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mixrampdb",
    abstract: "Show or set MixRamp's threshold in dB: songs overlap while both are quieter than it.")

  @OptionGroup var global: GlobalOptions
  // Unrecognized words so that "-17" is a value, not an option, while --help and --db stay options.
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The threshold in dB, e.g. -17.", valueName: "dB"))
  var words: [String] = []

  mutating func validate() throws {
    _ = try MixRampSetting.value(words, of: Self.self, what: "the threshold is a number of dB, e.g. -17")
  }

  func run() async throws {
    let db = try MixRampSetting.value(words, of: Self.self, what: "")
    try await MixRampSetting.run(global, command: "mixrampdb", value: db) { settings in
      "\(MPDFloat.text(settings.db)) dB"
    } apply: { settings, value in
      settings.db = value
    }
  }
}

struct MixRampDelayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mixrampdelay",
    abstract: "Show or set MixRamp's delay in seconds (0 or less: off, plain crossfade).")

  @OptionGroup var global: GlobalOptions
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Seconds taken off the overlap.", valueName: "seconds"))
  var words: [String] = []

  mutating func validate() throws {
    _ = try MixRampSetting.value(words, of: Self.self, what: "the delay is a number of seconds, e.g. 2")
  }

  func run() async throws {
    let seconds = try MixRampSetting.value(words, of: Self.self, what: "")
    try await MixRampSetting.run(global, command: "mixrampdelay", value: seconds) { settings in
      settings.isOn ? "\(MPDFloat.text(settings.delay)) s" : "off"
    } apply: { settings, value in
      settings.delay = value
    }
  }
}

/// What the two commands share: reading the one number, reaching a running player, else the saved state.
enum MixRampSetting {
  /// The number among `words` (nil: none given), read as mpd reads it.
  static func value(_ words: [String], of command: ParsableArguments.Type, what: String) throws -> Float? {
    let words = try QueryWords.checked(words, of: command)
    guard words.count <= 1 else { throw ValidationError("expected one number at most") }
    guard let text = words.first else { return nil }
    guard let value = Float(text) else { throw ValidationError(what) }
    return value
  }

  static func run(
    _ global: GlobalOptions, command: String, value: Float?, show: (MixRampSettings) -> String,
    apply: (inout MixRampSettings, Float) -> Void
  ) async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connectIfRunning(socketPath: global.playerSocket)
      let library = try global.openLibrary(.mustExist)
      var settings = try SavedMixRamp.load(library)
      guard let value else {
        if let client {
          let status = MPDClient.dictionary(try client.run("status"))
          settings.db = status["mixrampdb"].flatMap(Float.init) ?? settings.db
          // mpd writes `mixrampdelay` only while it is above 0.
          settings.delay = status["mixrampdelay"].flatMap(Float.init) ?? -1
        }
        print(show(settings))
        return
      }
      if let client {
        try client.run(command, [MPDFloat.text(value)])
      } else {
        apply(&settings, value)
        try SavedMixRamp.save(settings, in: library)
      }
    }
  }
}
