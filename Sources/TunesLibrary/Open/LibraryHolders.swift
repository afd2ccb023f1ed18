// Which other processes have the library database open, named as the open lock's note names its holder
// (`pid 4242 (tunes index)`): when a write waited out SQLite's busy timeout, the message says who to wait
// for or stop. Linux only (/proc); elsewhere, or without permission to look, nobody is named.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

public enum LibraryHolders {
  /// The processes other than this one with `database` (or its -wal file) open, at most `limit` of them.
  public static func of(database: String, limit: Int = 3) -> [String] {
    guard let resolved = realpath(database, nil) else { return [] }
    let target = String(cString: resolved)
    free(resolved)
    let names: Set<String> = [target, target + "-wal"]
    let me = getpid()
    var found: [String] = []
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
    for pid in pids.sorted() where pid != me && found.count < limit {
      let fds = "/proc/\(pid)/fd"
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: fds) else { continue }
      let holds = entries.contains { entry in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + entry)).map(names.contains) ?? false
      }
      if holds { found.append("pid \(pid) (\(command(of: pid)))") }
    }
    return found
  }

  /// The program's name and its first argument unless an option (`tunes index`), from /proc.
  private static func command(of pid: Int32) -> String {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "?" }
    let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    let program = arguments.first.map { ($0 as NSString).lastPathComponent } ?? "?"
    // Written by any program: control characters are not let through to a terminal.
    let text = arguments.count > 1 && !arguments[1].hasPrefix("-") ? program + " " + arguments[1] : program
    return String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
  }
}
