// One client's protocol state: its unparsed input, command lists, idle, and what the commands it ran
// left (the password given, `binarylimit`, `tagtypes`). Pure logic with no sockets: the server feeds it
// bytes and events and carries out the actions it returns. Confined to the server's event-loop thread.
// Only what cannot wait for the backend is done here (command lists, idle, noidle); `password`, `close`
// and `binarylimit` may stand in a command list as well as alone, so the batch runner does them, once,
// either way (MPDDispatcher.run), and a line alone goes to it as a batch of one.
//
// A command list is bounded by size as MPD bounds it (`max_command_list_size`): each line counts its
// length without trailing whitespace plus one, and a list that passes the bound closes the connection
// without a reply, which is what MPD 0.23 does. The count is of bytes, not commands, so
// `mpc listall | mpc add` of a large library fits as it fits in MPD.

/// A unit of work for the backend: one command or a whole command list.
public struct MPDBatch: Sendable, Hashable {
  public enum Mode: Sendable, Hashable { case single, list, listOK }
  public var requests: [MPDRequest]
  public var mode: Mode
  public var authorized: Bool
  /// The largest binary chunk the client takes (`binarylimit`).
  public var binaryLimit: Int
  /// The tag types the client's song blocks show (`tagtypes`); nil: all.
  public var tagTypes: Set<MPDTag>? = nil
  /// Whether the client may name files outside the music folder (MPDURIResolver).
  public var local = false
}

/// What a batch produced: the bytes to send and the session changes it carries.
public struct MPDBatchResult: Sendable {
  public var output: [UInt8]
  public var authorized: Bool
  public var binaryLimit: Int
  public var close: Bool
  public var tagTypes: Set<MPDTag>? = nil
}

final class MPDSession {
  enum Action {
    case write(String)
    /// A batch's reply, which may hold binary chunks.
    case send([UInt8])
    case execute(MPDBatch)
    case close
  }

  private enum State {
    case ready
    /// A batch is running in the backend; input waits.
    case busy
    case idle(Set<MPDSubsystem>)
    case closed
  }

  /// MPD's default `max_command_list_size`: 2048 KiB.
  static let defaultMaximumCommandListBytes = 2048 << 10

  private var state = State.ready
  private var input: [UInt8] = []
  private var inputStart = 0
  /// The list being received (nil outside one); appended in place, so a long list costs linear time.
  private var commandList: [MPDRequest]?
  /// The size of the list so far, counted as MPD counts it.
  private var commandListBytes = 0
  private let maximumCommandListBytes: Int
  private var listOK = false
  private var pendingEvents: Set<MPDSubsystem> = []
  private(set) var authorized: Bool
  /// The chunk size for binary responses; `binarylimit` changes it.
  private(set) var binaryLimit = MPDDispatcher.defaultBinaryLimit
  /// `tagtypes`: what this connection's song blocks show (nil: every tag type).
  private(set) var tagTypes: Set<MPDTag>?
  /// A client on the Unix socket as the player's own user: it may name files outside the music folder.
  let local: Bool

  init(password: String?, local: Bool = false, maximumCommandListBytes: Int = MPDSession.defaultMaximumCommandListBytes) {
    self.local = local
    self.maximumCommandListBytes = maximumCommandListBytes
    authorized = password == nil
  }

  /// Bytes not yet parsed; the server stops reading while this is large and a command is running.
  var bufferedInput: Int { input.count - inputStart }
  var isClosed: Bool { if case .closed = state { return true } else { return false } }

  func receive(_ bytes: UnsafeRawBufferPointer) -> [Action] {
    input.append(contentsOf: bytes)
    return process()
  }

  /// The backend finished a batch.
  func complete(_ result: MPDBatchResult) -> [Action] {
    guard case .busy = state else { return [] }
    state = .ready
    authorized = result.authorized
    binaryLimit = result.binaryLimit
    tagTypes = result.tagTypes
    var actions: [Action] = [.send(result.output)]
    if result.close {
      state = .closed
      actions.append(.close)
      return actions
    }
    return actions + process()
  }

  /// Subsystems changed: remembered until the next idle, or reported now if idling on one of them.
  func notify(_ changed: Set<MPDSubsystem>) -> [Action] {
    pendingEvents.formUnion(changed)
    guard case .idle(let subscribed) = state, !pendingEvents.isDisjoint(with: subscribed) else { return [] }
    let reply = idleReply(subscribed)
    state = .ready
    return [.write(reply)] + process()
  }

  private func idleReply(_ subscribed: Set<MPDSubsystem>) -> String {
    var out = ""
    for subsystem in pendingEvents.intersection(subscribed).sorted() { out += "changed: \(subsystem.rawValue)\n" }
    pendingEvents = []
    return out + "OK\n"
  }

