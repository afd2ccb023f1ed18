// `status` floats as mpd 0.23 writes them: each expectation below is what a real mpd answered for the
// same `mixrampdb` / `mixrampdelay` argument (a float's shortest digits for the threshold, the float
// widened to a double for the delay, plain notation unless the exponent is below -4 or 16 and above).
// Tests/MPDDifferential/cases/34-mixramp.mpd compares the whole exchange with mpd itself.
import Testing

@testable import TunesMPD

@Suite struct MPDFloatTests {
  @Test func theThresholdIsAFloatsShortestDigits() {
    #expect(MPDFloat.format(Float(0)) == "0")
    #expect(MPDFloat.format(Float("-0")!) == "0")
    #expect(MPDFloat.format(Float("-17.5")!) == "-17.5")
    #expect(MPDFloat.format(Float("0.1")!) == "0.1")
    #expect(MPDFloat.format(Float(".5")!) == "0.5")
    #expect(MPDFloat.format(Float("1e3")!) == "1000")
    #expect(MPDFloat.format(Float("12345678.9")!) == "12345679")
    #expect(MPDFloat.format(Float("inf")!) == "inf")
  }

  @Test func theDelayIsTheFloatWidenedToADouble() {
    #expect(MPDFloat.format(Double(Float("2")!)) == "2")
    #expect(MPDFloat.format(Double(Float("0.1")!)) == "0.10000000149011612")
    #expect(MPDFloat.format(Double(Float("1.5e1")!)) == "15")
    #expect(MPDFloat.format(Double(Float("1234567.25")!)) == "1234567.25")
    #expect(MPDFloat.format(Double(Float("1e-7")!)) == "1.0000000116860974e-07")
  }

  @Test func largeAndSmallNumbersSwitchToExponents() {
    #expect(MPDFloat.format(1e16) == "1e+16")
    #expect(MPDFloat.format(1234567890123456.0) == "1234567890123456")
    #expect(MPDFloat.format(0.0001) == "0.0001")
    #expect(MPDFloat.format(0.00001) == "1e-05")
  }
}
