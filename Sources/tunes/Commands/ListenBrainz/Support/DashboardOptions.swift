// The options every dashboard command takes: `--json` and `--offline`; also what `--range` accepts.
import ArgumentParser
import TunesListenBrainz

struct DashboardOptions: ParsableArguments {
  @Flag(name: .long, help: "Print the data as tunes understood it, as one JSON object.")
  var json = false

  @Flag(name: .long, help: "Show the last answers cached in the library database instead of asking ListenBrainz.")
  var offline = false
}

extension StatsRange: ExpressibleByArgument {}
