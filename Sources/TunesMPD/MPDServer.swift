// The MPD server: a Unix socket (and loopback TCP when asked), served by one poll() event-loop thread
// that owns every connection. Commands run as tasks against the async backend, one command or command
// list at a time (MPDCommandGate); their replies come back through a locked mailbox and a wake-up pipe.
// A client can only ever hurt its own connection.
import Foundation
import TunesCore

public final class MPDServer: Sendable {
  public struct Configuration: Sendable {
    /// The Unix socket to serve (normally `TunesPaths().mpdSocket`); nil for none.
    public var unixSocketPath: String?
    /// TCP port, only when the user asks for one; 0 picks a free port (tests).
    public var tcpPort: Int?
    /// The address TCP binds to: loopback unless the user names another.
    public var tcpAddress = "127.0.0.1"
    /// A TCP port another program holds (mpd on 6600) is said once through `log`, and the server goes
    /// on with its Unix socket alone; otherwise it is an error that ends `start`.
    public var tcpIsOptional = false
    /// Guards TCP connections: everything but ping/password/close/commands/notcommands needs it.
    /// The Unix socket is protected by its 0600 mode instead.
    public var password: String?
    /// A client whose unsent replies exceed this is disconnected (it is not reading), as MPD's
    /// `max_output_buffer_size` (8 MiB by default) bounds each client.
    public var maximumOutputBytes = 8 << 20
    /// The most unsent reply bytes all clients together may hold: past it the client holding the most is
    /// disconnected, until they fit. Without it 40 clients that never read held 227 MB.
    public var maximumTotalOutputBytes = 32 << 20
    /// Where the server says why it closed a client (standard error by default; the daemon's log).
    public var log: @Sendable (String) -> Void = { MPDServer.logToStandardError($0) }
    /// MPD's `max_command_list_size` in bytes: a client whose command list grows past it is disconnected.
    public var maximumCommandListBytes = MPDSession.defaultMaximumCommandListBytes

    public init(unixSocketPath: String? = nil, tcpPort: Int? = nil, password: String? = nil) {
      self.unixSocketPath = unixSocketPath
      self.tcpPort = tcpPort
      self.password = password
    }
  }

  private let configuration: Configuration
  private let dispatcher: MPDDispatcher
  /// Taken by every command and held by a list for its whole length: lists are atomic to other clients.
  private let gate = MPDCommandGate()
  private let mailbox = Locked(Mailbox())
  private let setup = Locked(Setup())

  /// What other threads hand to the loop.
  struct Mailbox {
    var completions: [(UInt64, MPDBatchResult)] = []
    var events: [Set<MPDSubsystem>] = []
    var stopping = false
    var clientCount = 0
  }

  /// File descriptors and tasks, written by start/stop only.
  struct Setup {
    var wake: WakePipe?
    var listeners: [(fd: Int32, isTCP: Bool)] = []
    var boundPort: Int?
    var socketInode: ino_t?
    var thread: Thread?
    var finished: DispatchSemaphore?
    var feed: Task<Void, Never>?
  }

  public init(backend: any MPDBackend, configuration: Configuration) {
    self.configuration = configuration
    self.dispatcher = MPDDispatcher(backend: backend)
  }

  /// The TCP port actually bound (useful with port 0).
  public var tcpPort: Int? { setup.withLock { $0.boundPort } }

  /// Connected clients right now (for tests and diagnostics).
  public var clientCount: Int { mailbox.withLock { $0.clientCount } }

