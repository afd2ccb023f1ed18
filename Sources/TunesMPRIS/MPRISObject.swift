// The /org/mpris/MediaPlayer2 object: the answers to the getters, setters and methods of sd-bus's
// tables (Sources/CSDBus/shim.h), and the signals sent when the Player's state changes. Lives on the
// bus thread: `state` is the last picture of the Player, replaced only by newer ones; methods hand
// their work to the PlayerBackend and reply once the Player has done it and its state is pictured.
import CSDBus
import Foundation

/// A call message kept (sd_bus_message_ref) until its reply is sent from the bus thread.
private struct HeldCall: @unchecked Sendable {
  let message: OpaquePointer
}

final class MPRISObject: @unchecked Sendable {
  // @unchecked: `state` is read and written on the bus thread only; the rest is immutable.
  static let path = "/org/mpris/MediaPlayer2"
  static let rootInterface = "org.mpris.MediaPlayer2"
  static let playerInterface = "org.mpris.MediaPlayer2.Player"
  static let supportedMimeTypes = [
    "audio/mpeg", "audio/flac", "audio/x-flac", "audio/ogg", "audio/x-vorbis+ogg", "audio/opus", "audio/mp4", "audio/x-m4a",
  ]
  /// The longest the bus thread waits for the Player to carry out a property's new value.
  static let setLimit = 30.0

  let thread: BusThread
  let control: MPRISControl
  let observation: PlayerObservation
  private(set) var state: MPRISState

  init(thread: BusThread, control: MPRISControl, observation: PlayerObservation, state: MPRISState) {
    self.thread = thread
    self.control = control
    self.observation = observation
    self.state = state
  }

  /// Adds both interfaces to the bus (on the bus thread); a negative errno when sd-bus refuses.
  func publish(on bus: OpaquePointer) -> Int32 {
    let me = Unmanaged.passUnretained(self).toOpaque()
    let root = sd_bus_add_object_vtable(bus, nil, Self.path, Self.rootInterface, tunes_mpris_root_vtable(), me)
    guard root >= 0 else { return root }
    return sd_bus_add_object_vtable(bus, nil, Self.path, Self.playerInterface, tunes_mpris_player_vtable(), me)
  }

  // MARK: the Player's changes, out

  /// On the bus thread: a newer picture replaces the state and the properties that changed are
  /// announced; a seek is announced with its new position.
  func apply(_ fact: MPRISFact) {
    guard let bus = thread.bus else { return }
    switch fact {
    case .state(let new):
      guard new.version >= state.version else { return }
      let names = new.changedProperties(from: state)
      state = new
      guard !names.isEmpty else { return }
      var list: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
      defer { for name in list { free(name) } }
      _ = sd_bus_emit_properties_changed_strv(bus, Self.path, Self.playerInterface, &list)
    case .seeked(let positionUs):
      var signal: OpaquePointer?
      guard sd_bus_message_new_signal(bus, &signal, Self.path, Self.playerInterface, "Seeked") >= 0, let signal else { return }
      defer { sd_bus_message_unref(signal) }
      var writer = BusWriter(signal)
      writer.int64(positionUs)
      if writer.result >= 0 { _ = sd_bus_send(bus, signal, nil) }
    }
  }

  // MARK: properties

  func get(_ property: String, into reply: OpaquePointer) -> Int32 {
    var w = BusWriter(reply)
    switch property {
    case "CanQuit", "CanControl": w.bool(true)
    case "CanRaise", "HasTrackList": w.bool(false)
    case "Identity", "DesktopEntry": w.string("tunes")
    case "SupportedUriSchemes": w.strings(["file"])
    case "SupportedMimeTypes": w.strings(Self.supportedMimeTypes)
    case "PlaybackStatus": w.string(state.playbackStatus)
    case "LoopStatus": w.string(state.loopStatus)
    case "Rate", "MinimumRate", "MaximumRate": w.double(1)
    case "Shuffle": w.bool(state.shuffle)
    case "Metadata": w.metadata(state.metadata)
    case "Volume": w.double(state.volume)
    // Asked of the Player each time: clients compute the position from it and the Seeked signal.
    case "Position": w.int64(state.playbackStatus == "Stopped" ? 0 : observation.livePositionUs() ?? state.positionUs)
    case "CanGoNext": w.bool(state.canGoNext)
    case "CanGoPrevious": w.bool(state.canGoPrevious)
    case "CanPlay": w.bool(state.canPlay)
    case "CanPause": w.bool(state.canPause)
    case "CanSeek": w.bool(state.canSeek)
    default: return -EINVAL
    }
    return w.result
  }

