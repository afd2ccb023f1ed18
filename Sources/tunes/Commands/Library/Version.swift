// `tunes version`: prints the version (the same as `tunes --version`).
import ArgumentParser
import TunesCore

struct Version: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version of tunes.")
  func run() { print("tunes \(TunesVersion.string)") }
}
