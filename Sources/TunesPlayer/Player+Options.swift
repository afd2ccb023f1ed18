// The mixer and the play options (MPD's `setvol`, `repeat`, `single`, `consume`; `random` is in
// Player+Shuffle). An option changes what follows the current song, so the engine is told the new next
// track at once.
import TunesCore

extension Player {
  /// Setting the volume it already has is still a `mixer` change, as in MPD: a client that set it hears back.
  public func setVolume(_ value: Int) {
    ensureStarted()
    let clamped = min(max(value, 0), 100)
    if clamped != volume {
      volume = clamped
      engine.setVolume(clamped)
    }
    changed([.mixer])
  }

  public func changeVolume(by delta: Int) { setVolume(volume + delta) }

  public func setRepeat(_ mode: RepeatMode) {
    ensureStarted()
    guard mode != repeatMode else { return }
    repeatMode = mode
    optionsChanged()
  }

  public func setSingle(_ mode: SingleMode) {
    ensureStarted()
    guard mode != single else { return }
    single = mode
    optionsChanged()
  }

  public func setSingle(_ on: Bool) { setSingle(on ? SingleMode.on : .off) }

  public func setConsume(_ on: Bool) {
    ensureStarted()
    guard on != consume else { return }
    consume = on
    optionsChanged()
  }

  private func optionsChanged() {
    changed([.options])
    replanNext()
  }
}
