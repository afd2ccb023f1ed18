// The progress line `tunes index` keeps rewriting on stderr while it reads files (only on a terminal).
import Foundation
import TunesCore
import TunesLibrary

/// "indexing 1200/10000 files, 5400 files/s, ETA 2 s" rewritten in place on stderr.
struct IndexProgressLine: Sendable {
  let start: Double

  func update(_ progress: IndexProgress) {
    let elapsed = max(SystemClock().monotonic() - start, 0.001)
    let rate = Double(progress.done) / elapsed
    let eta = rate > 0 ? Int((Double(progress.total - progress.done) / rate).rounded(.up)) : 0
    let line = "\r\u{1B}[Kindexing \(progress.done)/\(progress.total) files, \(Int(rate)) files/s, ETA \(eta) s"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