  /// A new value for Volume, Shuffle, LoopStatus or Rate: carried out by the Player before the Set
  /// call returns, and announced (PropertiesChanged) with the state pictured after it.
  func set(_ property: String, from value: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    let reader = BusReader(value)
    let control = self.control
    let change: @Sendable () async throws -> Void
    switch property {
    case "Volume":
      guard let volume = reader.double() else { return -EINVAL }
      change = { try await control.setVolume(volume) }
    case "Shuffle":
      guard let on = reader.bool() else { return -EINVAL }
      change = { try await control.setShuffle(on) }
    case "LoopStatus":
      guard let status = reader.string() else { return -EINVAL }
      change = { try await control.setLoop(status) }
    case "Rate":
      guard let rate = reader.double() else { return -EINVAL }
      guard rate == 1 else { return BusReply.refuse(error, .invalidArgs("tunes plays at rate 1.0 only")) }
      return 0
    default:
      return -EINVAL
    }
    switch carryOut(change) {
    case .success(let new):
      apply(.state(new))
      return 0
    case .failure(let failure):
      return BusReply.refuse(error, failure as? MPRISRefusal ?? .failed("\(failure)"))
    }
  }

  /// Runs `change` on the Player and pictures the state after it, waiting on this thread (Set has no
  /// later reply in sd-bus); the Player never waits for this thread, so the wait always ends.
  private func carryOut(_ change: @escaping @Sendable () async throws -> Void) -> Result<MPRISState, any Error> {
    let outcome = LockedValue<Result<MPRISState, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let observation = self.observation
    Task {
      do {
        try await change()
        outcome.set(.success(await observation.currentState()))
      } catch {
        outcome.set(.failure(error))
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + Self.setLimit) == .success, let result = outcome.get() else {
      return .failure(MPRISRefusal.failed("the player did not answer"))
    }
    return result
  }

  // MARK: methods

  func call(_ message: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let member = sd_bus_message_get_member(message).map({ String(cString: $0) }) else { return -EINVAL }
    let control = self.control
    let reader = BusReader(message)
    switch member {
    case "Raise":
      // No window to raise (CanRaise is false); the call is answered and does nothing.
      BusReply.success(message)
      return 1
    case "Quit":
      // Answered first: the player ends, and this connection with it.
      BusReply.success(message)
      Task { try? await control.quit() }
      return 1
    case "Play": return later(message) { try await control.play() }
    case "Pause": return later(message) { try await control.pause() }
    case "PlayPause": return later(message) { try await control.playPause() }
    case "Stop": return later(message) { try await control.stop() }
    case "Next": return later(message) { try await control.next() }
    case "Previous": return later(message) { try await control.previous() }
    case "Seek":
      guard let offset = reader.int64() else { return -EINVAL }
      return later(message) { await control.seek(byUs: offset) }
    case "SetPosition":
      guard let track = reader.string("o"), let position = reader.int64() else { return -EINVAL }
      let current = state.metadata
      return later(message) { await control.setPosition(trackID: track, positionUs: position, current: current) }
    case "OpenUri":
      guard let uri = reader.string() else { return -EINVAL }
      return later(message) { try await control.openURI(uri) }
    default:
      return BusReply.refuse(error, MPRISRefusal(name: "org.freedesktop.DBus.Error.UnknownMethod", message: member))
    }
  }

  /// Hands `work` to the Player and replies from the bus thread when it is done, after the state it
  /// left is applied; the bus serves other calls meanwhile.
  private func later(_ message: OpaquePointer, _ work: @escaping @Sendable () async throws -> Void) -> Int32 {
    let held = HeldCall(message: sd_bus_message_ref(message))
    let observation = self.observation
    Task {
      let outcome: Result<MPRISState, any Error>
      do {
        try await work()
        outcome = .success(await observation.currentState())
      } catch {
        outcome = .failure(error)
      }
      thread.post { [self] in
        switch outcome {
        case .success(let new):
          apply(.state(new))
          BusReply.success(held.message)
        case .failure(let failure):
          BusReply.failure(held.message, failure)
        }
        sd_bus_message_unref(held.message)
      }
    }
    return 1
  }
}

// MARK: the functions sd-bus's tables point at

@_cdecl("tunes_mpris_get")
func tunesMPRISGet(
  _ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
  _ property: UnsafePointer<CChar>?, _ reply: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
  _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
  guard let property, let reply, let userdata else { return -EINVAL }
  return Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue().get(String(cString: property), into: reply)
}

@_cdecl("tunes_mpris_set")
func tunesMPRISSet(
  _ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
  _ property: UnsafePointer<CChar>?, _ value: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
  _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
  guard let property, let value, let userdata else { return -EINVAL }
  return Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue().set(
    String(cString: property), from: value, error: error)
}

@_cdecl("tunes_mpris_call")
func tunesMPRISCall(
  _ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
  guard let message, let userdata else { return -EINVAL }
  return Unmanaged<MPRISObject>.fromOpaque(userdata).takeUnretainedValue().call(message, error: error)
}
