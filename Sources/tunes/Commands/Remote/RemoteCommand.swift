// The commands that only send one request to the running player over its MPD socket and then print the
// resulting state (`-q`: nothing): pause, resume, toggle, next, prev, stop, clear and quit. They differ
// only in their name, their help line and the request, so each is a `RemoteRequest` and one command
// type runs them all. One that could change nothing (pause while paused, resume with an empty queue)
// says so and exits 1.
import ArgumentParser
import TunesControl
import TunesMPD

/// What one argument-less remote command sends to the player.
protocol RemoteRequest {
  static var commandName: String { get }
  static var abstract: String { get }
  static func send(to client: MPDClient) throws
  /// False for a request after which there is no player left to ask (quit).
  static var printsState: Bool { get }
}

extension RemoteRequest {
  static var printsState: Bool { true }
}

/// `tunes pause`, `tunes next`, …: connects to the running player and sends `Request`.
struct RemoteCommand<Request: RemoteRequest>: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: Request.commandName, abstract: Request.abstract)
  }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: ControlOutput

  func run() async throws {
    try await reportingErrors {
      let client = try PlayerRemote.connect(socketPath: global.playerSocket)
      try Request.send(to: client)
      if Request.printsState { try output.printState(client) }
    }
  }
}

/// `tunes pause`.
enum Pause: RemoteRequest {
  static let commandName = "pause"
  static let abstract = "Pause the running player."
  static func send(to client: MPDClient) throws {
    switch try PlayerState.read(client).state {
    case "pause": throw CLIError.nothingToChange("the player is already paused")
    case "play": try client.run("pause", ["1"])
    default: throw CLIError.nothingToChange("nothing is playing")
    }
  }
}

/// `tunes resume`.
enum Resume: RemoteRequest {
  static let commandName = "resume"
  static let abstract = "Resume playback in the running player (from stop: play the queue)."
  static func send(to client: MPDClient) throws {
    let player = try PlayerState.read(client)
    switch player.state {
    case "play": throw CLIError.nothingToChange("the player is already playing")
    case "pause": try client.run("pause", ["0"])
    default:
      guard player.queueLength > 0 else { throw CLIError.nothingToChange("the queue is empty") }
      try client.run("play")
    }
  }
}

/// `tunes toggle`: pause when playing, play otherwise (also from stopped).
enum Toggle: RemoteRequest {
  static let commandName = "toggle"
  static let abstract = "Pause if playing, else play."
  static func send(to client: MPDClient) throws {
    let player = try PlayerState.read(client)
    switch player.state {
    case "play": try client.run("pause", ["1"])
    case "pause": try client.run("pause", ["0"])
    default:
      guard player.queueLength > 0 else { throw CLIError.nothingToChange("the queue is empty") }
      try client.run("play")
    }
  }
}

/// `tunes next`.
enum Next: RemoteRequest {
  static let commandName = "next"
  static let abstract = "Skip to the next song in the running player."
  static func send(to client: MPDClient) throws { try client.run("next") }
}

/// `tunes prev`.
enum Prev: RemoteRequest {
  static let commandName = "prev"
  static let abstract = "Go back to the previous song in the running player."
  static func send(to client: MPDClient) throws { try client.run("previous") }
}

/// `tunes stop`: the queue stays.
enum Stop: RemoteRequest {
  static let commandName = "stop"
  static let abstract = "Stop playback in the running player (the queue stays)."
  static func send(to client: MPDClient) throws {
    guard try PlayerState.read(client).state != "stop" else { throw CLIError.nothingToChange("the player is already stopped") }
    try client.run("stop")
  }
}

/// `tunes clear`.
enum Clear: RemoteRequest {
  static let commandName = "clear"
  static let abstract = "Empty the running player's queue."
  static func send(to client: MPDClient) throws {
    guard try PlayerState.read(client).queueLength > 0 else { throw CLIError.nothingToChange("the queue is already empty") }
    try client.run("clear")
  }
}

/// `tunes quit`: ends the running player, e.g. one started with `tunes play --daemon`.
enum Quit: RemoteRequest {
  static let commandName = "quit"
  static let abstract = "End the running player (e.g. one started with `tunes play --daemon`)."
  static let printsState = false
  static func send(to client: MPDClient) throws { try PlayerRemote.quit(client) }
}

/// The two facts of `status` the remote commands decide on.
struct PlayerState {
  var state: String
  var queueLength: Int

  static func read(_ client: MPDClient) throws(ControlError) -> PlayerState {
    let status = MPDClient.dictionary(try client.run("status"))
    return PlayerState(state: status["state"] ?? "stop", queueLength: Int(status["playlistlength"] ?? "") ?? 0)
  }
}
