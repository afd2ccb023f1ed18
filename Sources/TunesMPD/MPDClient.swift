// A small blocking MPD client: connects to the player's socket, sends one command (or a list) and
// reads `key: value` lines up to OK or ACK. tunes' own commands (status, pause, …) use it. Each send and
// each wait for a reply is bounded (PlayerReplyWait says how long tunes' commands wait); a player that
// does not answer in time ends the connection with an error naming it and the wait, since a reply that
// came later would be read as the next command's.
import Foundation
import TunesCore

public final class MPDClient {
  public typealias Pairs = [(key: String, value: String)]

  private let fd: Int32
  /// The socket path or host:port, for errors.
  private let target: String
  /// Seconds each send or wait for a reply may take; 0 waits as long as it takes.
  private let timeoutSeconds: Int
  /// Set when the player did not answer in time: the connection is not used again.
  private var timedOut = false
  private var buffer: [UInt8] = []
  private var start = 0
  /// The version from the greeting, e.g. "0.23.5".
  public private(set) var serverVersion = ""

  /// Connects to a Unix socket. A missing or refusing socket is `ControlError.noPlayer`. `timeoutSeconds`:
  /// how long a send or a reply may take (0: as long as it takes, for a connection parked in `idle`).
  public convenience init(
    socketPath: String, timeoutSeconds: Int = PlayerReplyWait.defaultSeconds
  ) throws(ControlError) {
    let fd = socket(AF_UNIX, Sockets.stream, 0)
    guard fd >= 0 else { throw .system(call: "socket", target: socketPath, errno: errno) }
    let result = try Sockets.withUnixAddress(socketPath) { connect(fd, $0, $1) }
    if result != 0 {
      let code = errno
      close(fd)
      if code == ENOENT || code == ECONNREFUSED || code == ENOTDIR { throw .noPlayer }
      throw .system(call: "connect", target: socketPath, errno: code)
    }
    try self.init(fd: fd, target: socketPath, timeoutSeconds: timeoutSeconds)
  }

  /// Connects over TCP (IPv4).
  public convenience init(
    host: String, port: Int, timeoutSeconds: Int = PlayerReplyWait.defaultSeconds
  ) throws(ControlError) {
    let fd = socket(AF_INET, Sockets.stream, 0)
    guard fd >= 0 else { throw .system(call: "socket", target: host, errno: errno) }
    let result = try Sockets.withIPv4Address(host, port: port) { connect(fd, $0, $1) }
    if result != 0 {
      let code = errno
      close(fd)
      if code == ECONNREFUSED { throw .noPlayer }
      throw .system(call: "connect", target: "\(host):\(port)", errno: code)
    }
    try self.init(fd: fd, target: "\(host):\(port)", timeoutSeconds: timeoutSeconds)
  }

  private init(fd: Int32, target: String, timeoutSeconds: Int) throws(ControlError) {
    self.fd = fd
    self.target = target
    self.timeoutSeconds = max(timeoutSeconds, 0)
    var timeout = timeval(tv_sec: self.timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let greeting = try readLine()
    // No close(fd) on failure: deinit runs for a class whose properties are all set, and closes it.
    guard greeting.hasPrefix("OK MPD ") else {
      throw .protocolViolation("unexpected greeting \"\(greeting)\"")
    }
    serverVersion = String(greeting.dropFirst("OK MPD ".count))
  }

  deinit { close(fd) }

  /// Sends `command` with its arguments quoted and returns the reply's pairs; an ACK throws `.refused`.
  @discardableResult
  public func run(_ command: String, _ arguments: [String] = []) throws(ControlError) -> Pairs {
    try sendLine(([command] + arguments.map(MPDRequestParser.quote)).joined(separator: " "))
    return try readReply(command: command)
  }

  /// Sends raw protocol text (one or more lines, newline-terminated).
  public func sendLine(_ line: String) throws(ControlError) {
    guard !timedOut else { throw noAnswer() }
    let data = Array((line.hasSuffix("\n") ? line : line + "\n").utf8)
    var offset = 0
    while offset < data.count {
      let n = data[offset...].withUnsafeBytes { raw in Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
      if n < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw noAnswer() }
        throw .protocolViolation("the player closed the connection")
      }
      offset += n
    }
  }

