// One broadcaster, many listeners: each stream gets every value sent after it was made, and `finish`
// ends them all.
import Testing

@testable import TunesPlayer

@Suite struct BroadcasterTests {
  @Test func everyStreamGetsEveryValueUntilFinished() async {
    let broadcaster = Broadcaster<Int>()
    let first = broadcaster.stream()
    broadcaster.send(1)
    let second = broadcaster.stream()
    broadcaster.send(2)
    broadcaster.finish()
    var firstValues: [Int] = []
    for await value in first { firstValues.append(value) }
    var secondValues: [Int] = []
    for await value in second { secondValues.append(value) }
    #expect(firstValues == [1, 2])
    #expect(secondValues == [2])
  }

  @Test func aSlowListenerKeepsTheNewestValues() async {
    let broadcaster = Broadcaster<Int>(keep: 2)
    let stream = broadcaster.stream()
    for value in 1...5 { broadcaster.send(value) }
    broadcaster.finish()
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [4, 5])
  }
}
