// Finds what a folder holds for the index: MP3 files with size and mtime (from one stat each, no
// open), library.json catalogues, album cover images and playlist files. readdir/stat directly:
// FileManager's enumerator costs several times more per file, and a no-change rescan is mostly this walk.
import Foundation
import TunesTags

#if canImport(Glibc)
  import Glibc
#endif

/// A file on disk as the scanner compares it with the index.
struct FileStamp: Sendable, Equatable {
  var size: Int64
  /// Modification time in seconds since 1970, with the nanoseconds the filesystem keeps.
  var mtime: Double
}

/// A file the walk found, with room for the indexer's notes: which catalogue entry names it and which
/// index row is its. Kept in the walk's table, they cost no second table of 100k paths.
struct WalkedFile: Sendable {
  var stamp: FileStamp
  /// The indexer's reference to the catalogue entry naming the file (0: none).
  var catalogueEntry: UInt32 = 0
  /// The indexer's reference to the file's index row (0: none).
  var row: UInt32 = 0
}

struct WalkResult: Sendable {
  var files = WalkedFiles()
  /// Folder → cover image found in it (cover.jpg, folder.jpg, cover.png, in that order of preference).
  var covers: [String: String] = [:]
  /// Playlist files (.m3u .m3u8 .xspf .jspf), for whoever keeps playlists in step with them.
  var playlistFiles: [String] = []
  var problems: [IndexProblem] = []
  /// Folders that exist but could not be read: what the index holds under them is kept, not taken for
  /// vanished (a permissions slip or a network share's hiccup must not cost play counts and playlists).
  var unreadableFolders: [String] = []
  /// The folders walked, by device and inode: a folder reached again (through a symlink to a folder
  /// above it, or to one walked already) is not walked twice, so links can be followed without looping.
  var walkedFolders: Set<FolderIdentity> = []
  /// Every folder walked, by the path it was walked under, with its change times: a catalogue's entries
  /// depend on which files its folders hold, and these say whether any name came or went (CatalogueState).
  var folderStamps: [FolderStamp] = []
}

/// A folder's modification and status-change times, in nanoseconds: adding, removing or renaming a name
/// in it changes them.
struct FolderStamp: Sendable {
  var path: String
  var modified: Int64
  var changed: Int64
}

/// A folder as the filesystem knows it, whatever path leads to it.
struct FolderIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
}

enum FileWalker {
  static let coverNames = ["cover.jpg", "folder.jpg", "cover.png", "folder.png", "cover.jpeg"]
  static let catalogueName = "library.json"

  static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return FileStamp(info)
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether the name is an audio file's tunes reads: .mp3 .flac .ogg .oga .opus .m4a .m4b .mp4 (the name
  /// is older than the formats other than MP3). Files without an extension are told by content instead.
  static func isMP3(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { isMP3(bytes: $0) }
  }

  /// The same on the name's bytes: the extension after the last dot, folded to lower case, is read once
  /// into an integer and compared with each (eight suffix tests a file were a visible part of a rescan).
  static func isMP3(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.count > 4 else { return false }
    var folded: UInt32 = 0
    var index = name.count - 1
    while name[index] != UInt8(ascii: ".") {
      // At most four bytes after the dot.
      guard index > name.count - 5 else { return false }
      var byte = name[index]
      if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
      folded = folded << 8 | UInt32(byte)
      index -= 1
    }
    return index < name.count - 1 && audioExtensions.contains(folded)
  }

