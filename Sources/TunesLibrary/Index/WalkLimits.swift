// How deep and how long a walk may go. The walk opens each folder by its name in its open parent and
// keeps one folder open per level on each walking thread, so neither PATH_MAX nor anything else stops a
// hostile tree (thousands of nested folders) from using up the process's open files, or from yielding
// paths longer than the kernel takes whole: the player, mpd and every other tool open a song by its
// full path, and such a song could be listed but never played. Past either bound the folder or file is
// skipped with one report, and what the index holds under a skipped folder is kept.

#if canImport(Glibc)
  import Glibc
#endif

struct WalkLimits: Sendable, Equatable {
  /// The longest path, in bytes, the walk keeps: PATH_MAX less its closing NUL. A longer one fails to
  /// open (ENAMETOOLONG) in every program that opens it by name.
  static let pathBytes = Int(PATH_MAX) - 1
  /// The deepest nesting of folders below a walked folder, when open files allow it. Music libraries
  /// nest a handful of levels (artist, album, disc); 64 leaves room for any real layout while a walk
  /// holds at most about 130 folders open.
  static let deepest = 64
  /// Open files left for everything else while the walk holds its folders open: the database and its
  /// journal, the catalogue being parsed, the standard streams, a daemon's clients.
  static let spareDescriptors = 64
  /// Threads that walk at once (FileWalker.walkSplit), each holding its own chain of open folders.
  static let walkingThreads = 2

  /// Folder levels below the walked folder that are walked (the walked folder is level 0).
  var depth: Int

  /// The bound for this process now: `deepest`, or less when the open-file limit (RLIMIT_NOFILE), once
  /// raised as far as the hard limit lets it, leaves too few descriptors for two chains that deep.
  static func current() -> WalkLimits {
    let inUse = openDescriptors()
    let needed = inUse + spareDescriptors + walkingThreads * (deepest + 1)
    // RLIM_INFINITY, all bits set (the C macro does not come through as an unsigned value).
    let unlimited = rlim_t.max
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return WalkLimits(depth: deepest) }
    if limit.rlim_cur != unlimited && limit.rlim_cur < rlim_t(needed) {
      var raised = limit
      raised.rlim_cur = limit.rlim_max == unlimited ? rlim_t(needed) : min(limit.rlim_max, rlim_t(needed))
      if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    if limit.rlim_cur == unlimited || limit.rlim_cur >= rlim_t(needed) { return WalkLimits(depth: deepest) }
    return WalkLimits(depth: depth(openFiles: Int(limit.rlim_cur), inUse: inUse))
  }

  /// The depth two chains of open folders can reach with `openFiles` descriptors, `inUse` of them taken.
  static func depth(openFiles: Int, inUse: Int) -> Int {
    let free = openFiles - inUse - spareDescriptors
    return max(1, min(deepest, free / walkingThreads - 1))
  }

  /// Descriptors the process has open, counted in /proc/self/fd (an estimate, 16 if it cannot be read).
  static func openDescriptors() -> Int {
    guard let dir = opendir("/proc/self/fd") else { return 16 }
    defer { closedir(dir) }
    var count = 0
    while let entry = readdir(dir) {
      if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
    }
    // The listing's own descriptor is not the caller's.
    return max(0, count - 1)
  }
}
