// The UI's two connections to the player, over the MPD protocol like any other client: one for requests
// (status, listings, play/pause…), one parked in `idle` on a thread of its own, which turns each change
// the player announces into a byte on the wake pipe the UI's loop polls. The UI keeps no playback state:
// every change, whoever made it (a key here, `tunes next`, mpc, media keys), comes back through idle.
import Foundation
import TunesCore
import TunesMPD

final class PlayerLink {
  let client: MPDClient
  let socketPath: String

  init(socketPath: String) throws(ControlError) {
    self.socketPath = socketPath
    client = try MPDClient(
      socketPath: socketPath, timeoutSeconds: PlayerReplyWait.seconds(environment: ProcessInfo.processInfo.environment))
  }

  /// One request; the reply's pairs.
  @discardableResult
  func run(_ command: String, _ arguments: [String] = []) throws(ControlError) -> MPDClient.Pairs {
    try client.run(command, arguments)
  }

  /// Several requests in one command list (one round trip).
  func runList(_ commands: [[String]]) throws(ControlError) {
    guard !commands.isEmpty else { return }
    let lines = commands.map {
      $0.enumerated().map { $0.offset == 0 ? $0.element : MPDRequestParser.quote($0.element) }
        .joined(separator: " ")
    }
    try client.sendLine((["command_list_begin"] + lines + ["command_list_end"]).joined(separator: "\n"))
    _ = try client.readReply(command: commands[0][0])
  }

  /// The letter each idle subsystem is written as on the wake pipe.
  static func letter(of subsystem: String) -> UInt8 {
    switch subsystem {
    case "player": return UInt8(ascii: "p")
    case "mixer": return UInt8(ascii: "m")
    case "options": return UInt8(ascii: "o")
    case "playlist": return UInt8(ascii: "q")
    case "stored_playlist": return UInt8(ascii: "s")
    case "database", "update": return UInt8(ascii: "d")
    default: return UInt8(ascii: "?")
    }
  }

  /// The letter written when the idle connection ends (the player quit).
  static let gone = UInt8(ascii: "x")

  /// Starts the idle thread: it writes to `wakeFD` until the player goes away.
  static func watch(socketPath: String, wakeFD: Int32) throws(ControlError) {
    // Connected here, so that a player that is not there is reported before the screen changes.
    let watcher = try MPDClient(socketPath: socketPath, timeoutSeconds: 0)
    let box = UncheckedBox(watcher)
    let thread = Thread {
      let client = box.value
      while true {
        guard let changed = try? client.idle() else {
          var byte = PlayerLink.gone
          _ = write(wakeFD, &byte, 1)
          return
        }
        var bytes = changed.map(PlayerLink.letter(of:))
        _ = write(wakeFD, &bytes, bytes.count)
      }
    }
    thread.start()
  }
}

/// Hands a value that one thread alone will use to that thread.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
