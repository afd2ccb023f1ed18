// Runs requests against a backend: looks each command up in the table (MPDCommandTable.swift), checks
// the client's permission and the argument count, and lets the command's handler write the reply. Runs
// inside a task (never on the server's event-loop thread). Command lists, idle and noidle are MPDSession's
// and never get here; the connection commands that may stand in a list (password, close, binarylimit)
// are carried out by `run` alone, for a line alone as for a list. In a batch, a run of
// one-argument `add`s goes to a backend that can take them at once (MPDAddingMany) in one call.
import Foundation

/// Executes parsed requests against a backend and writes MPD's reply bodies.
public struct MPDDispatcher: Sendable {
  public let backend: any MPDBackend

  public init(backend: any MPDBackend) { self.backend = backend }

  /// Runs one command and appends its reply (without the final OK) to `out`. `local`: whether the client
  /// may name files outside the music folder (MPDURIResolver).
  public func execute(
    _ request: MPDRequest, authorized: Bool, binaryLimit: Int = defaultBinaryLimit, local: Bool = false,
    into out: inout MPDReply
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
      let call = MPDCall(
        args: args, backend: backend, authorized: authorized, binaryLimit: binaryLimit, uris: MPDURIResolver(local: local))
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
    out.tagTypes = batch.tagTypes
    var authorized = batch.authorized
    var binaryLimit = batch.binaryLimit
    let adding = backend as? any MPDAddingMany
    var index = 0
    while index < batch.requests.count {
      let request = batch.requests[index]
      if let adding,
        let run = Self.plainAdds(batch.requests, from: index, authorized: authorized, uris: MPDURIResolver(local: batch.local))
      {
        let failure = await Self.add(run, to: adding)
        let added = failure?.added ?? run.count
        if batch.mode == .listOK { out += String(repeating: "list_OK\n", count: added) }
        if let failure {
          out += failure.error.ackLine(index: index + added, command: "add")
          return MPDBatchResult(
            output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: false, tagTypes: out.tagTypes)
        }
        index += run.count
        continue
      }
      do throws(MPDError) {
        if request.command == "close" {
          return MPDBatchResult(
            output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: true, tagTypes: out.tagTypes)
        }
        if request.command == "password" {
          guard request.arguments.count == 1 else { throw MPDError.argument("wrong number of arguments for \"password\"") }
          guard let password, request.arguments[0] == password else { throw MPDError(.password, "incorrect password") }
          authorized = true
        } else if request.command == "binarylimit" {
          binaryLimit = try Self.binaryLimit(request)
        } else {
          try await execute(request, authorized: authorized, binaryLimit: binaryLimit, local: batch.local, into: &out)
        }
        if batch.mode == .listOK { out += "list_OK\n" }
      } catch {
        let name = Self.commandsByName[request.command] == nil ? "" : request.command
        out += error.ackLine(index: index, command: name)
        return MPDBatchResult(
          output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: false, tagTypes: out.tagTypes)
      }
      index += 1
    }
    out += "OK\n"
    return MPDBatchResult(
      output: out.bytes, authorized: authorized, binaryLimit: binaryLimit, close: false, tagTypes: out.tagTypes)
  }

  /// What a batch can have done before its turn (MPDBackend.prepare): the work its first command to name
  /// any asks for, as the command's row reads its arguments. Only for commands the client may run with
  /// the number of arguments they take: nothing is prepared for a command that will be refused.
  public static func preparation(for batch: MPDBatch) -> MPDPreparation? {
    for request in batch.requests {
      guard let command = commandsByName[request.command], let prepare = command.preparation,
        command.permission.allows(authorized: batch.authorized)
      else { continue }
      let args = MPDArguments(request)
      guard (try? args.expect(command.arity)) != nil else { continue }
      if let work = prepare(args) { return work }
    }
    return nil
  }

  /// The URIs of the run of one-argument `add`s starting at `start`, resolved for the client, when there
  /// are two or more and the client may add: they go to the backend in one call. Anything else runs
  /// command by command, and so does a URI that does not resolve (it ends the run, and its own `add`
  /// gives the ACK). The one-argument `add` handler (MPDQueueCommands.swift) is `backend.add(uri:)` of
  /// the resolved URI, which this must match.
  static func plainAdds(_ requests: [MPDRequest], from start: Int, authorized: Bool, uris resolver: MPDURIResolver)
    -> [String]?
  {
    guard commandsByName["add"]?.permission.allows(authorized: authorized) == true else { return nil }
    var uris: [String] = []
    for request in requests[start...] {
      guard request.command == "add", request.arguments.count == 1,
        let uri = try? resolver.resolve(request.arguments[0])
      else { break }
      uris.append(uri)
    }
    return uris.count >= 2 ? uris : nil
  }

  /// Adds the URIs in one backend call; nil when all were added, else how many were and why the next
  /// failed, as the ACK of a single `add` would say it.
  static func add(_ uris: [String], to backend: any MPDAddingMany) async -> (added: Int, error: MPDError)? {
    do {
      try await backend.add(uris: uris)
      return nil
    } catch let failure as MPDAddFailure {
      return (failure.added, failure.error as? MPDError ?? MPDError.system("\(failure.error)"))
    } catch {
      return (0, error as? MPDError ?? MPDError.system("\(error)"))
    }
  }
}
