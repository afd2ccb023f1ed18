// The forms `tunes seek` takes (as mpc's seek), and how each resolves against the song.
import Testing

@testable import tunes

struct SeekTargetTests {
  @Test(arguments: [
    ("90", SeekTarget.Kind.absolute(90)), ("1:30", .absolute(90)), ("1:02:03", .absolute(3723)),
    ("0:05.5", .absolute(5.5)), ("+10", .relative(10)), ("-5", .relative(-5)), ("+1:00", .relative(60)),
    ("-0:30", .relative(-30)), ("50%", .percent(50)), ("12.5%", .percent(12.5)), ("0", .absolute(0)),
  ])
  func parsesEveryForm(text: String, kind: SeekTarget.Kind) {
    #expect(SeekTarget.parse(text)?.kind == kind)
  }

  @Test(arguments: ["", "+", "abc", "1:60", "1:2:3:4", "101%", "+10%", "-5%", "1::2", "1:-2", "nan", "inf", "1e3", "%"])
  func refusesWhatIsNoPosition(text: String) {
    #expect(SeekTarget.parse(text) == nil)
  }

  @Test func resolvesAgainstTheSong() throws {
    #expect(try SeekTarget.parse("50%")!.position(elapsed: 10, length: 200) == 100)
    #expect(try SeekTarget.parse("+10")!.position(elapsed: 10, length: 200) == 20)
    // Back past the start lands on the start.
    #expect(try SeekTarget.parse("-30")!.position(elapsed: 10, length: 200) == 0)
    #expect(try SeekTarget.parse("3:20")!.position(elapsed: 10, length: 200) == 200)
    #expect(throws: SeekTarget.Refusal.pastEnd(target: 201, length: 200)) {
      try SeekTarget.parse("3:21")!.position(elapsed: 10, length: 200)
    }
    #expect(throws: SeekTarget.Refusal.pastEnd(target: 210, length: 200)) {
      try SeekTarget.parse("+20")!.position(elapsed: 190, length: 200)
    }
    #expect(throws: SeekTarget.Refusal.unknownLength) { try SeekTarget.parse("10%")!.position(elapsed: 0, length: nil) }
    // An unknown length refuses nothing else.
    #expect(try SeekTarget.parse("1:00")!.position(elapsed: 0, length: nil) == 60)
  }
}