  /// Binds the sockets, subscribes to the backend's changes and starts the event loop.
  public func start() async throws(ControlError) {
    var fds: [Int32] = []
    var listeners: [(fd: Int32, isTCP: Bool)] = []
    var inode: ino_t?
    var port: Int?
    do throws(ControlError) {
      if let path = configuration.unixSocketPath {
        let (fd, node) = try Self.bindUnix(path)
        fds.append(fd)
        listeners.append((fd, false))
        inode = node
      }
      if let requested = configuration.tcpPort {
        do throws(ControlError) {
          let (fd, bound) = try Self.bindTCP(configuration.tcpAddress, port: requested)
          fds.append(fd)
          listeners.append((fd, true))
          port = bound
        } catch {
          guard configuration.tcpIsOptional, case .system(_, let target, EADDRINUSE) = error else { throw error }
          let socket = configuration.unixSocketPath.map { "; MPD clients reach tunes on \($0) (MPD_HOST=\($0))" } ?? ""
          configuration.log("\(target) is taken by another program (an mpd?)\(socket)")
        }
      }
    } catch {
      for fd in fds { close(fd) }
      if let inode, let path = configuration.unixSocketPath { Self.unlinkIfOurs(path, inode: inode) }
      throw error
    }
    let wake: WakePipe
    do throws(ControlError) {
      wake = try WakePipe()
    } catch {
      for fd in fds { close(fd) }
      throw error
    }
    let stream = await dispatcher.backend.changes()
    let finished = DispatchSemaphore(value: 0)
    let feed = Task { [mailbox = self.mailbox] in
      for await changed in stream {
        mailbox.withLock { $0.events.append(changed) }
        wake.wake()
      }
    }
    let loopListeners = listeners
    let thread = Thread { [self] in
      self.runLoop(listeners: loopListeners, wake: wake)
      finished.signal()
    }
    thread.name = "tunes-mpd"
    setup.withLock {
      $0 = Setup(
        wake: wake, listeners: listeners, boundPort: port, socketInode: inode,
        thread: thread, finished: finished, feed: feed)
    }
    thread.start()
  }

  /// Closes every connection and the sockets, and removes the socket file if it is still ours.
  public func stop() {
    let current = setup.withLock { value -> Setup in
      let copy = value
      value = Setup()
      return copy
    }
    guard let finished = current.finished else { return }
    mailbox.withLock { $0.stopping = true }
    current.wake?.wake()
    finished.wait()
    // The pipe is closed once the feed and the commands still running let go of it (WakePipe).
    current.feed?.cancel()
    if let inode = current.socketInode, let path = configuration.unixSocketPath { Self.unlinkIfOurs(path, inode: inode) }
  }

  deinit { stop() }

  // MARK: Binding

