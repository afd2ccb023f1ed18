// The keys of `tunes play` on a terminal: stdin read byte by byte in raw mode and decoded into keys
// (arrows, space, letters) for PlayerTerminalUI.
import Foundation
import TunesTerminal

/// Reads stdin on a thread of its own (a blocking read) and hands keys over as a stream.
enum KeyReader {
  static func keys() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
    let thread = Thread {
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 { continuation.finish(); return }
        pending += buffer[0..<count]
        let (keys, used) = KeyDecoder.decode(pending)
        pending.removeFirst(used)
        for key in keys { continuation.yield(key) }
      }
    }
    thread.start()
    return stream
  }
}
