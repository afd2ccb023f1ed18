// The walk's bounds (WalkLimits): a folder nested deeper than the limit, and a name whose path would be
// longer than PATH_MAX allows, are skipped with one report each; the rest of the library is indexed, a
// rescan finds it unchanged, and what the index held under a skipped folder stays.
import Foundation
import Testing

@testable import TunesLibrary

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct WalkLimitsTests {
  /// Folders nested under `base`, each made by name in its open parent (mkdirat), so their paths may be
  /// longer than PATH_MAX: `files[level]` are written into the folder `level` deep (1 is `base/names[0]`).
  struct Nested {
    let base: String
    let names: [String]

    /// The path of the folder `level` deep.
    func path(_ level: Int) -> String { ([base] + names.prefix(level)).joined(separator: "/") }

    func make(files: [Int: [String]]) throws {
      var fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      try #require(fd >= 0)
      for (index, name) in names.enumerated() {
        try #require(mkdirat(fd, name, 0o755) == 0, "mkdir \(index + 1): \(String(cString: strerror(errno)))")
        let next = openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        close(fd)
        try #require(next >= 0)
        fd = next
        for file in files[index + 1] ?? [] {
          let out = openat(fd, file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
          try #require(out >= 0, "\(file): \(String(cString: strerror(errno)))")
          let text = Array("title=\(file)".utf8)
          #expect(write(out, text, text.count) == text.count)
          close(out)
        }
      }
      close(fd)
    }

    /// Removes the folders and what they hold, from the deepest up (by name in each open parent: the
    /// test's temporary folder is removed by path, which a path past PATH_MAX defeats).
    func remove() {
      var fds = [open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)]
      for name in names {
        let next = openat(fds.last!, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard next >= 0 else { break }
        fds.append(next)
      }
      for level in stride(from: fds.count - 1, through: 0, by: -1) {
        if let dir = fdopendir(dup(fds[level])) {
          var files: [String] = []
          while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." && Int32(entry.pointee.d_type) != Int32(DT_DIR) { files.append(name) }
          }
          closedir(dir)
          for file in files { unlinkat(fds[level], file, 0) }
        }
        if level > 0 { unlinkat(fds[level - 1], names[level - 1], AT_REMOVEDIR) }
        close(fds[level])
      }
    }
  }

  func paths(_ temp: TempLibrary) throws -> [String] {
    try temp.library.readSongs { try $0.songsInPathOrder().map(\.path) }
  }

  @Test func aFolderDeeperThanTheLimitIsSkippedOnceAndTheRestIndexed() throws {
    let temp = try TempLibrary()
    try temp.write("top.mp3", ["title": "Top"])
    let deepest = WalkLimits.deepest
    #expect(WalkLimits.current().depth == deepest)
    let tree = Nested(base: temp.music, names: Array(repeating: "d", count: deepest + 6))
    try tree.make(files: [3: ["three.mp3"], deepest: ["last.mp3"], deepest + 6: ["lost.mp3"]])
    defer { tree.remove() }

    let report = try temp.index()
    let skipped = IndexProblem(
      path: tree.path(deepest + 1),
      reason: "folder more than \(deepest) levels below the indexed folder; skipped (its songs stay in the index)")
    #expect(report.errors == [skipped])
    #expect(try paths(temp) == [tree.path(deepest) + "/last.mp3", tree.path(3) + "/three.mp3", temp.music + "/top.mp3"])
    let again = try temp.index()
    #expect(again.unchanged == 3 && !again.changedAnything, "\(again)")
    #expect(again.errors == [skipped])
  }

  @Test func whatTheIndexHeldUnderASkippedFolderStays() throws {
    let temp = try TempLibrary()
    try temp.write("top.mp3", ["title": "Top"])
    let tree = Nested(base: temp.music, names: Array(repeating: "d", count: 8))
    try tree.make(files: [8: ["deep.mp3"]])
    defer { tree.remove() }
    var options = temp.options()
    options.walkLimits = WalkLimits(depth: 10)
    #expect(try temp.library.index(paths: [temp.music], options: options).added.count == 2)

    options.walkLimits = WalkLimits(depth: 4)
    options.prune = true
    let report = try temp.library.index(paths: [temp.music], options: options)
    #expect(report.errors.map(\.path) == [tree.path(5)], "\(report)")
    #expect(report.missing.isEmpty && report.removed.isEmpty, "\(report)")
    #expect(try paths(temp) == [tree.path(8) + "/deep.mp3", temp.music + "/top.mp3"])
  }

  @Test func aSymlinkedFolderIsAsDeepAsTheLinkToIt() throws {
    let temp = try TempLibrary()
    let elsewhere = temp.root + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere + "/a/b", withIntermediateDirectories: true)
    try "title=B".write(toFile: elsewhere + "/a/b/b.mp3", atomically: false, encoding: .utf8)
    try "title=A".write(toFile: elsewhere + "/a/a.mp3", atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: temp.music + "/x/y", withIntermediateDirectories: true)
    // music/x/y/link is 3 deep, its "a" 4 and "b" 5.
    try FileManager.default.createSymbolicLink(atPath: temp.music + "/x/y/link", withDestinationPath: elsewhere)
    var options = temp.options()
    options.walkLimits = WalkLimits(depth: 4)
    let report = try temp.library.index(paths: [temp.music], options: options)
    #expect(report.errors.map(\.path) == [temp.music + "/x/y/link/a/b"], "\(report)")
    #expect(try paths(temp) == [temp.music + "/x/y/link/a/a.mp3"])
  }

  @Test func aPathLongerThanPathMaxIsSkippedOnceAndTheRestIndexed() throws {
    let temp = try TempLibrary()
    try temp.write("top.mp3", ["title": "Top"])
    let name = String(repeating: "n", count: 200)
    // A first folder sized so that the last folder that fits ends 100 bytes short of the bound.
    let fits = WalkLimits.pathBytes - 100
    let levels = (fits - temp.music.utf8.count - 2) / (name.utf8.count + 1)
    let first = String(repeating: "m", count: fits - temp.music.utf8.count - 1 - levels * (name.utf8.count + 1))
    let tree = Nested(base: temp.music, names: [first] + Array(repeating: name, count: levels + 2))
    let over = levels + 2
    #expect(tree.path(over - 1).utf8.count == fits && tree.path(over).utf8.count > WalkLimits.pathBytes)
    // In the last folder that fits: a song that fits, and one whose name makes a path one byte too long.
    let longName = String(repeating: "f", count: 96) + ".mp3"
    try tree.make(files: [over - 1: ["a.mp3", longName], over: ["inside.mp3"], over + 1: ["deeper.mp3"]])
    defer { tree.remove() }

    let report = try temp.index()
    let limit = "longer than the \(WalkLimits.pathBytes) bytes a path may have; skipped"
    let shown = "\"" + String(repeating: "f", count: 40) + "…\""
    let expected = [
      IndexProblem(
        path: tree.path(over - 1), reason: "the path of file \(shown) in it is \(WalkLimits.pathBytes + 1) bytes, \(limit)"),
      IndexProblem(
        path: tree.path(over - 1),
        reason: "the path of folder \"\(String(name.prefix(40)))…\" in it is \(tree.path(over).utf8.count) bytes, \(limit)"),
    ]
    // In the order of their reasons: a folder is read in no set order.
    #expect(report.errors.sorted { $0.reason < $1.reason } == expected, "\(report.errors)")
    #expect(try paths(temp) == [tree.path(over - 1) + "/a.mp3", temp.music + "/top.mp3"])
    #expect(try paths(temp).allSatisfy { $0.utf8.count <= WalkLimits.pathBytes })
    let again = try temp.index()
    #expect(again.unchanged == 2 && !again.changedAnything && again.errors.count == 2, "\(again)")
  }

  @Test func theDepthFollowsTheOpenFileLimit() {
    // Two chains of open folders, and room for the rest of the program.
    #expect(WalkLimits.depth(openFiles: 1024, inUse: 10) == WalkLimits.deepest)
    #expect(WalkLimits.depth(openFiles: 128, inUse: 10) == (128 - 10 - WalkLimits.spareDescriptors) / 2 - 1)
    #expect(WalkLimits.depth(openFiles: 64, inUse: 10) == 1)
  }
}