  /// Creates the socket folder (0700), refuses a live socket, clears a stale one, and binds the socket
  /// under a temporary name, sets 0600 and renames it into place, so it is never reachable with a wider mode.
  static func bindUnix(_ path: String) throws(ControlError) -> (Int32, ino_t) {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .system(call: "mkdir", target: folder, errno: errno == 0 ? EACCES : errno)
      }
    }
    var info = stat()
    if lstat(path, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFSOCK else { throw .notASocket(path: path) }
      if Sockets.isListening(path) { throw .alreadyRunning(path: path) }
      unlink(path)
    }
    // Fails early with the right message when the path itself cannot be a socket address.
    _ = try Sockets.withUnixAddress(path) { _, _ in 0 }
    let fd = socket(AF_UNIX, Sockets.stream, 0)
    guard fd >= 0 else { throw .system(call: "socket", target: path, errno: errno) }
    var temporary = (folder.isEmpty ? "." : folder) + "/.t\(getpid())"
    if temporary.utf8.count >= path.utf8.count + 4, temporary.utf8.count > 107 { temporary = path }
    unlink(temporary)
    let bound = try Sockets.withUnixAddress(temporary) { bind(fd, $0, $1) }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw .system(call: "bind", target: temporary, errno: code)
    }
    guard chmod(temporary, 0o600) == 0, listen(fd, 128) == 0, temporary == path || rename(temporary, path) == 0 else {
      let code = errno
      close(fd)
      unlink(temporary)
      throw .system(call: "listen", target: path, errno: code)
    }
    Sockets.setNonBlocking(fd)
    var final = stat()
    stat(path, &final)
    return (fd, final.st_ino)
  }

  static func bindTCP(_ host: String, port: Int) throws(ControlError) -> (Int32, Int) {
    let fd = socket(AF_INET, Sockets.stream, 0)
    guard fd >= 0 else { throw .system(call: "socket", target: host, errno: errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let target = "\(host):\(port)"
    let result: Int32
    do {
      result = try Sockets.withIPv4Address(host, port: port) { bind(fd, $0, $1) }
    } catch {
      close(fd)
      throw error
    }
    guard result == 0, listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw .system(call: "bind", target: target, errno: code)
    }
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
    }
    Sockets.setNonBlocking(fd)
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  static func unlinkIfOurs(_ path: String, inode: ino_t) {
    var info = stat()
    if lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
  }

  // MARK: The event loop (runs on its own thread; owns every Connection)

  final class Connection {
    let fd: Int32
    let token: UInt64
    let session: MPDSession
    var output: [UInt8] = []
    var outputStart = 0
    var closeAfterFlush = false

    init(fd: Int32, token: UInt64, session: MPDSession) {
      self.fd = fd
      self.token = token
      self.session = session
    }

    var pendingOutput: Int { output.count - outputStart }
  }

  private func runLoop(listeners: [(fd: Int32, isTCP: Bool)], wake: WakePipe) {
    var connections: [UInt64: Connection] = [:]
    var nextToken: UInt64 = 1
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
    defer { readBuffer.deallocate() }
    var fds: [pollfd] = []
    var order: [Connection] = []

    /// Unsent reply bytes of every client together.
    var totalOutput = 0

    func drop(_ connection: Connection) {
      guard connections[connection.token] != nil else { return }
      close(connection.fd)
      connections[connection.token] = nil
      totalOutput -= connection.pendingOutput
      let heldMuch = connection.output.capacity > 1 << 20
      connection.output = []
      connection.outputStart = 0
      let count = connections.count
      mailbox.withLock { $0.clientCount = count }
      // The freed reply buffer goes back to the system, not just to malloc's free lists.
      if heldMuch { OutputMemory.giveBack() }
    }

    func flush(_ connection: Connection) -> Bool {
      while connection.pendingOutput > 0 {
        let written = connection.output[connection.outputStart...].withUnsafeBytes { Sockets.send(connection.fd, $0) }
        if written < 0 { return false }
        if written == 0 { break }
        connection.outputStart += written
        totalOutput -= written
      }
      if connection.pendingOutput == 0 {
        let heldMuch = connection.output.capacity > 1 << 20
        connection.output.removeAll(keepingCapacity: connection.output.capacity <= 65536)
        if heldMuch { OutputMemory.giveBack() }
        connection.outputStart = 0
        if connection.closeAfterFlush { return false }
      } else if connection.outputStart > 65536 {
        connection.output.removeFirst(connection.outputStart)
        connection.outputStart = 0
      }
      return true
    }

    /// Queues bytes to send; a client that lets more than the bound pile up is dropped (false). Past the
    /// bound of all clients together, the clients holding the most are dropped, this one or others.
    func enqueue(_ bytes: some Collection<UInt8>, on connection: Connection) -> Bool {
      let limit = configuration.maximumOutputBytes
      guard connection.pendingOutput + bytes.count <= limit else {
        configuration.log(
          "closing MPD client \(connection.token): its unread replies would pass \(limit) bytes (max_output_buffer_size)")
        drop(connection)
        return false
      }
      connection.output.append(contentsOf: bytes)
      totalOutput += bytes.count
      while totalOutput > configuration.maximumTotalOutputBytes,
        let slowest = connections.values.max(by: { $0.pendingOutput < $1.pendingOutput })
      {
        configuration.log(
          "closing MPD client \(slowest.token): clients hold \(totalOutput) bytes of unread replies, past the bound of "
            + "\(configuration.maximumTotalOutputBytes), and it holds the most (\(slowest.pendingOutput))")
        drop(slowest)
      }
      return connections[connection.token] != nil
    }

    /// Carries out a session's actions; returns false when the connection is gone.
    func apply(_ actions: [MPDSession.Action], to connection: Connection) -> Bool {
      guard connections[connection.token] != nil else { return false }
      for action in actions {
        switch action {
        case .write(let text):
          guard enqueue(text.utf8, on: connection) else { return false }
        case .send(let bytes):
          guard enqueue(bytes, on: connection) else { return false }
        case .execute(let batch):
          let token = connection.token
          let dispatcher = self.dispatcher
          let password = configuration.password
          Task { [mailbox = self.mailbox, gate = self.gate] in
            // What the batch can do without changing anything is done before its turn: other
            // clients' commands go on meanwhile.
            if let work = MPDDispatcher.preparation(for: batch) { await dispatcher.backend.prepare(work) }
            let result = await gate.withTurn { await dispatcher.run(batch, password: password) }
            mailbox.withLock { $0.completions.append((token, result)) }
            wake.wake()
          }
        case .close:
          connection.closeAfterFlush = true
        }
      }
      if !flush(connection) {
        drop(connection)
        return false
      }
      return true
    }

    while true {
      fds.removeAll(keepingCapacity: true)
      order.removeAll(keepingCapacity: true)
      fds.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0))
      for listener in listeners { fds.append(pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)) }
      for connection in connections.values {
        var events: Int32 = 0
        // Stop reading from a client that queues up input while its command runs.
        if !connection.closeAfterFlush, connection.session.bufferedInput < 1 << 20 { events |= Int32(POLLIN) }
        if connection.pendingOutput > 0 { events |= Int32(POLLOUT) }
        fds.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
        order.append(connection)
      }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 && errno != EINTR { break }

      if fds[0].revents != 0 {
        wake.drain()
        let (completions, events, stopping) = mailbox.withLock { box in
          let taken = (box.completions, box.events, box.stopping)
          box.completions = []
          box.events = []
          return taken
        }
        if stopping { break }
        for (token, result) in completions {
          guard let connection = connections[token] else { continue }  // the client left meanwhile
          _ = apply(connection.session.complete(result), to: connection)
        }
        for changed in events {
          for connection in Array(connections.values) {
            _ = apply(connection.session.notify(changed), to: connection)
          }
        }
      }

      for (offset, listener) in listeners.enumerated() where fds[offset + 1].revents & Int16(POLLIN) != 0 {
        while true {
          let fd = accept(listener.fd, nil, nil)
          if fd < 0 { break }
          Sockets.setNonBlocking(fd)
          _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
          let session = MPDSession(
            password: listener.isTCP ? configuration.password : nil, local: !listener.isTCP && Sockets.peerIsOwner(fd),
            maximumCommandListBytes: configuration.maximumCommandListBytes)
          let connection = Connection(fd: fd, token: nextToken, session: session)
          nextToken += 1
          connections[connection.token] = connection
          mailbox.withLock { $0.clientCount = connections.count }
          _ = apply([.write("OK MPD 0.23.5\n")], to: connection)
        }
      }

      let base = 1 + listeners.count
      for (offset, connection) in order.enumerated() {
        let revents = Int32(fds[base + offset].revents)
        guard revents != 0, connections[connection.token] != nil else { continue }
        if revents & Int32(POLLOUT) != 0, !flush(connection) {
          drop(connection)
          continue
        }
        if revents & (Int32(POLLIN) | Int32(POLLHUP) | Int32(POLLERR)) != 0 {
          let count = read(connection.fd, readBuffer.baseAddress, readBuffer.count)
          if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
            drop(connection)
            continue
          }
          if count > 0 {
            _ = apply(connection.session.receive(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])), to: connection)
          }
        }
      }
    }
    for connection in connections.values { close(connection.fd) }
    for listener in listeners { close(listener.fd) }
    mailbox.withLock { $0.clientCount = 0 }
  }
}

extension MPDServer {
  /// The default log: one line on standard error (the daemon's log file).
  public static func logToStandardError(_ line: String) {
    FileHandle.standardError.write(Data("tunes: \(line)\n".utf8))
  }
}

/// Hands freed memory back to the system: glibc keeps freed blocks for reuse, and after a few large
/// reply buffers its heap stays at its largest size.
enum OutputMemory {
  /// glibc's `malloc_trim`, looked up once (its header is not part of the Glibc module).
  private static let trim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  }()

  static func giveBack() { _ = trim?(0) }
}

/// A value guarded by a lock, shared between the loop thread, tasks and the caller of start/stop.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
