// The development harnesses as a user runs them: tunes-decode to stdout and to a device, and its errors.
import Foundation
import Testing
import TunesCore

@Suite struct HarnessTests {
  @Test func tunesDecodeWritesTheFilesAsOneGaplessStream() throws {
    let fixtures = try Fixtures.get()
    let run = try runHarness("tunes-decode", [fixtures.stereo44, fixtures.vbr])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(run.output == (try Fixtures.mpg123Reference(fixtures.stereo44) + Fixtures.mpg123Reference(fixtures.vbr)))
  }

  @Test func tunesDecodeSeeksInTheFirstFile() throws {
    let fixtures = try Fixtures.get()
    let run = try runHarness("tunes-decode", ["--seek", "12345", fixtures.stereo44])
    #expect(run.status == 0)
    #expect(run.output == Array(try Fixtures.mpg123Reference(fixtures.stereo44)[(12345 * 4)...]))
  }

  @Test func tunesDecodePlaysThroughADevice() throws {
    let fixtures = try Fixtures.get()
    let out = fixtures.scratch("harness.raw")
    let run = try runHarness(
      "tunes-decode", ["--play", "file:'\(out)',raw", "--pace", "max", fixtures.noInfo, fixtures.stereo44])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(try bytes(of: out) == (try Fixtures.mpg123Reference(fixtures.noInfo) + Fixtures.mpg123Reference(fixtures.stereo44)))
  }

  @Test func tunesDecodeReportsABadFileAndGoesOn() throws {
    let fixtures = try Fixtures.get()
    let missing = fixtures.directory + "/gone.mp3"
    let run = try runHarness("tunes-decode", [missing, fixtures.mono32])
    #expect(run.status == ExitStatus.noInput.rawValue)
    #expect(run.errors.split(separator: "\n").count == 1)
    #expect(run.errors.contains(missing))
    #expect(run.output == (try Fixtures.mpg123Reference(fixtures.mono32)))
  }

  @Test func tunesDecodeWarnsAboutDamagedFrames() throws {
    let run = try runHarness("tunes-decode", [try Fixtures.get().damaged])
    #expect(run.status == 0)
    #expect(run.errors.contains("damaged.mp3: frame "))
  }

  @Test(arguments: [[String](), ["--seek"], ["--pace", "slow", "x.mp3"], ["--bogus", "x.mp3"]])
  func tunesDecodeRejectsBadArguments(arguments: [String]) throws {
    let run = try runHarness("tunes-decode", arguments)
    #expect(run.status == ExitStatus.usage.rawValue)
    #expect(run.errors.contains("usage:"))
  }

  @Test func tunesPlayRawPlaysStdinThroughADevice() throws {
    let fixtures = try Fixtures.get()
    let pcm = fixtures.scratch("in.raw")
    let out = fixtures.scratch("played.raw")
    let reference = try Fixtures.mpg123Reference(fixtures.mono32)
    try Data(reference).write(to: URL(fileURLWithPath: pcm))
    guard let tool = harness("tunes-play-raw") else { throw FixtureError(description: "tunes-play-raw not built") }
    let result = try ChildProcess.run(
      tool, ["--device", "file:'\(out)',raw", "--rate", "32000", "--channels", "1", "--pace", "max"], input: .file(pcm))
    #expect(result.status == 0, "\(result)")
    #expect(try bytes(of: out) == reference)
  }
}
