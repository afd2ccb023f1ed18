// `tunes play QUERY` against a running player: a queue too large for one command list (an MPD server
// closes the connection over a list past its size limit) is cut into lists that each fit, in order.
import Testing

@testable import tunes

struct RemotePlayListsTests {
  @Test func aQueueThatFitsIsOneList() {
    let lists = RemotePlay.lists(first: ["clear"], adds: ["add \"a\"", "add \"b\""], last: ["play"], bytes: 100)
    #expect(lists == [["clear", "add \"a\"", "add \"b\"", "play"]])
  }

  @Test func aLargeQueueIsCutIntoListsUnderTheLimitInOrder() {
    let adds = (0..<1000).map { "add \"/music/song \($0).mp3\"" }
    let bytes = 2000
    let lists = RemotePlay.lists(first: ["clear", "random 1"], adds: adds, last: ["play"], bytes: bytes)
    #expect(lists.count > 1)
    for list in lists { #expect(list.reduce(0) { $0 + $1.utf8.count + 1 } <= bytes) }
    #expect(lists.flatMap { $0 } == ["clear", "random 1"] + adds + ["play"])
    #expect(lists.first?.first == "clear" && lists.last?.last == "play")
  }

  @Test func appendingSendsNoEmptyList() {
    let lists = RemotePlay.lists(first: [], adds: ["add \"a\""], last: [], bytes: 100)
    #expect(lists == [["add \"a\""]])
  }
}
