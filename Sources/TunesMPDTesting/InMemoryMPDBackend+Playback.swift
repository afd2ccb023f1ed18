// The in-memory backend's transport: play, pause, stop, next, previous and seeking, over its queue
// position and a clock that only moves when a client seeks.
import Foundation
import TunesMPD

extension InMemoryMPDBackend {

  public func play(position: Int?) throws {
    record("play \(position.map(String.init) ?? "")")
    if let position {
      guard position < queueItems.count else { throw MPDError.argument("Bad song index") }
      current = position
      state.elapsed = 0
    } else if current == nil {
      guard !queueItems.isEmpty else { return }
      current = 0
      state.elapsed = 0
    }
    state.state = .play
    emit([.player])
  }

  public func play(id: Int) throws {
    record("playid \(id)")
    guard let position = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    current = position
    state.elapsed = 0
    state.state = .play
    emit([.player])
  }

  public func pause(_ paused: Bool?) {
    record("pause \(paused.map { $0 ? "1" : "0" } ?? "")")
    guard state.state != .stop else { return }
    let pause = paused ?? (state.state == .play)
    state.state = pause ? .pause : .play
    emit([.player])
  }

  public func stop() {
    record("stop")
    state.state = .stop
    state.elapsed = nil
    emit([.player])
  }

  public func next() {
    record("next")
    guard let position = current, state.state != .stop else { return }
    if position + 1 < queueItems.count {
      current = position + 1
    } else if state.repeatMode {
      current = 0
    } else {
      state.state = .stop
    }
    // Moving to another song while paused plays it, as MPD does.
    if state.state == .pause { state.state = .play }
    state.elapsed = 0
    emit([.player])
  }

  public func previous() {
    record("previous")
    guard let position = current, state.state != .stop else { return }
    current = max(position - 1, 0)
    state.state = .play
    state.elapsed = 0
    emit([.player])
  }

  public func seek(position: Int, to seconds: Double) throws {
    record("seek \(position) \(seconds)")
    guard position < queueItems.count else { throw MPDError.argument("Bad song index") }
    current = position
    try seekTo(seconds)
  }

  public func seek(id: Int, to seconds: Double) throws {
    record("seekid \(id) \(seconds)")
    guard let position = queueItems.firstIndex(where: { $0.song.id == id }) else { throw MPDError.noExist("No such song") }
    current = position
    try seekTo(seconds)
  }

  public func seekCurrent(_ target: MPDSeekTarget) throws {
    switch target {
    case .absolute(let seconds):
      record("seekcur \(seconds)")
      try seekTo(seconds)
    case .relative(let delta):
      record("seekcur \(delta >= 0 ? "+" : "")\(delta)")
      try seekTo((state.elapsed ?? 0) + delta)
    }
  }

  func seekTo(_ seconds: Double) throws {
    guard let current, current < queueItems.count else { throw MPDError(.playerSync, "Not playing") }
    let duration = queueItems[current].song.duration ?? .infinity
    state.elapsed = min(max(seconds, 0), duration)
    if state.state == .stop { state.state = .play }
    emit([.player])
  }
}
