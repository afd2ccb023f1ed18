// `binarylimit`'s bounds as mpd 0.23 answers them (differential case 80 holds the real mpd's replies):
// 64 at least, 8400896 at most, alone and in a command list alike.
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct BinaryLimitTests {
  static func reply(_ lines: [String], mode: MPDBatch.Mode = .single) async -> (String, Int) {
    let requests = lines.map { line in
      let words = line.split(separator: " ").map(String.init)
      return MPDRequest(command: words[0], arguments: Array(words.dropFirst()))
    }
    let batch = MPDBatch(requests: requests, mode: mode, authorized: true, binaryLimit: 8192)
    let result = await MPDDispatcher(backend: InMemoryMPDBackend()).run(batch, password: nil)
    return (String(decoding: result.output, as: UTF8.self), result.binaryLimit)
  }

  @Test func theLargestLimitIsMPDs() async {
    #expect(await Self.reply(["binarylimit 8400896"]) == ("OK\n", 8_400_896))
    #expect(
      await Self.reply(["binarylimit 8400897"]) == ("ACK [2@0] {binarylimit} Number too large: 8400897\n", 8192))
    #expect(await Self.reply(["binarylimit 63"]) == ("ACK [2@0] {binarylimit} Value too small\n", 8192))
    // strtoul wraps a negative number past the bound; minus zero is zero.
    #expect(await Self.reply(["binarylimit -1"]) == ("ACK [2@0] {binarylimit} Number too large: -1\n", 8192))
    #expect(await Self.reply(["binarylimit -0"]) == ("ACK [2@0] {binarylimit} Value too small\n", 8192))
  }

  @Test func aListSetsItAsALineAloneDoes() async {
    #expect(await Self.reply(["binarylimit 8400896", "ping"], mode: .listOK) == ("list_OK\nlist_OK\nOK\n", 8_400_896))
  }
}
