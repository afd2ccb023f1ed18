// A stand-alone MPD server over InMemoryMPDBackend, built by Benchmarks/mpd-latency.sh with swiftc (no
// Package.swift target): it serves `$1` with `$2` generated songs until a client sends `kill`.
import Foundation
import TunesMPD
import TunesMPDTesting

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: mpd-server SOCKET [SONGS]\n".utf8))
  exit(64)
}
let count = arguments.count >= 3 ? Int(arguments[2]) ?? 1000 : 1000
let songs = (0..<count).map { index in
  MPDSong(
    file: "Artist \(index % 50)/Album \(index % 200)/\(index).mp3",
    tags: [
      .artist: "Artist \(index % 50)", .album: "Album \(index % 200)", .title: "Song \(index)", .track: "\(index % 12 + 1)",
    ],
    duration: 180 + Double(index % 60))
}
let done = DispatchSemaphore(value: 0)
let backend = InMemoryMPDBackend(songs: songs, onShutdown: { done.signal() })
let server = MPDServer(backend: backend, configuration: .init(unixSocketPath: arguments[1]))
do {
  try await server.start()
} catch {
  FileHandle.standardError.write(Data("mpd-server: \(error)\n".utf8))
  exit(69)
}
print("listening on \(arguments[1])")
fflush(stdout)
await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
  Thread {
    done.wait()
    continuation.resume()
  }.start()
}
server.stop()
