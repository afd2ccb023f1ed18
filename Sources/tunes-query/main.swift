// tunes-query --db PATH [--runs N] [--ids] QUERY…: runs one library query in-process, as `tunes search` and
// `tunes ls songs` run it (parse, SQL, decoding, order), and prints the median seconds (development harness).
// With --ids it times the query returning the matching songs' ids alone (`Library.songIDs(matching:)`):
// the SQL without reading or decoding songs, so a run can tell the two costs apart.
import Foundation
import TunesCore
import TunesDatabase
import TunesLibrary

let usage = "usage: tunes-query --db PATH [--runs N] [--ids] QUERY..."

func fail(_ message: String, status: ExitStatus) -> Never {
  FileHandle.standardError.write(Data("tunes-query: \(message)\n".utf8))
  exit(status.rawValue)
}

var databasePath: String?
var runs = 21
var idsOnly = false
var words: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--db":
    guard let value = arguments.popFirst() else { fail("--db needs a path\n\(usage)", status: .usage) }
    databasePath = value
  case "--runs":
    guard let value = arguments.popFirst(), let number = Int(value), number > 0 else {
      fail("--runs needs a positive number\n\(usage)", status: .usage)
    }
    runs = number
  case "--ids":
    idsOnly = true
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    words.append(argument)
  }
}
guard let databasePath, FileManager.default.fileExists(atPath: databasePath) else {
  fail("--db needs an existing library\n\(usage)", status: .usage)
}

do {
  let library = try Library(path: databasePath, areas: LibraryAreas.all)
  let query = try LibraryQuery.parse(words.joined(separator: " "))
  func run() throws -> Int { idsOnly ? try library.songIDs(matching: query).count : try library.songs(matching: query).count }
  var count = try run()  // warm-up: statement cache and pages
  var seconds: [Double] = []
  for _ in 0..<runs {
    let start = ContinuousClock.now
    count = try run()
    let elapsed = ContinuousClock.now - start
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  print(String(format: "%.6f", seconds.sorted()[runs / 2]))
  FileHandle.standardError.write(Data("\(count) songs\n".utf8))
} catch {
  fail("\(error)", status: (error as? any TunesError)?.exitStatus ?? .ioError)
}
