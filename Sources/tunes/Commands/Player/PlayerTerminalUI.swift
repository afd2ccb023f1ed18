// The terminal face of `tunes play`: a status line redrawn in place from the Player's status, and keys
// turned into Player calls. The terminal is restored on every way out, Ctrl-C included.
import Foundation
import TunesPlayer
import TunesTerminal

/// Reads stdin on a thread of its own (a blocking read) and hands keys over as a stream.
enum KeyReader {
  static func keys() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
    let thread = Thread {
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 { continuation.finish(); return }
        pending += buffer[0..<count]
        let (keys, used) = KeyDecoder.decode(pending)
        pending.removeFirst(used)
        for key in keys { continuation.yield(key) }
      }
    }
    thread.start()
    return stream
  }
}

enum PlayerTerminalUI {
  static func statusInput(_ status: PlayerStatus) -> StatusLineInput {
    let state: StatusLineInput.State
    switch status.state {
    case .playing: state = .playing
    case .paused: state = .paused
    case .stopped: state = .stopped
    }
    return StatusLineInput(
      state: state, title: TerminalText.safe(status.song?.title ?? "—"), artist: TerminalText.safe(status.song?.artist ?? ""),
      elapsedMs: status.elapsedMs,
      durationMs: status.durationMs, shuffle: status.random, repeatMode: status.repeatMode.rawValue, volume: status.volume)
  }

  static func draw(_ status: PlayerStatus) {
    let line = StatusLine.render(statusInput(status), width: TerminalInfo.width() - 1)
    FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + line).utf8))
  }

  static func clearLine() {
    FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8))
  }

  /// Carries out one key; returns false when the user quits.
  static func handle(_ key: Key, player: Player) async -> Bool {
    switch key {
    case .space: await player.toggle()
    case .character("n"): await player.next()
    case .character("p"): await player.previous()
    case .right: await player.seek(by: 5_000)
    case .left: await player.seek(by: -5_000)
    case .character("+"), .character("="), .up: await player.changeVolume(by: 5)
    case .character("-"), .down: await player.changeVolume(by: -5)
    case .character("s"):
      let on = await player.status().random
      await player.setRandom(!on)
    case .character("r"):
      let mode = await player.status().repeatMode
      let all = RepeatMode.allCases
      await player.setRepeat(all[(all.firstIndex(of: mode)! + 1) % all.count])
    case .character("q"), .character("Q"): return false
    default: break
    }
    return true
  }
}

/// Ctrl-C: the player ends the orderly way, as on `tunes quit` (state saved, socket removed), and the
/// command then leaves with the conventional status 130. A second Ctrl-C leaves at once, the terminal
/// restored. Only a terminal gets its line cleared: a stdout that is not one holds nothing but song lines.
final class InterruptHandler: @unchecked Sendable {
  // @unchecked: `count` is guarded by `lock`; the rest is immutable.
  private let source: DispatchSourceSignal
  /// Yields at the first Ctrl-C.
  let interrupts: AsyncStream<Void>
  private let lock = NSLock()
  private var count = 0

  var wasInterrupted: Bool { lock.withLock { count > 0 } }

  init(restoring rawMode: RawMode?) {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    interrupts = stream
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [unowned self] in
      let first = lock.withLock { count += 1; return count == 1 }
      if first { continuation.yield(); return }
      rawMode?.restore()
      if rawMode != nil { FileHandle.standardOutput.write(Data("\r\u{1B}[2K\n".utf8)) }
      exit(130)
    }
    source.resume()
  }

  func cancel() { source.cancel() }
}
