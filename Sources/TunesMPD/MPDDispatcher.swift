// Runs requests against a backend: looks each command up in the table (MPDCommandTable.swift), checks
// the client's permission and the argument count, and lets the command's handler write the reply. Runs
// inside a task (never on the server's event-loop thread); connection-level commands (idle, noidle,
// close, command lists) are handled by MPDSession before anything gets here.
import Foundation

/// Executes parsed requests against a backend and writes MPD's reply bodies.
public struct MPDDispatcher: Sendable {
  public let backend: any MPDBackend

  public init(backend: any MPDBackend) { self.backend = backend }

  /// Runs one command and appends its reply (without the final OK) to `out`.
  public func execute(
    _ request: MPDRequest, authorized: Bool, binaryLimit: Int = defaultBinaryLimit, into out: inout MPDReply
  ) async throws(MPDError) {
    guard let command = Self.commandsByName[request.command] else {
      throw MPDError(.unknown, "unknown command \"\(request.command)\"")
    }
    guard command.permission.allows(authorized: authorized) else {
      throw MPDError(.permission, "you don't have permission for \"\(request.command)\"")
    }
    let args = MPDArguments(request)
    try args.expect(command.arity)
    do {
      let call = MPDCall(args: args, backend: backend, authorized: authorized, binaryLimit: binaryLimit)
      try await command.handler(call, &out)
    } catch let error as MPDError {
      throw error
    } catch {
      throw MPDError.system("\(error)")
    }
  }

  /// Runs a batch: each command's reply, `list_OK` after each in an OK-list, then `OK`; the first
  /// failure stops the batch with an ACK naming its index.
  public func run(_ batch: MPDBatch, password: String?) async -> MPDBatchResult {
    var out = MPDReply()
    var authorized = batch.authorized
    var binaryLimit = batch.binaryLimit
    for (index, request) in batch.requests.enumerated() {
      do throws(MPDError) {
        if request.command == "close" {
          return MPDBatchResult(output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: true)
        }
        if request.command == "password" {
          guard request.arguments.count == 1 else { throw MPDError.argument("wrong number of arguments for \"password\"") }
          guard let password, request.arguments[0] == password else { throw MPDError(.password, "incorrect password") }
          authorized = true
        } else if request.command == "binarylimit" {
          binaryLimit = try Self.binaryLimit(request)
        } else {
          try await execute(request, authorized: authorized, binaryLimit: binaryLimit, into: &out)
        }
        if batch.mode == .listOK { out += "list_OK\n" }
      } catch {
        let name = Self.commandsByName[request.command] == nil ? "" : request.command
        out += error.ackLine(index: index, command: name)
        return MPDBatchResult(output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: false)
      }
    }
    out += "OK\n"
    return MPDBatchResult(output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: false)
  }
}
