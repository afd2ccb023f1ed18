// Watches a folder tree with Linux's inotify (Glibc's own calls: no library needed for three system
// calls) on a thread of its own, and reports the folders where something changed once the tree has been
// quiet for a moment, as mpd's `auto_update` does. A file still being written holds back its folder:
// it is reported only after it was closed (IN_CLOSE_WRITE) and its size and time stayed the same over a
// quiet period, so an index run never reads it half-written. New folders are watched as they appear.
// A tree with more folders than the watches the system allows (fs.inotify.max_user_watches), or no
// inotify at all, is said once and then reported whole at a fixed interval instead: never a crash.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

public final class FolderWatcher: @unchecked Sendable {
  // @unchecked: after init only the thread touches the state below; `stop` only writes to the pipe.
  public struct Settings: Sendable, Equatable {
    /// Seconds without an event before changes are reported.
    public var quietSeconds = 1.0
    /// Without inotify: seconds between two reports of the whole tree.
    public var rescanSeconds = 300.0
    /// At most this many folders are watched (nil: as many as the system allows).
    public var watchLimit: Int?
    /// A file left open for writing this long with no change is taken as finished.
    public var openFileSeconds = 60.0

    public init() {}
  }

  private struct FileState {
    var open: Bool
    var size: Int64 = -1
    var modified = timespec()
    var lastEvent: Date
  }

  private let root: String
  private let settings: Settings
  private let report: @Sendable (String) -> Void
  private let changed: @Sendable ([String]) -> Void
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private var inotify: Int32 = -1
  private var folders: [Int32: String] = [:]
  private var pending: Set<String> = []
  private var files: [String: FileState] = [:]
  private var lastEvent = Date.distantPast
  /// Set once inotify cannot cover the tree: the next whole-tree report.
  private var nextRescan: Date?

