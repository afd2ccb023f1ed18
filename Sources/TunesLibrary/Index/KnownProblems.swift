// Which of a run's problems are new: a file that failed with the same message before, and has not
// changed since (same size and modification time), was reported then and is "known" now. Rescans from
// a scheduled job then exit 0 until something new goes wrong, and a fixed or changed file is forgotten
// or reported again. The memory is the fileProblem table (FileProblemSchema).
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

public struct SortedProblems: Sendable, Equatable {
  /// Problems not reported before for the file as it is now.
  public var new: [IndexProblem] = []
  /// Problems an earlier run reported for the file as it is now.
  public var known: [IndexProblem] = []
}

extension Library {
  /// Sorts `problems` into new and known ones and remembers them; problems remembered for files at or
  /// under `scope` (the paths the run was given) that this run did not meet again are forgotten.
  public func sortProblems(_ problems: [IndexProblem], scope: [String]) throws -> SortedProblems {
    let roots = scope.compactMap { given -> String? in
      guard let resolved = realpath(given, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
    return try pool.write { db in
      var sorted = SortedProblems()
      var met = Set<[String]>()
      for problem in problems {
        let key = Self.problemKey(problem)
        let stamp = Self.problemStamp(problem.path)
        met.insert([problem.path, key])
        let before = try String.fetchOne(
          db, sql: "SELECT stamp FROM fileProblem WHERE path = ? AND problem = ?", arguments: [problem.path, key])
        if before == stamp {
          sorted.known.append(problem)
        } else {
          sorted.new.append(problem)
          try db.execute(
            sql: "INSERT OR REPLACE INTO fileProblem (path, problem, stamp) VALUES (?, ?, ?)",
            arguments: [problem.path, key, stamp])
        }
      }
      for row in try Row.fetchAll(db, sql: "SELECT path, problem FROM fileProblem") {
        let path: String = row[0]
        let key: String = row[1]
        let inScope = roots.contains { $0 == path || PathText.isInside(path, folder: $0) }
        if inScope && !met.contains([path, key]) {
          try db.execute(sql: "DELETE FROM fileProblem WHERE path = ? AND problem = ?", arguments: [path, key])
        }
      }
      return sorted
    }
  }

  /// The message with its place in the file: the same file failing elsewhere is a new problem.
  private static func problemKey(_ problem: IndexProblem) -> String {
    "\(problem.line ?? 0):\(problem.column ?? 0) \(problem.reason)"
  }

  /// Size and modification time (nanoseconds) of whatever is at `path`; "gone" when nothing is.
  private static func problemStamp(_ path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return "gone" }
    return "\(info.st_size) \(FileWalker.nanoseconds(info.st_mtim))"
  }
}
