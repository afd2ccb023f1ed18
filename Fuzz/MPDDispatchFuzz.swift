// libFuzzer entry for the whole MPD dispatcher over the in-memory backend, compiled by Fuzz/run.sh with
// swiftc -sanitize=fuzzer against the TunesMPD and TunesMPDTesting modules. An input is either protocol
// lines (each parsed, then run as the server runs it) or, when its first byte is below 0x20, a recipe
// that puts ExtremeArguments' numbers (and bytes of the input) into the argument slots of a command of
// the table. Every request must be answered OK or ACK, and what it stored must read back: a trap
// anywhere in a handler, the backend or the reply writer fails the run.
import Foundation
import TunesMPDTesting

@testable import TunesMPD

/// The table's commands with their argument counts, in the table's order (what a recipe indexes).
let commandTable = MPDDispatcher.commands.map { (name: $0.name, arity: $0.arity) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMPDDispatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let requests = bytes.first.map { $0 < 0x20 } == true ? recipe(bytes.dropFirst()) : lines(bytes)
  guard !requests.isEmpty else { return 0 }
  // The dispatcher is async; the fuzzer's thread waits for it (the work runs on the cooperative pool).
  let done = DispatchSemaphore(value: 0)
  Task {
    let backend = await ExtremeArguments.preparedBackend()
    for request in requests {
      guard await answer(request, backend).hasSuffix("OK\n") else { continue }
      for readBack in ExtremeArguments.readBack { _ = await answer(readBack, backend) }
    }
    done.signal()
  }
  done.wait()
  return 0
}

/// Runs one request as the server does and checks that the reply ends in OK or one ACK line.
func answer(_ request: MPDRequest, _ backend: InMemoryMPDBackend) async -> String {
  // `close` ends the connection without a reply; every other request is answered.
  let batch = MPDBatch(requests: [request], mode: .single, authorized: true, binaryLimit: 8192)
  let reply = String(decoding: await MPDDispatcher(backend: backend).run(batch, password: nil).output, as: UTF8.self)
  let last = reply.split(separator: "\n").last
  precondition(
    reply.isEmpty && request.command == "close" || reply.hasSuffix("OK\n") || last?.hasPrefix("ACK [") == true,
    "no answer to \(request): \(reply)")
  return reply
}

/// The input's lines, as the server splits them; a line that does not parse is skipped (the parser
/// fuzzer covers those).
func lines(_ bytes: [UInt8]) -> [MPDRequest] {
  bytes.split(separator: 0x0A, omittingEmptySubsequences: true).prefix(16).compactMap { line in
    let trimmed = line.last == 0x0D ? line.dropLast() : line
    guard trimmed.count <= MPDRequestParser.maximumLineLength else { return nil }
    return try? MPDRequestParser.parse(Array(trimmed))
  }
}

/// A recipe: per request a command byte (an index into the table), a count byte, then per argument a
/// byte choosing an extreme number, a filler, or the next input bytes up to a space or newline as the
/// argument.
func recipe(_ bytes: ArraySlice<UInt8>) -> [MPDRequest] {
  var rest = bytes[...]
  var requests: [MPDRequest] = []
  while let index = rest.popFirst(), requests.count < 8 {
    let command = commandTable[Int(index) % commandTable.count]
    let spread = min(command.arity.upperBound, command.arity.lowerBound + 3) - command.arity.lowerBound + 1
    let count = command.arity.lowerBound + Int(rest.popFirst() ?? 0) % spread
    var arguments: [String] = []
    for _ in 0..<count {
      let choice = Int(rest.popFirst() ?? 0)
      let numbers = ExtremeArguments.numbers
      if choice < numbers.count {
        arguments.append(numbers[choice])
      } else if choice < numbers.count + ExtremeArguments.fillers.count {
        arguments.append(ExtremeArguments.fillers[choice - numbers.count])
      } else {
        // No newline: a line from a client never holds one, its arguments neither.
        let word = rest.prefix { $0 != 0x20 && $0 != 0x0A }
        rest = rest.dropFirst(word.count + 1)
        arguments.append(String(decoding: word, as: UTF8.self))
      }
    }
    requests.append(MPDRequest(command: command.name, arguments: arguments))
  }
  return requests
}
