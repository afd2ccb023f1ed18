// Requests that put the numbers most likely to overflow (huge, negative, not finite, one past 32 or 64
// bits, ranges and relative positions made of them) into every argument slot of a command, and a
// backend in a state where such requests reach deep (a queue that plays, a stored playlist). Shared by
// the protocol tests (Tests/TunesMPDTests/ExtremeNumberTests.swift) and the dispatcher fuzzer
// (Fuzz/MPDDispatchFuzz.swift): each request must be answered OK or ACK, never trap.
import TunesMPD

public enum ExtremeArguments {
  /// Numbers as a client may spell them, chosen at the edges of Int32, UInt32, Int64 and Double.
  public static let numbers: [String] = [
    "1e19", "1e308", "-1e308", "nan", "-nan", "inf", "-inf", "+inf", "+1e19", "-1e19", "4294967.296",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295",
    "4294967296", "-1", "-2", "+9223372036854775807", "-9223372036854775807", "+2147483648",
    "1:9223372036854775807", "9223372036854775807:", "9223372036854775806:9223372036854775807",
    "2147483647:", "0:2147483648", "-1:1", "1:-1", "1e19:", "0:1e308", "nan:", "0:inf",
  ]

  /// What the other slots hold: a number, the stored playlist's name, a song of the library.
  public static let fillers = ["1", playlist, fixtureSongs[0].file]

  /// The stored playlist `preparedBackend` holds.
  public static let playlist = "saved"

  /// Every request for a command of `arity` arguments (at most three, or one more than it needs) with
  /// each number in each slot, the other slots each filler in turn; for the commands that take a
  /// filter, the number as their `window` too.
  public static func requests(command: String, arity: ClosedRange<Int>) -> [MPDRequest] {
    var requests: [MPDRequest] = arity.lowerBound == 0 ? [MPDRequest(command: command)] : []
    let most = min(arity.upperBound, max(arity.lowerBound + 1, 3))
    for count in arity.lowerBound...max(arity.lowerBound, most) where count > 0 {
      for slot in 0..<count {
        for number in numbers {
          for filler in fillers {
            var arguments = Array(repeating: filler, count: count)
            arguments[slot] = number
            requests.append(MPDRequest(command: command, arguments: arguments))
          }
        }
      }
    }
    if windowed.contains(command) {
      let before = command == "searchaddpl" ? [playlist] : []
      for number in numbers {
        requests.append(MPDRequest(command: command, arguments: before + ["(Artist == 'The Beatles')", "window", number]))
        requests.append(
          MPDRequest(command: command, arguments: before + ["(Artist != 'x')", "sort", "Title", "window", number]))
      }
    }
    return requests
  }

  /// The commands that end in MPD's `sort`/`window` options.
  static let windowed: Set<String> = ["find", "search", "findadd", "searchadd", "searchaddpl"]

  /// Requests that read back what a request may have stored (times, ranges, positions, the volume),
  /// run after it to catch a value that traps only when it is shown.
  public static let readBack: [MPDRequest] = [
    MPDRequest(command: "status"), MPDRequest(command: "playlistinfo"), MPDRequest(command: "currentsong"),
    MPDRequest(command: "listplaylistinfo", arguments: [playlist]), MPDRequest(command: "plchanges", arguments: ["0"]),
  ]

  /// The fixture library, all of it queued, saved as a stored playlist, and the second entry playing.
  public static func preparedBackend() async -> InMemoryMPDBackend {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    try? await backend.add(uri: "")
    try? await backend.save(playlist: playlist)
    try? await backend.play(position: 1)
    return backend
  }
}
