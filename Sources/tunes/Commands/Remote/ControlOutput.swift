// What a control command prints once the player has done what it asked: the resulting state, in the
// one-line form of `tunes status`, as mpc prints its status after `mpc next`. `-q` prints nothing, for
// scripts and key bindings that only want the exit status.
import ArgumentParser
import TunesControl
import TunesMPD
import TunesTerminal

struct ControlOutput: ParsableArguments {
  @Flag(name: [.short, .long], help: "Print nothing when the command succeeds.") var quiet = false

  /// Commands whose value may start with "-" (`seek -5`, `volume -10`) read their words unparsed, so
  /// `-q` arrives among them: taken out here; true when it was there.
  static func removeQuiet(from words: inout [String]) -> Bool {
    let before = words.count
    words.removeAll { $0 == "-q" || $0 == "--quiet" }
    return words.count != before
  }

  func printState(_ client: MPDClient) throws(ControlError) {
    guard !quiet else { return }
    print(TerminalText.safe(try PlayerReport.read(from: client).line))
  }
}
