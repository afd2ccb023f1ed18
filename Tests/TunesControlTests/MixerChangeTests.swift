// The player backend's mixer changes as MPD reports them: `setvol` wakes `mixer` idlers even when the
// volume stays what it was (the Player itself reports only changes).
import Testing
import TunesMPD

@Suite struct MixerChangeTests {
  @Test func settingTheSameVolumeIsAMixerChange() async throws {
    let h = try await Harness.start(.player)
    defer { h.stop() }
    let volume = try #require(try await h.backend.status().volume)
    let changes = await h.backend.changes()
    try await h.backend.setVolume(volume)
    // The first change, or nil when none comes within a minute (one that comes ends the wait at once).
    let first = await withTaskGroup(of: Set<MPDSubsystem>?.self) { group in
      group.addTask {
        var iterator = changes.makeAsyncIterator()
        return await iterator.next()
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(60))
        return nil
      }
      let result = await group.next() ?? nil
      group.cancelAll()
      return result
    }
    #expect(first == [.mixer])
  }
}
