// A library that updates itself while a player runs, as mpd's `auto_update`: the music folder is
// watched (FolderWatcher) and what changed is indexed through the backend's own `update` path, so MPD
// clients get `update` and `database` as after `update`, and the player follows moved songs. When an
// index run moves the music folder (songs added beside it), the new folder is watched instead.
// Settings in config.toml: `[library] auto_update = false` turns it off; `rescan_interval` (seconds)
// is the period of whole rescans when the tree is too large for inotify. TUNES_INOTIFY_WATCH_LIMIT
// lowers the number of folders watched, so that the fallback can be seen without filling the system's.
import Foundation
import TunesCore
import TunesMPD

public final class LibraryAutoUpdate: @unchecked Sendable {
  public struct Settings: Sendable, Equatable {
    public var watcher = FolderWatcher.Settings()

    public init() {}

    static let section = "library"

    /// The settings; nil when `[library] auto_update = false`.
    public static func read(_ file: ConfigFile, environment: [String: String]) throws -> Settings? {
      if try file.flag(section: section, key: "auto_update") == false { return nil }
      var settings = Settings()
      if let seconds = try file.integer(section: section, key: "rescan_interval", in: 1...86_400, unit: "seconds") {
        settings.watcher.rescanSeconds = Double(seconds)
      }
      if let limit = environment["TUNES_INOTIFY_WATCH_LIMIT"].flatMap(Int.init), limit >= 0 {
        settings.watcher.watchLimit = limit
      }
      return settings
    }
  }

  // @unchecked: `watched` and `follow` are guarded by `lock`.
  private let lock = NSLock()
  private var watched: (root: String, watcher: FolderWatcher)?
  private var follow: Task<Void, Never>?
  private var stopped = false
  private let backend: PlayerBackend
  private let settings: Settings
  private let report: @Sendable (String) -> Void

  /// Watches the backend's music folder until `stop`; `report` says (once per folder watched) when
  /// inotify cannot cover it.
  public init(backend: PlayerBackend, settings: Settings, report: @escaping @Sendable (String) -> Void) async {
    self.backend = backend
    self.settings = settings
    self.report = report
    await watch()
    let changes = await backend.changes()
    let task = Task { [weak self] in
      for await change in changes where change.contains(.database) { await self?.watch() }
    }
    lock.withLock { follow = task }
  }

  /// Watches the music folder as it is now, if it is not the one watched already.
  private func watch() async {
    let root = try? await backend.musicRoot()
    let (same, isStopped) = lock.withLock { (watched?.root == root, stopped) }
    guard !same, !isStopped else { return }
    let backend = self.backend
    let started = root.map { root in
      FolderWatcher(root: root, settings: settings.watcher, report: report) { folders in
        Task { await backend.autoUpdate(folders) }
      }
    }
    let previous = lock.withLock { () -> FolderWatcher? in
      defer { watched = zip2(root, started) }
      return watched?.watcher
    }
    previous?.stop()
  }

  public func stop() {
    let (task, watcher) = lock.withLock { () -> (Task<Void, Never>?, FolderWatcher?) in
      stopped = true
      defer {
        follow = nil
        watched = nil
      }
      return (follow, watched?.watcher)
    }
    task?.cancel()
    watcher?.stop()
  }
}

private func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
