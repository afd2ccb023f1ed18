// Runs protocol lines straight through the dispatcher against an in-memory backend, without a socket,
// and returns the reply text as a client reads it: each command's lines, then `OK` or its ACK line.
import Testing
import TunesMPDTesting

@testable import TunesMPD

func exchange(_ backend: InMemoryMPDBackend, _ lines: String...) async throws -> String {
  let dispatcher = MPDDispatcher(backend: backend)
  var text = ""
  for line in lines {
    let request = try MPDRequestParser.parse(line)
    var out = MPDReply()
    do {
      try await dispatcher.execute(request, authorized: true, into: &out)
      text += String(decoding: out.bytes, as: UTF8.self) + "OK\n"
    } catch {
      text += error.ackLine(index: 0, command: request.command)
    }
  }
  return text
}
