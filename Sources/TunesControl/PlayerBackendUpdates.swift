// How the library changes under a running player, and how MPD clients hear of it: MPD's `update`, the
// folder watcher's index runs (LibraryAutoUpdate, as mpd's `auto_update`) and other processes' runs
// (`tunes index` in another terminal, seen through DatabaseWatcher). Each of the first two runs the
// same indexer on a thread of its own and reports `update` at its start and end, with `database` when
// the index changed; at most one runs at a time, and the watcher's folders wait for a running one.
import Foundation
import TunesLibrary
import TunesMPD

/// What the backend knows of index runs; read by `status` and `stats`.
struct LibraryUpdates {
  var job = 0
  /// The job running now.
  var running: Int?
  var last: Date?
  /// The last update's failure, shown in `status` until the next one succeeds.
  var error: String?
  /// The library's generation last seen, and the thread that looks at it while anyone listens.
  var seenGeneration: Int?
  var watcher: DatabaseWatcher?
  /// Folders the folder watcher reported while an update ran: indexed when it ends.
  var waiting: Set<String> = []
}

extension PlayerBackend {
  /// MPD's `update`: a folder inside the music folder ("" = all of it).
  public func update(uri: String?) async throws -> Int {
    guard updates.running == nil else { throw MPDError(.updateAlready, "Already updating") }
    let folder = try folder()
    guard let path = folder.path(forURI: try MPDURIResolver.updateFolder(uri ?? "")) else {
      throw MPDError.noExist("No music folder yet: index one with `tunes index FOLDER`")
    }
    guard FileManager.default.fileExists(atPath: path) else { throw MPDError.noExist("No such directory") }
    return startUpdate([path])
  }

  /// The folders and files the folder watcher saw change, indexed as `update` indexes; while an update
  /// runs they wait for it to end. A path gone since (a deleted folder) is indexed through the nearest
  /// folder that still exists, so that its songs leave the index.
  public func autoUpdate(_ paths: [String]) {
    updates.waiting.formUnion(paths)
    guard updates.running == nil, !updates.waiting.isEmpty else { return }
    let existing = Set(updates.waiting.map(Self.nearestExisting))
    updates.waiting = []
    // A path under another one in the list is indexed with it.
    let sorted = existing.sorted()
    let outermost = sorted.filter { path in !sorted.contains { $0 != path && path.hasPrefix($0 == "/" ? "/" : $0 + "/") } }
    _ = startUpdate(outermost)
  }

  static func nearestExisting(_ path: String) -> String {
    var current = path
    while current.count > 1, !FileManager.default.fileExists(atPath: current) {
      current = (current as NSString).deletingLastPathComponent
    }
    return current
  }

  /// The music folder the watcher watches (nil while the library is empty).
  public func musicRoot() throws -> String? { try folder().root }

  private func startUpdate(_ paths: [String]) -> Int {
    updates.job += 1
    let job = updates.job
    updates.running = job
    emit([.update])
    let indexer = self.indexer
    Thread {
      let result = Result { try indexer(paths) }
      Task { await self.finishUpdate(job, result) }
    }.start()
    return job
  }

  private func finishUpdate(_ job: Int, _ result: Result<IndexReport, any Error>) async {
    updates.running = nil
    updates.last = Date()
    updates.seenGeneration = try? library.generation()  // reported below, not again by the watcher
    var changed: Set<MPDSubsystem> = [.update]
    switch result {
    case .success(let report):
      updates.error = nil
      if report.changedAnything {
        changed.insert(.database)
        await followIndexChanges()
      }
    case .failure(let error):
      updates.error = "update \(job) failed: \(error)"
    }
    emit(changed)
    autoUpdate([])
  }

  /// Waits for a running update to end (tests, orderly exits).
  public var isUpdating: Bool { updates.running != nil }

  /// Index runs of other processes (`tunes index` in another terminal) change the library without this
  /// backend: their generation is read once a second while anyone listens for changes, when the
  /// library's generation mark shows an index run's commit since the last read (`DatabaseWatcher`).
  func watchLibrary() {
    guard updates.watcher == nil else { return }
    let path = library.path
    // The watcher stamps the files before the generation is read here: a commit in between is seen.
    let interval = Double(Self.libraryPollInterval.components.seconds)
    updates.watcher = DatabaseWatcher(path: path, interval: interval) { [weak self] in
      Task { await self?.noticeOtherIndexRuns() }
    }
    if updates.seenGeneration == nil { updates.seenGeneration = try? library.generation() }
  }

  func stopWatchingLibrary() {
    updates.watcher?.stop()
    updates.watcher = nil
  }

  /// A generation this backend's own updates did not make: the database changed, as after `update`.
  private func noticeOtherIndexRuns() async {
    guard updates.running == nil, let now = try? library.generation(), now != updates.seenGeneration else { return }
    updates.seenGeneration = now
    updates.last = Date()
    await followIndexChanges()
    emit([.database])
  }
}
