// `tunes play` refuses options that contradict each other instead of dropping one silently.
import Foundation
import Testing

struct PlayOptionsTests {
  @Test(arguments: [
    (["play", "--resume", "zoe"], "--resume continues the saved queue"),
    (["play", "--resume", "--album", "Day"], "--resume continues the saved queue"),
    (["play", "--seed", "3", "zoe"], "--seed only seeds --shuffle"),
  ])
  func contradictoryOptionsAreRefused(arguments: [String], message: String) throws {
    let sandbox = try TunesSandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result)")
    #expect(result.stdout.isEmpty)
  }
}
