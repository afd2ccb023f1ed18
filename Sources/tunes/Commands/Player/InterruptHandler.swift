// Ctrl-C during `tunes play`: an orderly end first, then, at a second press, an immediate one.
import Foundation
import TunesTerminal

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
      let first = lock.withLock {
        count += 1; return count == 1
      }
      if first { continuation.yield(); return }
      rawMode?.restore()
      if rawMode != nil { FileHandle.standardOutput.write(Data("\r\u{1B}[2K\n".utf8)) }
      exit(130)
    }
    source.resume()
  }

  func cancel() { source.cancel() }
}