  /// Reads pairs up to `OK`; `ACK …` throws `.refused`; `list_OK` lines are returned as pairs keyed "list_OK".
  public func readReply(command: String) throws(ControlError) -> Pairs {
    var pairs: Pairs = []
    while true {
      let line = try readLine()
      if line == "OK" { return pairs }
      if line.hasPrefix("ACK ") {
        var message = line
        if let brace = line.firstIndex(of: "}") {
          message = String(line[line.index(after: brace)...].drop(while: { $0 == " " }))
        }
        throw .refused(command: command, message: message)
      }
      if line == "list_OK" {
        pairs.append(("list_OK", ""))
        continue
      }
      guard let pair = Self.pair(line) else { throw .protocolViolation("unexpected line \"\(line)\"") }
      pairs.append(pair)
    }
  }

  /// Sends a command whose reply carries binary data (`albumart`, `readpicture`): its pairs and the bytes
  /// after `binary: N`, empty when the reply has none (`readpicture` of a song without a picture).
  public func runBinary(_ command: String, _ arguments: [String]) throws(ControlError) -> (pairs: Pairs, data: [UInt8]) {
    try sendLine(([command] + arguments.map(MPDRequestParser.quote)).joined(separator: " "))
    var pairs: Pairs = []
    while true {
      let line = try readLine()
      if line == "OK" { return (pairs, []) }
      if line.hasPrefix("ACK ") {
        let message = line.firstIndex(of: "}").map { String(line[line.index(after: $0)...].drop { $0 == " " }) } ?? line
        throw .refused(command: command, message: message)
      }
      guard let pair = Self.pair(line) else { throw .protocolViolation("unexpected line \"\(line)\"") }
      guard pair.key == "binary" else {
        pairs.append(pair)
        continue
      }
      guard let count = Int(pair.value), count >= 0, count <= 64 << 20 else {
        throw .protocolViolation("bad binary length \"\(pair.value)\"")
      }
      let data = try readBytes(count)
      guard try readLine().isEmpty else { throw .protocolViolation("no newline after \(count) binary bytes") }
      _ = try readReply(command: command)
      return (pairs, data)
    }
  }

  /// Exactly `count` bytes, from what was read already and then the socket.
  private func readBytes(_ count: Int) throws(ControlError) -> [UInt8] {
    while buffer.count - start < count {
      try receive()
    }
    let bytes = Array(buffer[start..<(start + count)])
    start += count
    return bytes
  }

  /// Appends what the socket has to the buffer (nothing when a signal interrupted the wait).
  private func receive() throws(ControlError) {
    guard !timedOut else { throw noAnswer() }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let n = recv(fd, &chunk, chunk.count, 0)
    if n < 0 && errno == EINTR { return }
    if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw noAnswer() }
    guard n > 0 else { throw .protocolViolation("the player closed the connection") }
    buffer.append(contentsOf: chunk[0..<n])
  }

  /// The wait ran out: the connection is given up (see the file's header).
  private func noAnswer() -> ControlError {
    timedOut = true
    return .noAnswer(target: target, seconds: timeoutSeconds)
  }

  /// A reply line `key: value` split at its first `: `; nil for a line without one.
  public static func pair(_ line: String) -> (key: String, value: String)? {
    guard let colon = line.range(of: ": ") else { return nil }
    return (String(line[..<colon.lowerBound]), String(line[colon.upperBound...]))
  }

  /// Reads one line (without the newline).
  public func readLine() throws(ControlError) -> String {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        if start > 65536 {
          buffer.removeFirst(start)
          start = 0
        }
        return line
      }
      try receive()
    }
  }

  /// Waits for changes (`idle`), returning the subsystems named.
  public func idle(_ subsystems: [String] = []) throws(ControlError) -> [String] {
    try run("idle", subsystems).filter { $0.key == "changed" }.map(\.value)
  }

  /// Splits song listings into one dictionary per song (a new song starts at each `file:`).
  public static func songs(_ pairs: Pairs) -> [[String: String]] {
    var songs: [[String: String]] = []
    for (key, value) in pairs {
      if key == "file" { songs.append([:]) }
      if !songs.isEmpty { add(value, for: key, to: &songs[songs.count - 1]) }
    }
    return songs
  }

  public static func dictionary(_ pairs: Pairs) -> [String: String] {
    var result: [String: String] = [:]
    for (key, value) in pairs { add(value, for: key, to: &result) }
    return result
  }

  /// A tag sent once per value (two `Artist:` lines for a TPE1 of two values) reads as its values joined
  /// with "; ", as the library shows such a tag: the first or the last value alone would name one artist
  /// of several, and a different one in each view.
  private static func add(_ value: String, for key: String, to fields: inout [String: String]) {
    if let first = fields[key] { fields[key] = first + "; " + value } else { fields[key] = value }
  }
}