  static let mask: UInt32 =
    UInt32(IN_CREATE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
    | UInt32(IN_DELETE) | UInt32(IN_DONT_FOLLOW) | UInt32(IN_EXCL_UNLINK)

  /// Starts watching `root`: `changed` runs on the watcher's thread with the folders (or the root) to
  /// index again; `report` says, once, why the tree is rescanned instead of watched.
  public init(
    root: String, settings: Settings, report: @escaping @Sendable (String) -> Void,
    changed: @escaping @Sendable ([String]) -> Void
  ) {
    self.root = root
    self.settings = settings
    self.report = report
    self.changed = changed
    var pipeFDs: [Int32] = [-1, -1]
    if pipe(&pipeFDs) == 0 {
      for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    wakeRead = pipeFDs[0]
    wakeWrite = pipeFDs[1]
    let thread = Thread { [self] in run() }
    thread.name = "tunes-folder-watch"
    thread.start()
  }

  /// Ends the thread at once (it closes its descriptors), without waiting for it.
  public func stop() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func run() {
    inotify = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
    if inotify < 0 {
      fallBack("inotify is not available (\(String(cString: strerror(errno))))")
    } else {
      watchTree(root)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
    defer {
      buffer.deallocate()
      if inotify >= 0 { close(inotify) }
      close(wakeRead)
      close(wakeWrite)
    }
    while true {
      var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
      let ready = poll(&fds, nfds_t(inotify >= 0 ? 2 : 1), timeout())
      if ready < 0 && errno != EINTR { return }
      if fds[0].revents != 0 { return }
      if inotify >= 0 && fds[1].revents != 0 { readEvents(buffer) }
      if let next = nextRescan, Date() >= next {
        nextRescan = Date().addingTimeInterval(settings.rescanSeconds)
        changed([root])
      }
      flushIfQuiet()
    }
  }

  /// Milliseconds poll may sleep: until the next rescan, or the end of the quiet period; -1 for ever.
  private func timeout() -> Int32 {
    var wake: Date?
    if let nextRescan { wake = nextRescan }
    if !pending.isEmpty {
      let quietEnd = lastEvent.addingTimeInterval(settings.quietSeconds)
      wake = min(wake ?? quietEnd, quietEnd)
    }
    guard let wake else { return -1 }
    return Int32(max(20, min(wake.timeIntervalSinceNow * 1000, 3_600_000)))
  }

  // MARK: Watching

  /// Adds a watch on `start` and every folder below it (symbolic links are not followed: no loops).
  private func watchTree(_ start: String) {
    var stack = [start]
    while let folder = stack.popLast() {
      guard inotify >= 0 else { return }
      if let limit = settings.watchLimit, folders.count >= limit {
        return fallBack("watching \(root) needs more than the \(limit) folders allowed")
      }
      let wd = inotify_add_watch(inotify, folder, Self.mask | UInt32(IN_ONLYDIR))
      if wd < 0 {
        if errno == ENOSPC {
          return fallBack(
            "watching \(root) needs more folders than the system's inotify watch limit (fs.inotify.max_user_watches = \(Self.systemLimit))"
          )
        }
        continue  // gone or unreadable: nothing to index there either
      }
      folders[wd] = folder
      guard let stream = opendir(folder) else { continue }
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard name != ".", name != ".." else { continue }
        let path = folder == "/" ? "/" + name : folder + "/" + name
        var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
        if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
          var info = stat()
          isFolder = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        if isFolder { stack.append(path) }
      }
      closedir(stream)
    }
  }

  private static var systemLimit: String {
    ((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8)) ?? "?")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Gives inotify up for periodic reports of the whole tree, saying why once.
  private func fallBack(_ reason: String) {
    report("\(reason); the library is rescanned every \(Int(settings.rescanSeconds)) s instead")
    if inotify >= 0 { close(inotify) }
    inotify = -1
    folders = [:]
    pending = []
    files = [:]
    nextRescan = Date().addingTimeInterval(settings.rescanSeconds)
  }

  // MARK: Events

  private func readEvents(_ buffer: UnsafeMutableRawBufferPointer) {
    while inotify >= 0 {
      let count = read(inotify, buffer.baseAddress, buffer.count)
      if count <= 0 { return }
      var offset = 0
      // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len] (NUL padded).
      while offset + 16 <= count {
        let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[(offset + 16)..<min(offset + 16 + length, count)])
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += 16 + length
        handle(wd: wd, mask: mask, name: name)
      }
    }
  }

  private func handle(wd: Int32, mask: UInt32, name: String) {
    let now = Date()
    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
      // Events were lost: the whole tree is indexed again, and new folders watched.
      lastEvent = now
      pending.insert(root)
      watchTree(root)
      return
    }
    guard let folder = folders[wd] else { return }
    if mask & UInt32(IN_IGNORED) != 0 {
      folders[wd] = nil
      return
    }
    guard !name.isEmpty else { return }
    lastEvent = now
    let path = folder == "/" ? "/" + name : folder + "/" + name
    pending.insert(folder)
    if mask & UInt32(IN_ISDIR) != 0 {
      if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
        // Files may have landed in it before its watch: it is indexed whole.
        watchTree(path)
        pending.insert(path)
      } else if mask & UInt32(IN_MOVED_FROM) != 0 {
        forget(under: path)
      }
      return
    }
    if mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
      files[path] = nil
    } else if mask & (UInt32(IN_CREATE) | UInt32(IN_MODIFY)) != 0 {
      files[path, default: FileState(open: true, lastEvent: now)].open = true
      files[path]?.lastEvent = now
    } else if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0 {
      var state = FileState(open: false, lastEvent: now)
      Self.stamp(path, into: &state)
      files[path] = state
    }
  }

  /// A folder moved away: its watches would report under its old name.
  private func forget(under path: String) {
    for (wd, folder) in folders where folder == path || folder.hasPrefix(path + "/") {
      inotify_rm_watch(inotify, wd)
      folders[wd] = nil
    }
    for file in files.keys where file.hasPrefix(path + "/") { files[file] = nil }
  }

  private static func stamp(_ path: String, into state: inout FileState) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    state.size = Int64(info.st_size)
    state.modified = info.st_mtim
  }

  /// After a quiet period: reports the changed folders, except those holding a file still being written
  /// (open, or grown since it was last looked at), which wait for the next quiet period.
  private func flushIfQuiet() {
    let now = Date()
    guard !pending.isEmpty, now.timeIntervalSince(lastEvent) >= settings.quietSeconds else { return }
    var held: [String] = []
    for (path, var state) in files {
      var info = stat()
      guard stat(path, &info) == 0 else {
        files[path] = nil
        continue
      }
      let unchanged =
        state.size == Int64(info.st_size) && state.modified.tv_sec == info.st_mtim.tv_sec
        && state.modified.tv_nsec == info.st_mtim.tv_nsec
      let stale = now.timeIntervalSince(state.lastEvent) >= settings.openFileSeconds
      if unchanged && (!state.open || stale) {
        files[path] = nil
        continue
      }
      if !unchanged {
        Self.stamp(path, into: &state)
        state.lastEvent = now
        files[path] = state
      }
      held.append(path)
    }
    let ready = pending.filter { folder in !held.contains { $0.hasPrefix(folder == "/" ? "/" : folder + "/") } }
    pending.subtract(ready)
    if !pending.isEmpty { lastEvent = now }  // looked at again after another quiet period
    if !ready.isEmpty { changed(ready.sorted()) }
  }
}
