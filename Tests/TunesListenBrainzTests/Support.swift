// Shared test helpers: temporary folders and libraries, songs, clients and submitters pointed at a fake server.
import Foundation
import GRDB

@testable import TunesLibrary
@testable import TunesListenBrainz

/// TunesTestSupport's folder of one test's own (these tests call it with `try`).
func temporaryFolder() throws -> String { TemporaryFolder.make() }

func temporaryLibrary() throws -> Library {
  try Library(path: try temporaryFolder() + "/library.db", areas: everyDatabaseArea)
}

/// Inserts a song and returns it with its id.
func insertSong(_ library: Library, title: String = "Song", artist: String = "Artist", album: String = "Album", n: Int = 0) throws
  -> Song
{
  var song = Song(
    path: "/music/\(UUID().uuidString)-\(n).mp3", title: title, artist: artist, album: album, trackNumber: 3, durationMs: 200_000)
  try library.pool.write { db in try song.insert(db) }
  return song
}

/// Queues `count` listens directly (as `Scrobbler.listened` would), with distinct timestamps.
/// `account`: the user they were played under (nil: none known).
func queueListens(
  _ library: Library, count: Int, song: Song, start: Date = Date(timeIntervalSinceNow: -86_400), account: String? = nil
) throws {
  try library.pool.write { db in
    for i in 0..<count {
      let at = start.addingTimeInterval(Double(i))
      let payload = ListenPayload.listen(song: song, listenedAt: at, playedMs: 100_000)!
      try ListenQueue.enqueue(
        db, songID: song.id, listenedAt: Int(at.timeIntervalSince1970), body: payload, label: ListenPayload.label(song),
        createdAt: Date(), account: account)
    }
  }
}

func makeClient(_ server: FakeServer, token: String = FakeServer.token, requestTimeout: Double = 5) throws -> ListenBrainzClient {
  ListenBrainzClient(
    root: try APIRoot(server.root), token: token, transport: CurlTransport(connectTimeout: 1, requestTimeout: requestTimeout))
}

let fastBackoff = BackoffPolicy(initial: 0.05, cap: 0.2, jitter: 0.2)

/// A loopback port bound but not listening: connections to it are refused, and no other test's
/// server can take it until `release()`.
final class ReservedPort {
  let port: Int
  private var fd: Int32

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    // No SO_REUSEADDR: with it, Linux lets another SO_REUSEADDR socket (a parallel test's server)
    // bind and listen on the same port.
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0 else { close(fd); throw CocoaError(.fileWriteUnknown) }
    self.fd = fd
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  var root: String { "http://127.0.0.1:\(port)" }

  func release() {
    if fd >= 0 { close(fd); fd = -1 }
  }

  deinit { release() }
}