  /// Consumes complete lines while the session can act on them.
  private func process() -> [Action] {
    var actions: [Action] = []
    while true {
      switch state {
      case .busy, .closed: return actions
      case .ready, .idle: break
      }
      guard let newline = input[inputStart...].firstIndex(of: 0x0A) else {
        if bufferedInput > MPDRequestParser.maximumLineLength {
          actions.append(.write(MPDError.argument("line too long").ackLine(index: 0, command: "")))
          actions.append(.close)
          state = .closed
        }
        compact()
        return actions
      }
      var lineEnd = newline
      if lineEnd > inputStart, input[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      let tooLong = newline - inputStart > MPDRequestParser.maximumLineLength
      let parsed = Result { () throws(MPDError) -> MPDRequest in try MPDRequestParser.parse(input[inputStart..<lineEnd]) }
      var contentEnd = lineEnd
      while contentEnd > inputStart, input[contentEnd - 1] <= 0x20 { contentEnd -= 1 }
      let listBytes = contentEnd - inputStart + 1
      inputStart = newline + 1
      if tooLong {
        actions.append(.write(MPDError.argument("line too long").ackLine(index: 0, command: "")))
        actions.append(.close)
        state = .closed
        return actions
      }
      actions += handle(parsed, listBytes: listBytes)
    }
  }

  private func compact() {
    if inputStart > 0 {
      input.removeFirst(inputStart)
      inputStart = 0
    }
  }

  private func closeWith(_ actions: [Action] = []) -> [Action] {
    state = .closed
    return actions + [.close]
  }

  /// `listBytes`: what the line counts towards the size of a command list.
  private func handle(_ parsed: Result<MPDRequest, MPDError>, listBytes: Int) -> [Action] {
    if case .idle(let subscribed) = state {
      // While idling only `noidle` is allowed; anything else ends the connection, as in MPD.
      guard case .success(let request) = parsed, request.command == "noidle" else { return closeWith() }
      state = .ready
      return [.write(idleReply(subscribed))]
    }
    let request: MPDRequest
    switch parsed {
    case .failure(let error):
      if commandList != nil {
        let index = commandList?.count ?? 0
        commandList = nil
        return [.write(error.ackLine(index: index, command: ""))]
      }
      return [.write(error.ackLine(index: 0, command: ""))]
    case .success(let value):
      request = value
    }

    // No binding of the list here: a second reference would make every append copy it.
    if commandList != nil {
      switch request.command {
      case "command_list_end":
        let list = commandList ?? []
        commandList = nil
        state = .busy
        return [
          .execute(
            MPDBatch(
              requests: list, mode: listOK ? .listOK : .list, authorized: authorized, binaryLimit: binaryLimit,
              tagTypes: tagTypes, local: local))
        ]
      case "command_list_begin", "command_list_ok_begin", "idle", "noidle":
        // MPD drops a client that nests lists or idles inside one.
        return closeWith()
      default:
        commandListBytes += listBytes
        // As MPD: past the bound the list is dropped and so is the client, with no reply.
        guard commandListBytes <= maximumCommandListBytes else {
          commandList = nil
          return closeWith()
        }
        commandList?.append(request)
        return []
      }
    }

    switch request.command {
    case "command_list_begin", "command_list_ok_begin":
      guard request.arguments.isEmpty else {
        return [
          .write(
            MPDError.argument("wrong number of arguments for \"\(request.command)\"").ackLine(index: 0, command: request.command))
        ]
      }
      commandList = []
      commandListBytes = 0
      listOK = request.command == "command_list_ok_begin"
      return []
    case "command_list_end":
      return [.write(MPDError(.notList, "not in command list").ackLine(index: 0, command: request.command))]
    case "noidle":
      return []
    case "idle":
      guard authorized else {
        return [.write(MPDError(.permission, "you don't have permission for \"idle\"").ackLine(index: 0, command: "idle"))]
      }
      var subscribed: Set<MPDSubsystem> = []
      for name in request.arguments {
        guard let subsystem = MPDSubsystem(rawValue: name.lowercased()) else {
          return [.write(MPDError.argument("Unrecognized idle event: \(name)").ackLine(index: 0, command: "idle"))]
        }
        subscribed.insert(subsystem)
      }
      if subscribed.isEmpty { subscribed = Set(MPDSubsystem.allCases) }
      if !pendingEvents.isDisjoint(with: subscribed) { return [.write(idleReply(subscribed))] }
      state = .idle(subscribed)
      return []
    default:
      state = .busy
      return [
        .execute(
          MPDBatch(
            requests: [request], mode: .single, authorized: authorized, binaryLimit: binaryLimit, tagTypes: tagTypes,
            local: local))
      ]
    }
  }
}
