// The position the Player reads between the engine's writes: the frames heard at the write, plus what
// the device has played since of the audio then waiting in it, never more.
import Testing

@testable import TunesPlayer

@Suite struct HeldPositionTests {
  let held = HeldPosition(token: 1, frames: 44_100, after: 3, unheard: 22_050, at: 10, sampleRate: 44_100)

  @Test func theDeviceGoesOnPlayingAfterTheWrite() {
    #expect(held.frames(at: 10) == 44_100)
    #expect(held.frames(at: 10.25) == 44_100 + 11_025)
  }

  @Test func neverPastWhatWasWritten() {
    #expect(held.frames(at: 10.5) == 44_100 + 22_050)
    #expect(held.frames(at: 60) == 44_100 + 22_050)
  }

  @Test func aClockBeforeTheWriteGivesTheWrite() {
    #expect(held.frames(at: 9) == 44_100)
  }

  @Test func aDeviceThatDoesNotPlayInRealTimeStaysPut() {
    var still = held
    still.unheard = 0
    #expect(still.frames(at: 11) == 44_100)
  }
}
