// The session bus connection and the thread that owns it. sd-bus objects are not thread-safe, so every
// sd-bus call happens on this one thread: it polls the bus's socket and a wake-up pipe, dispatches
// incoming calls (which answer from the last state picture, or hand work to the Player and answer
// later), and runs the closures other threads post (new state, replies). Nothing here waits on the
// Player actor except a Position read, and the Player never waits on this thread.
import CSDBus
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

final class BusThread: @unchecked Sendable {
  // @unchecked: `bus` is touched only on the thread; `pending` and `stopping` only under `lock`.
  private(set) var bus: OpaquePointer?
  private let lock = NSLock()
  private var pending: [() -> Void] = []
  private var stopping = false
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let ended = DispatchSemaphore(value: 0)

  /// How starting went, as the starting thread is told.
  enum Start: Sendable {
    case serving
    /// No session bus could be reached: why.
    case noBus(String)
    /// The well-known name has another owner.
    case nameTaken
  }

  /// How long a call of this connection to the bus itself (taking the name) may take, in µs.
  static let callTimeoutUs: UInt64 = 5_000_000

  init() {
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      }
    } else {
      fds = [-1, -1]
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
  }

  deinit {
    if wakeRead >= 0 { close(wakeRead) }
    if wakeWrite >= 0 { close(wakeWrite) }
  }

  /// Connects on a new thread, runs `setUp` there (objects, then the name), and serves until `stop`;
  /// `started` is called once, from that thread, with how it went.
  func start(name: String, setUp: @escaping @Sendable (OpaquePointer) -> Int32, started: @escaping @Sendable (Start) -> Void) {
    let thread = Thread { [self] in
      defer { ended.signal() }
      if let problem = connect() {
        started(.noBus(problem))
        return
      }
      guard let bus else { return }
      let made = setUp(bus)
      if made < 0 {
        started(.noBus("cannot publish the player's objects: \(Self.describe(made))"))
        disconnect()
        return
      }
      let owned = sd_bus_request_name(bus, name, 0)
      if owned == -EEXIST || owned == -EALREADY {
        started(.nameTaken)
        disconnect()
        return
      }
      if owned < 0 {
        started(.noBus("cannot take the name \(name): \(Self.describe(owned))"))
        disconnect()
        return
      }
      started(.serving)
      loop()
      disconnect()
    }
    thread.name = "tunes-mpris"
    thread.start()
  }

  /// Runs `work` on the bus thread soon (dropped once the thread has ended).
  func post(_ work: @escaping () -> Void) {
    lock.withLock { pending.append(work) }
    wake()
  }

  /// Ends the loop and waits (briefly) until the name is given up and the connection closed.
  func stop() {
    lock.withLock { stopping = true }
    wake()
    _ = ended.wait(timeout: .now() + 2)
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Nil when connected; else what went wrong, in words.
  private func connect() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty != false {
      // sd-bus would also try $XDG_RUNTIME_DIR/bus, where a systemd session keeps its bus.
      guard let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") else {
        return "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
      }
    }
    var opened: OpaquePointer?
    let result = sd_bus_open_user(&opened)
    guard result >= 0, let opened else { return "cannot reach the D-Bus session bus: \(Self.describe(result))" }
    // A bus that does not answer the name request is given up after this, not sd-bus's 25 s (a bus that never
    // completes the handshake still takes 25 s; the player does not wait for either, see MPRISService.startWait).
    _ = sd_bus_set_method_call_timeout(opened, Self.callTimeoutUs)
    bus = opened
    return nil
  }

  private func disconnect() {
    if let bus { sd_bus_flush_close_unref(bus) }
    bus = nil
  }

  private func loop() {
    guard let bus else { return }
    while true {
      // Everything that is ready first: sd-bus wants `process` called until it has nothing to do.
      while sd_bus_process(bus, nil) > 0 {}
      let (work, ending) = lock.withLock { () -> ([() -> Void], Bool) in
        defer { pending = [] }
        return (pending, stopping)
      }
      if ending { return }
      if !work.isEmpty {
        for item in work { item() }
        continue  // what the work sent or queued is processed before sleeping
      }
      var fds = [
        pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), timeoutMs(bus))
      if ready < 0 && errno != EINTR { return }
      if fds[1].revents != 0 { drainWakeUps() }
    }
  }

  /// How long poll may sleep: until sd-bus's own next deadline (a call's timeout), else forever.
  private func timeoutMs(_ bus: OpaquePointer) -> Int32 {
    var deadline: UInt64 = 0
    guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return -1 }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let nowUs = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    guard deadline > nowUs else { return 0 }
    return Int32(min((deadline - nowUs + 999) / 1000, UInt64(Int32.max)))
  }

  private func drainWakeUps() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &buffer, buffer.count) > 0 {}
  }

  /// A negative errno from sd-bus, in words.
  static func describe(_ result: Int32) -> String {
    String(cString: strerror(-result))
  }
}
