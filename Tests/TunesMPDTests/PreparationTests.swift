// What a batch has done before its turn (MPDDispatcher.preparation, MPDBackend.prepare): decided from
// the parsed command and its arguments as the command's handler reads them, whatever the line's quoting,
// for the first command of a list that asks, and only for commands that will run.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct PreparationTests {
  static func preparation(_ lines: String..., authorized: Bool = true) throws -> MPDPreparation? {
    let requests = try lines.map { try MPDRequestParser.parse($0) }
    return MPDDispatcher.preparation(
      for: MPDBatch(requests: requests, mode: lines.count > 1 ? .list : .single, authorized: authorized, binaryLimit: 8192))
  }

  /// The shuffle's pass is arranged ahead exactly when the command's turn will turn random on.
  @Test(arguments: ["1", "\"1\"", "0", "\"0\"", "01", "true", "\"\""])
  func randomIsPreparedWhenItsTurnTurnsRandomOn(_ argument: String) async throws {
    let backend = InMemoryMPDBackend(songs: fixtureSongs)
    _ = try await exchange(backend, "random \(argument)")
    let turnsOn = await backend.status().random
    #expect(try Self.preparation("random \(argument)") == (turnsOn ? .shufflePass : nil))
    #expect(turnsOn == ["1", "\"1\""].contains(argument))
  }

  @Test func theWholeQueuesShuffleIsPreparedNotARangesOne() throws {
    #expect(try Self.preparation("shuffle") == .queueOrder)
    #expect(try Self.preparation("shuffle 0:2") == nil)
  }

  /// In a list the first command that asks is prepared; one with the wrong number of arguments will be
  /// refused, and asks for nothing.
  @Test func aListPreparesItsFirstCommandThatWillRun() throws {
    #expect(try Self.preparation("status", "random 1 2", "shuffle", "random 1") == .queueOrder)
    #expect(try Self.preparation("status", "random 1", "shuffle") == .shufflePass)
    #expect(try Self.preparation("status", "random 0", "shuffle 1:2") == nil)
  }

  @Test func nothingForACommandThatWillBeRefused() throws {
    #expect(try Self.preparation("random 1", authorized: false) == nil)
    #expect(try Self.preparation("shuffle", authorized: false) == nil)
    #expect(try Self.preparation("RANDOM 1") == nil)
    #expect(try Self.preparation("randomize 1") == nil)
  }

  /// The preparation goes with the handler, so a row naming it under another name prepares the same.
  @Test func aSecondNameForTheHandlerPreparesAlike() throws {
    let alias = MPDCommand("mix", .control, 0...1, MPDDispatcher.shuffle)
    #expect(alias.preparation?(MPDArguments(MPDRequest(command: "mix"))) == .queueOrder)
    let on = MPDCommand("shuffled", .control, 1...1, MPDDispatcher.random)
    #expect(on.preparation?(MPDArguments(MPDRequest(command: "shuffled", arguments: ["1"]))) == .shufflePass)
  }
}
