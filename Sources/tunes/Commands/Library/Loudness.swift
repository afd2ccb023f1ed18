// `tunes loudness [QUERY]`: measures EBU R128 loudness and true peak of the matching songs (whole albums)
// and keeps ReplayGain 2.0 values (−18 LUFS reference, as rsgain and loudgain give) in the library
// database, where the player uses them for songs whose files carry no gain tags. Every format tunes plays
// is decoded by the player's own decoder choice; a file that does not decode cleanly, or is silent, is
// named on one line and given no value, and its album gets no album gain. Files are written only with
// --write-tags: ReplayGain 2.0 tags as rsgain writes them (ReplayGainTagWriter), each file replaced whole. Songs measured before are skipped unless --force; Ctrl-C keeps every album finished, and
// the next run goes on from there. A progress line shows on a terminal.
import ArgumentParser
import Foundation
import TunesCore
import TunesDecoder
import TunesLibrary
import TunesLoudness
import TunesTags
import TunesTerminal

struct Loudness: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loudness",
    abstract: "Measure loudness (EBU R128) into the library, for ReplayGain where files have no tags.")

  @OptionGroup var global: GlobalOptions

  @Flag(name: .long, help: "Measure songs measured before too.")
  var force = false

  @Flag(name: .long, help: "Also write ReplayGain 2.0 tags into the files (MP3, FLAC, Ogg Vorbis, Opus).")
  var writeTags = false

  @Option(name: .long, help: "How many songs to decode at once (default: one per core).")
  var jobs: Int?

  @Argument(parsing: .allUnrecognized, help: "A query choosing the songs (their whole albums are measured).")
  var query: [String] = []

  mutating func validate() throws {
    query = try QueryWords.checked(query, of: Self.self)
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  func run() async throws {
    try await reportingErrors {
      let library = try global.openLibrary(.mustExist)
      let chosen: Set<Int64>? =
        query.isEmpty ? nil : Set(try library.songs(matching: try LibraryQuery.parse(arguments: query)).compactMap(\.id))
      let (groups, skipped) = try LoudnessStore.pending(library, songIDs: chosen, force: force)
      let total = groups.reduce(0) { $0 + $1.items.count }
      let scan = LoudnessScan(groups: groups)
      let tally = LoudnessTally(total: total, showProgress: TerminalInfo.isTerminal(STDERR_FILENO))
      signal(SIGINT, SIG_IGN)
      let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
      interrupt.setEventHandler {
        tally.interrupted()
        scan.stop()
      }
      interrupt.resume()
      defer { interrupt.cancel() }
      let workers = jobs ?? ProcessInfo.processInfo.activeProcessorCount
      await Task.detached {
        scan.run(
          workers: workers,
          measured: { outcome in
            tally.measured(outcome) { try LoudnessStore.save(outcome, in: library) }
            if writeTags { tally.writeTags(outcome) }
          },
          failed: { error in tally.failed(error) })
      }.value
      try tally.finish(skipped: skipped)
    }
  }
}

/// Counts, the progress line and the per-song lines of one run; called from the scan's threads.
final class LoudnessTally: @unchecked Sendable {
  // @unchecked: every field is guarded by `lock`.
  private let lock = NSLock()
  private let total: Int
  private let showProgress: Bool
  private let start = SystemClock().monotonic()
  private var done = 0
  private var saved = 0
  private var failures = 0
  private var tagFailures = 0
  private var storeError: LoudnessError?
  private var wasInterrupted = false

  init(total: Int, showProgress: Bool) {
    self.total = total
    self.showProgress = showProgress
  }

  func interrupted() { lock.withLock { wasInterrupted = true } }

  func measured(_ outcome: LoudnessOutcome, save: () throws -> Void) {
    let results = outcome.results
    lock.withLock {
      do {
        try save()
        saved += results.count
      } catch let error as LoudnessError {
        storeError = error
      } catch {
        storeError = .store("\(error)")
      }
      done += outcome.items.count
      clearProgress()
      let safe = TerminalText.safe
      for r in results {
        print(
          String(format: "%7.2f LUFS  %+6.2f dB  peak %.6f  ", r.integratedLUFS, r.trackGain, r.truePeak)
            + safe(r.item.path))
      }
      if let album = results.first?.albumLUFS, let gain = results.first?.albumGain, let peak = results.first?.albumPeak {
        print(String(format: "%7.2f LUFS  %+6.2f dB  peak %.6f  ", album, gain, peak) + "(album)")
      } else if let spoiled = outcome.albumSpoiledBy {
        print("no album gain: " + TerminalText.safe(spoiled) + " was not measured cleanly")
      }
      drawProgress()
    }
  }

  /// Writes each measured song's values into its file; a file that cannot take them is named on one line.
  func writeTags(_ outcome: LoudnessOutcome) {
    for result in outcome.results {
      let values = ReplayGainValues(
        trackGain: result.trackGain, trackPeak: result.truePeak, albumGain: result.albumGain, albumPeak: result.albumPeak)
      do throws(TagWriteError) {
        try ReplayGainTagWriter.write(values, to: result.item.path)
      } catch {
        lock.withLock {
          tagFailures += 1
          clearProgress()
          StandardError.print("tunes: \(TerminalText.safe(error.description))")
          drawProgress()
        }
      }
    }
  }

  /// A file given no value; the progress counts it with its group's outcome.
  func failed(_ error: LoudnessError) {
    lock.withLock {
      failures += 1
      clearProgress()
      StandardError.print("tunes: \(error)")
      drawProgress()
    }
  }

  func finish(skipped: Int) throws {
    try lock.withLock {
      clearProgress()
      if let storeError { throw storeError }
      if wasInterrupted { throw LoudnessError.interrupted(measured: saved) }
      print("measured \(saved), skipped \(skipped) measured before, failed \(failures)")
      if failures > 0 { throw LoudnessError.someFailed(count: failures) }
      if tagFailures > 0 { throw LoudnessError.tagsNotWritten(count: tagFailures) }
    }
  }

  private func drawProgress() {
    guard showProgress else { return }
    let elapsed = max(SystemClock().monotonic() - start, 0.001)
    let rate = Double(done) / elapsed
    let eta = rate > 0 ? Int((Double(total - done) / rate).rounded(.up)) : 0
    let width = 30
    let filled = total > 0 ? width * done / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let line = "\r\u{1B}[K[\(bar)] \(done)/\(total) songs, \(String(format: "%.1f", rate)) songs/s, ETA \(eta) s"
    FileHandle.standardError.write(Data(line.utf8))
  }

  private func clearProgress() {
    if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
