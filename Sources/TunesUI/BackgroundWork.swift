// Work the UI hands to other threads (ListenBrainz's reads and writes, which wait on the network) and
// the answers it takes back on its own thread. A job runs on one of two serial queues, reads and writes
// (so a slow chart never holds up a love, and writes leave in the order they were asked); when it ends,
// its completion is put in a list and a byte is written to the UI's wake pipe, which the UI's poll loop
// is already waiting on. The completions run on the UI's thread only (drain), so the UI's state stays
// owned by that thread.
import Foundation

final class BackgroundWork<Target>: @unchecked Sendable {
  enum Lane { case reads, writes }

  /// The byte written on the wake pipe when an answer is ready.
  static var wakeLetter: UInt8 { UInt8(ascii: "w") }

  private let lock = NSLock()
  private var finished: [@Sendable (Target) -> Void] = []
  private let reads = DispatchQueue(label: "tunes.ui.reads")
  private let writes = DispatchQueue(label: "tunes.ui.writes")
  private let wakeFD: Int32

  init(wakeFD: Int32) { self.wakeFD = wakeFD }

  /// Runs `work` on `lane`, then `then` with its answer on the UI's thread (at the next drain).
  func run<Answer: Sendable>(
    _ lane: Lane, _ work: @escaping @Sendable () -> Answer, then: @escaping @Sendable (Target, Answer) -> Void
  ) {
    (lane == .reads ? reads : writes).async { [self] in
      let answer = work()
      lock.withLock { finished.append { then($0, answer) } }
      var byte = Self.wakeLetter
      _ = write(wakeFD, &byte, 1)
    }
  }

  /// The completions of the jobs that ended, oldest first, taken off the list.
  func drain() -> [@Sendable (Target) -> Void] {
    lock.withLock {
      defer { finished = [] }
      return finished
    }
  }
}
