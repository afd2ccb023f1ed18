// `tunes crossfade [SECONDS]`: how many seconds the end of one song overlaps the start of the next (0 is
// off). A running player is told over its MPD socket (`crossfade`); with none running the saved play
// state is changed, and the next `tunes play` restores it. Without a number it prints the one in force.
import ArgumentParser
import Foundation
import TunesControl
import TunesMPD
import TunesPlayer

struct CrossfadeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "crossfade",
    abstract: "Show or set the crossfade between songs in seconds (0: off; never inside an album played in order).")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Seconds of overlap, 0 to turn it off.") var seconds: Int?

  mutating func validate() throws {
    if let seconds, seconds < 0 { throw ValidationError("the crossfade is a whole number of seconds, 0 or more") }
  }

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connectIfRunning(socketPath: global.playerSocket)
      let library = try global.openLibrary(.mustExist)
      guard let seconds else {
        var shown = try SavedCrossfade.load(library)
        if let client {
          // mpd writes `xfade` only while crossfade is on.
          shown = Int(MPDClient.dictionary(try client.run("status"))["xfade"] ?? "0") ?? shown
        }
        print(shown == 0 ? "off" : "\(shown) s")
        return
      }
      if let client {
        try client.run("crossfade", [String(seconds)])
      } else {
        try SavedCrossfade.save(seconds, in: library)
      }
    }
  }
}
