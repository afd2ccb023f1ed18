// What each MPRIS method and writable property does, as calls on the PlayerBackend the MPD server
// uses: `playerctl play-pause` is MPD's `pause`, LoopStatus is MPD's repeat + single, OpenUri is
// `addid` + `playid`. Going through the same calls keeps MPRIS and MPD from ever doing a thing two ways.
import Foundation
import TunesControl
import TunesMPD

/// A refusal an MPRIS client is told of (a D-Bus error reply).
struct MPRISRefusal: Error, Sendable {
  /// The D-Bus error name.
  var name: String
  var message: String

  static func invalidArgs(_ message: String) -> MPRISRefusal {
    MPRISRefusal(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
  }
  static func failed(_ message: String) -> MPRISRefusal {
    MPRISRefusal(name: "org.freedesktop.DBus.Error.Failed", message: message)
  }
}

struct MPRISControl: Sendable {
  let backend: PlayerBackend

  func play() async throws { try await backend.play(position: nil) }
  func pause() async throws { try await backend.pause(true) }
  /// Paused or stopped: plays; playing: pauses (MPD's `pause` without an argument).
  func playPause() async throws { try await backend.pause(nil) }
  func stop() async throws { try await backend.stop() }
  func next() async throws { try await backend.next() }
  func previous() async throws { try await backend.previous() }
  func quit() async throws { try await backend.shutdown() }

  /// Seek by `offsetUs` from the present position; stopped, nothing happens (as the specification asks).
  func seek(byUs offsetUs: Int64) async {
    try? await backend.seekCurrent(.relative(Double(offsetUs) / 1_000_000))
  }

  /// Seek to `positionUs` when `trackID` is still the current track and the position is inside it;
  /// otherwise nothing happens (as the specification asks).
  func setPosition(trackID: String, positionUs: Int64, current: MPRISMetadata?) async {
    guard let current, current.trackID == trackID, positionUs >= 0 else { return }
    if let length = current.lengthUs, positionUs > length { return }
    try? await backend.seekCurrent(.absolute(Double(positionUs) / 1_000_000))
  }

  /// A local file of the library, as a file:// URI: appended to the queue and played.
  func openURI(_ uri: String) async throws {
    guard let url = URL(string: uri), url.isFileURL, url.path.hasPrefix("/") else {
      throw MPRISRefusal.invalidArgs("only file:// URIs of local files can be opened: \(uri)")
    }
    do {
      let id = try await backend.addID(uri: url.path, position: nil)
      try await backend.play(id: id)
    } catch let error as MPDError {
      throw MPRISRefusal.failed("\(url.path): \(error.message) (only songs of the library play; index it first)")
    }
  }

  /// 0…1 onto MPD's 0…100; below 0 is 0 (the specification), above 1 is the loudest the player plays.
  func setVolume(_ volume: Double) async throws {
    guard !volume.isNaN else { throw MPRISRefusal.invalidArgs("Volume must be a number") }
    try await backend.setVolume(Int((min(max(volume, 0), 1) * 100).rounded()))
  }

  func setShuffle(_ on: Bool) async throws { try await backend.setRandom(on) }

  /// None, Track or Playlist onto MPD's repeat and single.
  func setLoop(_ status: String) async throws {
    switch status {
    case "None":
      try await backend.setSingle(.off)
      try await backend.setRepeat(false)
    case "Track":
      try await backend.setRepeat(true)
      try await backend.setSingle(.on)
    case "Playlist":
      try await backend.setSingle(.off)
      try await backend.setRepeat(true)
    default:
      throw MPRISRefusal.invalidArgs("LoopStatus is None, Track or Playlist, not \(status)")
    }
  }
}
