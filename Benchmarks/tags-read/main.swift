// Times TagReader.read over every audio file (.mp3, .flac, .ogg, .opus, .m4a, ...) under a folder: one thread, then two, median of several runs.
// Built by Benchmarks/tags-read.sh straight from the module sources (no package change needed).

import Dispatch
import Foundation
import TunesTags

/// User plus system CPU time of this process so far: steadier than wall time on a shared machine.
func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

@main
struct TagsReadBenchmark {
  static func main() throws {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
      print("usage: tags-read FOLDER [RUNS]")
      exit(64)
    }
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    var paths: [String] = []
    let root = URL(fileURLWithPath: arguments[1])
    if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
      for case let url as URL in walker where AudioFileKind.extensions.contains("." + url.pathExtension.lowercased()) {
        paths.append(url.path)
      }
    }
    guard !paths.isEmpty else {
      print("no audio files under \(arguments[1])")
      exit(66)
    }
    // Warm the page cache and count outcomes once.
    var failures = 0
    var sources: [String: Int] = [:]
    for path in paths {
      if let m = try? TagReader.read(path: path) { sources[m.audio.lengthSource, default: 0] += 1 } else { failures += 1 }
    }
    print("files: \(paths.count), failed: \(failures), length from: \(sources.sorted { $0.key < $1.key })")

    for threads in [1, 2] {
      var times: [Double] = []
      var cpu: [Double] = []
      for _ in 0..<runs {
        let cpuStart = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let chunk = (paths.count + threads - 1) / threads
        DispatchQueue.concurrentPerform(iterations: threads) { t in
          let lower = t * chunk
          let upper = min(paths.count, lower + chunk)
          guard lower < upper else { return }
          for k in lower..<upper { _ = try? TagReader.read(path: paths[k]) }
        }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        cpu.append(cpuSeconds() - cpuStart)
      }
      times.sort()
      cpu.sort()
      let median = times[times.count / 2]
      let per10k = median / Double(paths.count) * 10_000
      print(
        String(
          format:
            "%d thread(s): median %.3f s wall over %d runs (min %.3f, max %.3f), %.0f files/s, %.2f s per 10,000 files; CPU (user+sys) median %.3f s",
          threads, median, runs, times.first!, times.last!, Double(paths.count) / median, per10k, cpu[cpu.count / 2]))
    }
  }
}
