// A client's numbers never stop the player: every command of the table, with each extreme number
// (TunesMPDTesting's ExtremeArguments) in each argument slot, is answered OK or ACK by the dispatcher
// over the in-memory backend, and what it stored reads back. Then the answers for huge numbers, as
// mpd 0.23.12 gives them (each checked against a real mpd).
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct ExtremeNumberTests {
  /// One request as the server runs it (a batch of one, so `binarylimit` and `password` go the
  /// connection's way too); the reply's last line must be OK or an ACK.
  static func answer(_ request: MPDRequest, on backend: InMemoryMPDBackend) async -> String {
    let batch = MPDBatch(requests: [request], mode: .single, authorized: true, binaryLimit: 8192)
    let result = await MPDDispatcher(backend: backend).run(batch, password: nil)
    return String(decoding: result.output, as: UTF8.self)
  }

  static func isAnswer(_ reply: String) -> Bool {
    reply.hasSuffix("OK\n") || reply.split(separator: "\n").last?.hasPrefix("ACK [") == true
  }

  @Test(arguments: MPDDispatcher.commands.map(\.name))
  func everyCommandAnswersExtremeNumbers(command: String) async throws {
    let arity = try #require(MPDDispatcher.commandsByName[command]).arity
    let requests = ExtremeArguments.requests(command: command, arity: arity)
    #expect(!requests.isEmpty)
    for request in requests {
      let backend = await ExtremeArguments.preparedBackend()
      let reply = await Self.answer(request, on: backend)
      // `close` ends the connection without a reply.
      #expect(Self.isAnswer(reply) || command == "close" && reply.isEmpty, "\(request): \(reply)")
      guard reply.hasSuffix("OK\n") else { continue }
      for readBack in ExtremeArguments.readBack {
        let again = await Self.answer(readBack, on: backend)
        #expect(Self.isAnswer(again), "\(readBack) after \(request): \(again)")
      }
    }
  }

  /// mpd's answers to huge numbers, from a real mpd 0.23.12 with three songs queued.
  @Test func hugeNumbersGetMPDsAnswers() async throws {
    let backend = await ExtremeArguments.preparedBackend()
    let reply = try await exchange(
      backend, "playlistinfo 9223372036854775807", "playlistinfo 2147483648", "playlistinfo 1:9223372036854775807",
      "playlistinfo -9223372036854775808", "playlistinfo -1:3", "playlistinfo 1:-5", "delete 9223372036854775807",
      "delete 9223372036854775808", "load saved 9223372036854775807", "load saved 1:2147483648",
      "play 9223372036854775807", "playid 4294967296", "deleteid 4294967296", "setvol 9223372036854775807",
      "volume -9223372036854775808", "volume -101", "crossfade 4294967296", "swap 0 9223372036854775807",
      "move 0 9223372036854775807", "move 0 +9223372036854775807", "move 0 -2147483648",
      "addid loose.mp3 +9223372036854775807", "add loose.mp3 4294967296", "playlistdelete saved 9223372036854775807",
      "playlistmove saved 9223372036854775807 0", "find \"(Artist == 'x')\" window 0:9223372036854775807",
      "prio 1 9223372036854775807", "prioid 1 9223372036854775807", "readpicture loose.mp3 9223372036854775807")
    #expect(
      reply == """
        ACK [2@0] {playlistinfo} Number too large: 9223372036854775807
        ACK [2@0] {playlistinfo} Number too large: 2147483648
        ACK [2@0] {playlistinfo} Number too large: 1:9223372036854775807
        ACK [2@0] {playlistinfo} Number is negative: -9223372036854775808
        ACK [2@0] {playlistinfo} Number is negative: -1:3
        ACK [2@0] {playlistinfo} Number is negative: 1:-5
        ACK [2@0] {delete} Number too large: 9223372036854775807
        ACK [2@0] {delete} Number too large: 9223372036854775808
        ACK [2@0] {load} Number too large: 9223372036854775807
        ACK [2@0] {load} Number too large: 1:2147483648
        ACK [2@0] {play} Number too large: 9223372036854775807
        ACK [2@0] {playid} Number too large: 4294967296
        ACK [2@0] {deleteid} Number too large: 4294967296
        ACK [2@0] {setvol} Number too large: 9223372036854775807
        ACK [2@0] {volume} Number too large: -9223372036854775808
        ACK [2@0] {volume} Number too large: -101
        ACK [2@0] {crossfade} Number too large: 4294967296
        ACK [2@0] {swap} Number too large: 9223372036854775807
        ACK [2@0] {move} Number too large: 9223372036854775807
        ACK [2@0] {move} Number too large: 9223372036854775807
        ACK [2@0] {move} Number too large: 2147483648
        ACK [2@0] {addid} Number too large: 9223372036854775807
        ACK [2@0] {add} Number too large: 4294967296
        ACK [2@0] {playlistdelete} Number too large: 9223372036854775807
        ACK [2@0] {playlistmove} Number too large: 9223372036854775807
        ACK [2@0] {find} Number too large: 0:9223372036854775807
        ACK [2@0] {prio} Number too large: 9223372036854775807
        ACK [2@0] {prioid} Number too large: 9223372036854775807
        ACK [2@0] {readpicture} Number too large: 9223372036854775807

        """)
  }

  /// Seek times: negative ones are refused as mpd refuses them, huge ones (and `inf`) go past the song's
  /// end (mpd answers OK); the position shown stays a time `status` can write.
  @Test func seekTimesAreBounded() async throws {
    let backend = await ExtremeArguments.preparedBackend()
    let reply = try await exchange(
      backend, "seek 0 1e19", "seekid 1 1e308", "seekcur 1e19", "seekcur +1e19", "seekcur -1e308", "seek 0 inf",
      "seek 0 -5", "seek 0 -1e308", "seekid 1 -inf", "seekcur nan", "seek 9223372036854775807 1",
      "seekid 4294967296 1")
    #expect(
      reply == """
        OK
        OK
        OK
        OK
        OK
        OK
        ACK [2@0] {seek} Negative value not allowed: -5
        ACK [2@0] {seek} Negative value not allowed: -1e308
        ACK [2@0] {seekid} Negative value not allowed: -inf
        ACK [2@0] {seekcur} Float expected: nan
        ACK [2@0] {seek} Number too large: 9223372036854775807
        ACK [2@0] {seekid} Number too large: 4294967296

        """)
    let calls = await backend.calls.filter { $0.hasPrefix("seek") }
    #expect(
      calls == [
        "seek 0 4294967.295", "seekid 1 4294967.295", "seekcur 4294967.295", "seekcur +2147483.647",
        "seekcur -2147483.647", "seek 0 4294967.295",
      ])
    // The last seek went past the song's end: the song's own length is where it stands.
    let status = try await exchange(backend, "status").split(separator: "\n")
    let elapsed = status.first { $0.hasPrefix("elapsed: ") }?.dropFirst(9)
    #expect(elapsed != nil && elapsed == status.first { $0.hasPrefix("duration: ") }?.dropFirst(10))
  }

  /// A play range past the longest time mpd holds is a bad range; one inside it shows as set.
  @Test func rangeTimesAreBounded() async throws {
    let backend = await ExtremeArguments.preparedBackend()
    let reply = try await exchange(backend, "rangeid 3 1e19:", "rangeid 3 0:1e308", "rangeid 3 0:inf", "rangeid 3 4294967.295:")
    #expect(reply == String(repeating: "ACK [2@0] {rangeid} Bad range\n", count: 3) + "OK\n")
    #expect(try await exchange(backend, "playlistid 3").contains("\nRange: 4294967.295-\n"))
  }

  /// `plchanges` reads its version as mpd does (32 bits, wrapping), so a huge one lists every entry.
  @Test func hugeQueueVersionsListEverything() async throws {
    let backend = await ExtremeArguments.preparedBackend()
    for version in ["9223372036854775807", "18446744073709551616", "-1"] {
      let reply = try await exchange(backend, "plchangesposid \(version)")
      #expect(reply.components(separatedBy: "cpos:").count == fixtureSongs.count + 1, "\(version): \(reply)")
    }
    #expect(try await exchange(backend, "plchanges x") == "ACK [2@0] {plchanges} Integer expected: x\n")
  }

  @Test(arguments: [
    ("0", 0), ("+7", 7), ("-7", -7), ("9223372036854775807", Int.max), ("9223372036854775808", Int.max),
    ("-9223372036854775809", Int.min), ("99999999999999999999999", Int.max),
  ])
  func integersSaturate(text: String, value: Int) {
    #expect(MPDNumber.integer(text) == value)
  }

  @Test(arguments: ["", "+", "-", "1.5", "0x10", " 1", "1 ", "++1", "+-1", "1e3", "١"])
  func notIntegers(text: String) {
    #expect(MPDNumber.integer(text) == nil)
  }
}

/// A song's length comes from its file's header, so it is as untrusted as a client's number: the
/// seconds a reply prints never trap, whatever the header declared.
@Suite struct ExtremeLengthTests {
  @Test func anyLengthPrintsAsSeconds() {
    #expect(MPDFormat.seconds(1.5) == "1.500")
    #expect(MPDFormat.seconds(-3) == "0.000")
    #expect(MPDFormat.seconds(.nan) == "0.000")
    #expect(MPDFormat.seconds(9e15) == "9007199254740.991")
    #expect(MPDFormat.seconds(.infinity) == "9007199254740.991")
  }
}
