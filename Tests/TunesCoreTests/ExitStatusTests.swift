// The exit statuses scripts rely on (sysexits(3) numbers), and the helper that takes an error's
// leading path off its text.
import Testing
import TunesCore

@Suite struct ExitStatusTests {
  @Test func statusesKeepTheirSysexitsNumbers() {
    let expected: [(TunesCore.ExitStatus, Int32)] = [
      (.ok, 0), (.partial, 1), (.usage, 64), (.dataError, 65), (.noInput, 66), (.unavailable, 69),
      (.software, 70), (.ioError, 74), (.tempFailure, 75), (.noPermission, 77), (.config, 78),
    ]
    for (status, number) in expected { #expect(status.rawValue == number, "\(status)") }
  }

  @Test func leadingPathComesOffOnlyWhenTheTextOpensWithIt() {
    #expect("/m/a.mp3: bad frame".withoutLeadingPath("/m/a.mp3") == "bad frame")
    #expect("/m/a.mp3:bad frame".withoutLeadingPath("/m/a.mp3") == "/m/a.mp3:bad frame")
    #expect("bad frame in /m/a.mp3: x".withoutLeadingPath("/m/a.mp3") == "bad frame in /m/a.mp3: x")
    #expect("/m/a.mp3: ".withoutLeadingPath("/m/a.mp3") == "")
    #expect("/m/a.mp3x: y".withoutLeadingPath("/m/a.mp3") == "/m/a.mp3x: y")
  }
}
