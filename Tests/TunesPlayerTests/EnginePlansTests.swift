// The engine's tokens as the Player keeps them: a started track retires every older plan, a failure
// says whether it still matters, and the track written ahead is told apart from the one heard.
import Testing

@testable import TunesPlayer

@Suite struct EnginePlansTests {
  @Test func aStartedPlayRetiresEveryOlderPlan() {
    var plans = EnginePlans()
    let first = plans.play(PlayPlan(itemID: 1))
    let second = plans.play(PlayPlan(itemID: 2))
    let startedSecond = plans.started(second)
    #expect(startedSecond?.itemID == 2)
    #expect(plans.current == second)
    // The older play can no longer start, and its failure is no news.
    let startedFirst = plans.started(first)
    #expect(startedFirst == nil)
    let failure = plans.failed(first)
    #expect(failure.plan == nil && !failure.wasPlay && !failure.wasNext)
  }

  @Test func theTrackWrittenAheadIsToldApartFromTheOneHeard() {
    var plans = EnginePlans()
    let heard = plans.play(PlayPlan(itemID: 1))
    // A play is written before it is heard: until then it is ahead of nothing heard.
    let writtenBeforeHeard = plans.engineWrites(heard)
    #expect(writtenBeforeHeard)
    _ = plans.started(heard)
    #expect(plans.written == heard && plans.writtenAhead == nil)
    let next = plans.planNext(PlayPlan(itemID: 2))
    #expect(plans.plannedNextPlan?.itemID == 2)
    // Writing the planned track: it is ahead of the one heard, and no longer the plan for what follows.
    let nextIsAhead = plans.engineWrites(next)
    #expect(nextIsAhead)
    #expect(plans.written == next && plans.writtenAhead?.itemID == 2)
    #expect(plans.plannedNext == nil)
    #expect(plans.isHeardOrWritten(heard) && plans.isHeardOrWritten(next))
    // Once heard, it is the current track and nothing is ahead.
    let startedNext = plans.started(next)
    #expect(startedNext?.itemID == 2)
    #expect(plans.current == next && plans.writtenAhead == nil)
  }

  @Test func aFailureSaysWhetherItWasAPlayOrTheNextTrack() {
    var plans = EnginePlans()
    let play = plans.play(PlayPlan(itemID: 1))
    let failedPlay = plans.failed(play)
    #expect(failedPlay.plan?.itemID == 1 && failedPlay.wasPlay && !failedPlay.wasNext)
    let heard = plans.play(PlayPlan(itemID: 2))
    _ = plans.started(heard)
    let next = plans.planNext(PlayPlan(itemID: 3))
    let failedNext = plans.failed(next)
    #expect(failedNext.plan?.itemID == 3 && !failedNext.wasPlay && failedNext.wasNext)
  }

  @Test func aNewPlayOrAnEmptiedEngineForgetsWhatWasPlannedNext() {
    var plans = EnginePlans()
    let heard = plans.play(PlayPlan(itemID: 1))
    _ = plans.started(heard)
    _ = plans.planNext(PlayPlan(itemID: 2))
    _ = plans.play(PlayPlan(itemID: 3))
    #expect(plans.plannedNext == nil)
    _ = plans.planNext(PlayPlan(itemID: 4))
    _ = plans.engineWrites(plans.plannedNext!)
    plans.engineEmptied()
    #expect(plans.current == nil && plans.written == nil && plans.plannedNext == nil && plans.writtenAhead == nil)
  }
}
