// `tunes play` on a terminal: the player starts in the background, as `--daemon` starts it, and the
// full-screen UI opens on it. Quitting the UI quits the player (as in cmus); `d` leaves it playing and
// says how to come back. The player being a process of its own is what makes that possible, and keeps
// its messages off the screen: they go to its log, which the UI's message line follows.
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesMPD
import TunesUI

extension Play {
  func playInFullScreen(library: Library, socketPath: String) async throws {
    // A bad query or [keys] line is reported here, before anything starts.
    if choosing { _ = try chosenBatch(library) }
    _ = try FullScreen.keyMap(global.paths)
    _ = try FullScreen.theme(global.paths)
    let log = Daemon.logPath(global.paths)
    let logStart = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? UInt64) ?? 0
    let arguments = Array(CommandLine.arguments.dropFirst()) + ["--daemon-child"]
    let pid = try Daemon.launch(socketPath: socketPath, log: log, arguments: arguments)
    // A daemon keeps the saved state as it was; `tunes play` with no query plays the saved queue on.
    if !choosing && !resume, let client = try RemotePlay.connect(socketPath: socketPath),
      MPDClient.dictionary(try client.run("status"))["state"] != "play"
    {
      _ = try RemotePlay.playQueue(shuffle: false, repeat: nil, to: client)
    }
    let exit: TerminalUIExit
    do {
      exit = try await FullScreen.run(global: global, socketPath: socketPath, ownsPlayer: true, playerLogStart: logStart)
    } catch {
      // The UI could not open (a bad [keys] line): the player it started goes too.
      if let client = (try? RemotePlay.connect(socketPath: socketPath)) ?? nil { try? PlayerRemote.quit(client) }
      throw error
    }
    switch exit {
    case .detached:
      print("tunes plays on in the background (pid \(pid)): `tunes ui` opens this screen again, `tunes quit` ends it")
    case .quit, .playerGone:
      // Reaped here, so that the shell's prompt comes back once the player is gone.
      let deadline = Date().addingTimeInterval(10)
      var status: Int32 = 0
      while Date() < deadline, waitpid(pid, &status, WNOHANG) == 0 { usleep(20_000) }
    }
  }
}
