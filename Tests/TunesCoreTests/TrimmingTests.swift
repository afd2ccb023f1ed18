// trimmingEnds looks at the ends first and skips Foundation when there is nothing to trim; it must
// still trim exactly what trimmingCharacters does.
import Foundation
import Testing
import TunesCore

@Suite struct TrimmingTests {
  @Test(arguments: ["", " ", "x", " x", "x ", "  x y  ", "\tx\n", "x\u{00A0}", "é ", " ☕️", "a b"])
  func agreesWithTrimmingCharacters(text: String) {
    #expect(text.trimmingEnds(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test func trimsOnlyTheGivenSet() {
    #expect("--x--".trimmingEnds(in: CharacterSet(charactersIn: "-")) == "x")
    #expect(" x ".trimmingEnds(in: CharacterSet(charactersIn: "-")) == " x ")
    #expect("-x ".trimmingEnds(in: CharacterSet(charactersIn: "-")) == "x ")
  }
}
