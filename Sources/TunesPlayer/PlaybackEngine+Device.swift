// The engine's hold on the files and the device: opening a track's decoder and reading its chunks,
// opening the sink in a track's format (reopened only when the format changes), dropping or closing what
// is queued in it, and a failure of either told to the Player. Runs on the engine thread.
import Foundation
import TunesCore

extension PlaybackEngine {
  /// Reads up to `capacity` bytes of `active`, the track being written, into `buffer` and reports the
  /// decoder's warnings: the one read of a chunk, plain or under a fade. At the end of the track, or when
  /// the decoder fails mid-song (told to the Player as the track's failure), the track ends there, and so
  /// does any fade into it; nil says there is nothing to write.
  func readChunk(of active: Active, capacity: Int) -> Int? {
    let frames: Int
    do {
      frames = try active.decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<capacity]))
    } catch {
      send(.failed(token: active.track.token, path: active.track.path, message: "\(error)"))
      fadingOut = nil
      atEnd = true
      reportWarnings(active)
      return nil
    }
    reportWarnings(active)
    guard frames > 0 else {
      fadingOut = nil
      atEnd = true
      return nil
    }
    active.decoded += frames
    return frames
  }

  func open(_ track: EngineTrack) -> AudioDecoder? {
    do {
      // Its first frames are read now: a file with no audio is refused here, like one that cannot be opened.
      return try ProbedDecoder(opening: decoders.makeDecoder(path: track.path), path: track.path)
    } catch {
      send(.failed(token: track.token, path: track.path, message: "\(error)"))
      return nil
    }
  }

  func openSink(_ format: AudioFormat) -> Bool {
    guard sinkFormat != format else { return true }
    do {
      try sink.open(format: format)
      sinkFormat = format
      written = 0
      return true
    } catch {
      fail(error)
      return false
    }
  }

  func dropAll() {
    // A paused device is dropped too, so the next play never writes into a paused stream.
    if !tracks.isEmpty || sinkPaused { try? sink.drop() }
    sinkPaused = false
    written = 0
    closeAll()
  }

  func closeAll() {
    tracks = []
    next = .unknown
    atEnd = false
    fadingOut = nil
    dropPending()
  }

  /// Forgets decoded samples the sink never took (the track they belong to was dropped or moved).
  func dropPending() {
    pendingStart = 0
    pendingEnd = 0
  }

  func fail(_ error: Error) {
    try? sink.drop()
    closeAll()
    paused = false
    sinkFormat = nil
    send(.outputFailed("\(error)"))
  }
}