  /// mp3 flac ogg oga opus m4a m4b mp4, each as `isMP3(bytes:)` folds it (from its last byte).
  private static let audioExtensions: [UInt32] = ["mp3", "flac", "ogg", "oga", "opus", "m4a", "m4b", "mp4"].map {
    $0.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// An extension-less file whose first bytes are audio (AudioFileKind tells MP3, FLAC, Ogg and MP4 apart).
  static func isBareAudio(_ name: String, path: String) -> Bool {
    !PathText.hasExtension(name) && AudioFileKind.detect(path: path) != nil
  }

  /// Whether a file named directly (not found by a walk) is one to index: an audio extension, or no
  /// extension and audio content, as the walk decides for the files it finds.
  static func isAudioFile(_ path: String) -> Bool {
    isMP3(path) || isBareAudio(String(PathText.name(of: path)), path: path)
  }

  /// Walks `folder` recursively, hidden entries skipped. Symlinks are followed, as MPD follows them by
  /// default, and what they lead to is indexed under the path through the link. The folders the links
  /// lead to are walked after the real ones, so a song reachable both ways keeps its real path; a
  /// folder already walked (a link to a folder above, a second link to the same one) is not walked again.
  /// `foundCatalogue` hears of each library.json as soon as it is found. Folders nested deeper than
  /// `limits` allow and paths longer than a path can be are skipped, each reported once (WalkLimits).
  static func walk(
    _ folder: String, limits: WalkLimits = .current(), into result: inout WalkResult, foundCatalogue: (String) -> Void
  ) {
    var linked: [LinkedFolder] = []
    walkTree(
      Level(path: folder, depth: 0, limits: limits), into: &result, linkedFolders: &linked, foundCatalogue: foundCatalogue,
      split: true)
    var next = 0
    while next < linked.count {
      // A linked folder is as deep as the link to it: a chain of links nests no deeper than folders do.
      walkTree(
        Level(path: linked[next].path, depth: linked[next].depth, limits: limits), into: &result, linkedFolders: &linked,
        foundCatalogue: foundCatalogue)
      next += 1
    }
  }

  /// A folder to walk, how deep it lies below the walked folder, and the walk's bounds.
  struct Level: Sendable {
    var path: String
    var depth: Int
    var limits: WalkLimits

    /// The level of the subfolder at `path`.
    func child(_ path: String) -> Level { Level(path: path, depth: depth + 1, limits: limits) }
  }

  /// A symlink to a folder, walked after the real folders, at the depth of the link.
  struct LinkedFolder: Sendable {
    var path: String
    var depth: Int
  }

  /// Walks `folder` and the real folders under it; symlinked folders are noted in `linkedFolders`. With
  /// `split`, the second half of its subfolders is walked on another thread (`walkSplit`). A subfolder
  /// is opened by its name in its parent's open folder (`parent`): opened by its whole path, the kernel
  /// looked up every folder above it again, as many lookups in all as the stat of every file.
  private static func walkTree(
    _ level: Level, in parent: Int32 = AT_FDCWD, into result: inout WalkResult, linkedFolders: inout [LinkedFolder],
    foundCatalogue: (String) -> Void, split: Bool = false
  ) {
    let folder = level.path
    let fd =
      parent == AT_FDCWD
      ? open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      : openat(parent, String(PathText.name(of: folder)), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0, let dir = fdopendir(fd) else {
      let reason = String(cString: strerror(errno))
      if fd >= 0 { close(fd) }
      result.problems.append(IndexProblem(path: folder, reason: "cannot read folder: \(reason) (its songs stay in the index)"))
      result.unreadableFolders.append(folder)
      return
    }
    defer { closedir(dir) }
    var info = stat()
    if fstat(fd, &info) == 0 {
      let identity = FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      guard result.walkedFolders.insert(identity).inserted else { return }
      result.folderStamps.append(
        FolderStamp(path: folder, modified: FileWalker.nanoseconds(info.st_mtim), changed: FileWalker.nanoseconds(info.st_ctim)))
    }
    var subfolders: [String] = []
    var links: [String] = []
    var coverRank = Int.max
    // Only in a folder whose path is within a longest name of the bound can a name in it pass it.
    let folderBytes = folder.utf8.count
    let nearLongest = folderBytes + 1 + Int(NAME_MAX) > WalkLimits.pathBytes
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(dir) {
      // Hidden entries are skipped before any String is made.
      if entry.pointee.d_name.0 == CChar(UInt8(ascii: ".")) { continue }
      let type = Int32(entry.pointee.d_type)
      // Most entries are audio files known by their extension: decided on the name's bytes, stat'ed
      // by them, and only the path made a String. Anything else (or a name not ASCII) goes the long way.
      if type == Int32(DT_REG) {
        let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
        let bytes = UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
        if !nearLongest, isMP3(bytes: bytes), !bytes.contains(where: { $0 >= 0x80 }),
          fstatat(fd, UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), &info, 0) == 0,
          (info.st_mode & S_IFMT) == S_IFREG
        {
          result.files[PathKey(PathText.join(folder, bytes: bytes))] = WalkedFile(stamp: FileStamp(info))
          continue
        }
      }
      let decoded = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(validatingCString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      guard let name = decoded else {
        if let problem = undecodable(entry, type: type, in: folder, fd: fd) { result.problems.append(problem) }
        continue
      }
      let path = PathText.join(folder, name)
      if nearLongest && path.utf8.count > WalkLimits.pathBytes {
        if let (problem, isFolder) = tooLong(name, type: type, in: folder, fd: fd) {
          result.problems.append(problem)
          if isFolder { result.unreadableFolders.append(path) }
        }
        continue
      }
      var kind = type
      // Stat relative to the open folder: the kernel does not walk the whole path again for each file.
      let isLink = type == Int32(DT_LNK)
      let bare = !PathText.hasExtension(name)
      if type == Int32(DT_UNKNOWN) || isLink || (type == Int32(DT_REG) && (isMP3(name) || bare)) {
        guard fstatat(fd, name, &info, 0) == 0 else {
          // A link that leads back to itself (a → b → a) is broken input, said once; a dangling link is
          // passed over, as mpd does (a file moved away from under its link).
          if isLink && errno == ELOOP {
            result.problems.append(IndexProblem(path: path, reason: "symbolic link loop; skipped"))
          }
          continue
        }
        let mode = info.st_mode & S_IFMT
        if mode == S_IFDIR {
          if isLink {
            links.append(path)
            continue
          }
          kind = Int32(DT_DIR)
        } else if mode == S_IFREG {
          kind = Int32(DT_REG)
        } else {
          continue
        }
      }
      if kind == Int32(DT_DIR) {
        subfolders.append(path)
      } else if kind == Int32(DT_REG) {
        if isMP3(name) || (bare && isBareAudio(name, path: path)) {
          result.files[PathKey(path)] = WalkedFile(stamp: FileStamp(info))
        } else if name == catalogueName {
          foundCatalogue(path)
        } else if PlaylistFileName.matches(name) {
          result.playlistFiles.append(path)
        } else if let rank = coverNames.firstIndex(of: name.lowercased()), rank < coverRank {
          coverRank = rank
          result.covers[folder] = path
        }
      }
    }
    if level.depth >= level.limits.depth {
      // Neither opened nor followed: what the index holds under them is kept, as under a folder that
      // cannot be read.
      let skipped = (subfolders + links).sorted(by: PathText.byteOrder)
      for subfolder in skipped {
        result.problems.append(
          IndexProblem(
            path: subfolder,
            reason:
              "folder more than \(level.limits.depth) levels below the indexed folder; skipped (its songs stay in the index)"))
      }
      result.unreadableFolders += skipped
      return
    }
    linkedFolders += links.sorted(by: PathText.byteOrder).map { LinkedFolder(path: $0, depth: level.depth + 1) }
    subfolders.sort(by: PathText.byteOrder)
    if split && subfolders.count > 1 {
      walkSplit(subfolders.map(level.child), in: fd, into: &result, linkedFolders: &linkedFolders, foundCatalogue: foundCatalogue)
      return
    }
    for subfolder in subfolders {
      walkTree(level.child(subfolder), in: fd, into: &result, linkedFolders: &linkedFolders, foundCatalogue: foundCatalogue)
    }
  }

  /// Walks `subfolders` (in order) as `walkTree` would one after the other, the second half on another
  /// thread: a walk is mostly a stat per file, and the machine's other core can make half of them. The
  /// other half's findings are added after the first's, in the order one thread would have found them;
  /// its catalogues are heard of once it is done. Real folders are never reached twice (links are walked
  /// afterwards), so the halves need not share which folders were walked.
  private static func walkSplit(
    _ subfolders: [Level], in parent: Int32, into result: inout WalkResult, linkedFolders: inout [LinkedFolder],
    foundCatalogue: (String) -> Void
  ) {
    let second = Array(subfolders[(subfolders.count / 2)...])
    let other = Background { () -> (WalkResult, [LinkedFolder], [String]) in
      var part = WalkResult()
      var links: [LinkedFolder] = []
      var catalogues: [String] = []
      for subfolder in second {
        walkTree(subfolder, in: parent, into: &part, linkedFolders: &links, foundCatalogue: { catalogues.append($0) })
      }
      return (part, links, catalogues)
    }
    for subfolder in subfolders[..<(subfolders.count / 2)] {
      walkTree(subfolder, in: parent, into: &result, linkedFolders: &linkedFolders, foundCatalogue: foundCatalogue)
    }
    // The body cannot throw.
    guard let (part, links, catalogues) = try? other.value() else { return }
    result.files.merge(part.files)
    result.covers.merge(part.covers) { first, _ in first }
    result.playlistFiles += part.playlistFiles
    result.problems += part.problems
    result.unreadableFolders += part.unreadableFolders
    result.walkedFolders.formUnion(part.walkedFolders)
    result.folderStamps += part.folderStamps
    linkedFolders += links
    for catalogue in catalogues { foundCatalogue(catalogue) }
  }
}

extension FileWalker {
  /// A folder, audio file or playlist whose name is not UTF-8: the index keeps paths as UTF-8 text, so it
  /// is reported (its bytes shown as \xNN) rather than skipped without a word. Other files are of no
  /// concern.
  fileprivate static func undecodable(_ entry: UnsafeMutablePointer<dirent>, type: Int32, in folder: String, fd: Int32)
    -> IndexProblem?
  {
    withUnsafeBytes(of: entry.pointee.d_name) { raw -> IndexProblem? in
      let name = raw.bindMemory(to: CChar.self)
      let bytes = UnsafeRawBufferPointer(start: raw.baseAddress, count: strlen(name.baseAddress!)).map { $0 }
      let shown = PathText.join(folder, PathText.escapingInvalidUTF8(bytes))
      let isAudio = bytes.withUnsafeBufferPointer { isMP3(bytes: $0) }
      let isPlaylist = [".m3u", ".m3u8", ".xspf", ".jspf"].contains { (suffix: StaticString) in
        bytes.count > suffix.utf8CodeUnitCount && PathText.hasSuffix(bytes: bytes, asciiLowercase: suffix)
      }
      if isAudio || isPlaylist { return IndexProblem(path: shown, reason: "file name is not UTF-8; rename it to index it") }
      var info = stat()
      let isFolder =
        type == Int32(DT_DIR)
        || (type == Int32(DT_UNKNOWN) && fstatat(fd, name.baseAddress!, &info, 0) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
      return isFolder ? IndexProblem(path: shown, reason: "folder name is not UTF-8; rename it to index what it holds") : nil
    }
  }
}

extension FileWalker {
  /// A name whose path would be longer than a path can be (WalkLimits.pathBytes): a folder, link to a
  /// folder, audio file, playlist or catalogue is reported, under the folder that holds it (a path that
  /// opens) and with the start of its name; other files are of no concern.
  fileprivate static func tooLong(_ name: String, type: Int32, in folder: String, fd: Int32) -> (IndexProblem, isFolder: Bool)? {
    let bytes = folder.utf8.count + 1 + name.utf8.count
    let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
    let limit = "longer than the \(WalkLimits.pathBytes) bytes a path may have; skipped"
    if isMP3(name) || PlaylistFileName.matches(name) || name == catalogueName {
      return (IndexProblem(path: folder, reason: "the path of file \"\(shown)\" in it is \(bytes) bytes, \(limit)"), false)
    }
    var info = stat()
    let isFolder =
      type == Int32(DT_DIR)
      || ((type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK)) && fstatat(fd, name, &info, 0) == 0
        && (info.st_mode & S_IFMT) == S_IFDIR)
    guard isFolder else { return nil }
    return (IndexProblem(path: folder, reason: "the path of folder \"\(shown)\" in it is \(bytes) bytes, \(limit)"), true)
  }
}

extension FileWalker {
  static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
}

extension FileStamp {
  init(_ info: stat) {
    self.init(size: Int64(info.st_size), mtime: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
  }
}

/// What makes a file a playlist to tunes: .m3u .m3u8 .xspf .jspf, in any case, after a name (".m3u"
/// alone is a hidden file). The walk collects them; TunesPlaylists keeps playlists in step with them.
public enum PlaylistFileName {
  public static func matches(_ path: String) -> Bool {
    guard let last = path.utf8.last,
      [
        UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "8"), UInt8(ascii: "f"),
        UInt8(ascii: "F"),
      ].contains(last)
    else { return false }
    let name = PathText.name(of: path)
    let suffixes: [StaticString] = [".m3u", ".m3u8", ".xspf", ".jspf"]
    return suffixes.contains { name.utf8.count > $0.utf8CodeUnitCount && PathText.hasSuffix(name, asciiLowercase: $0) }
  }
}
