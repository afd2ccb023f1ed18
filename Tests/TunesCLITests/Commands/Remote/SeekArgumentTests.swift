// `tunes seek WORD` with a word that is no position names the word: "expected one position" once
// answered `tunes seek abc`, which reads as if no position had been given.
import Foundation
import Testing

@Suite struct SeekArgumentTests {
  @Test func aWordThatIsNoPositionIsNamed() throws {
    let sandbox = try TunesSandbox()
    for word in ["abc", "1:75", "150%x"] {
      let result = try sandbox.run(["seek", word], useDatabase: false)
      #expect(result.status == 64, "\(word): \(result)")
      #expect(result.stderr.contains("'\(word)' is not a position"), "\(word): \(result)")
    }
    let none = try sandbox.run(["seek"], useDatabase: false)
    #expect(none.status == 64, "\(none)")
    #expect(none.stderr.contains("expected one position"), "\(none)")
  }
}
