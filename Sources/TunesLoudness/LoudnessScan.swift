// Measures many songs' loudness on every core: worker threads take songs one at a time, album by album,
// each decoded once; when an album's last song is measured, the album's loudness is computed from its
// songs' meters and the album's results are handed over at once (so what was measured before a
// Ctrl-C is kept, and an album is never kept half measured, which would make its album gain wrong).
// Files are decoded through DecoderFactory, the player's own choice by content, and nothing else: a
// decoder picked by anything but the file's bytes (libmpg123 on a FLAC) makes up audio. A value is kept
// only from a clean decode: an error, a decoder warning (lost sync, a skipped frame, a hole) or fewer
// frames than the stream declares is reported and gives no value, and a silent file gives none either.
// An album gets album values only when every one of its songs decoded cleanly; otherwise the first song
// that failed is named with the album's results.
import Foundation
import TunesCore
import TunesDecoder

/// A song to measure.
public struct LoudnessItem: Sendable, Equatable {
  public var songID: Int64
  public var path: String
  /// The song row's `fileMtime`, kept with the result so a changed file is measured again.
  public var fileMtime: Double?
  public init(songID: Int64, path: String, fileMtime: Double?) {
    self.songID = songID
    self.path = path
    self.fileMtime = fileMtime
  }
}

/// One song's measurement, with its album's when it has one.
public struct LoudnessResult: Sendable, Equatable {
  public var item: LoudnessItem
  public var integratedLUFS: Double
  public var truePeak: Double
  public var albumLUFS: Double?
  public var albumPeak: Double?
  public var trackGain: Double { LoudnessMeter.gain(lufs: integratedLUFS) }
  public var albumGain: Double? { albumLUFS.map { LoudnessMeter.gain(lufs: $0) } }
}

/// What one group's measuring gave: a result for each song with a value, and for an album left without
/// album values because of a song, that song. `items` are every song of the group, so that what was kept
/// for a song that now gives no value is dropped with the rest.
public struct LoudnessOutcome: Sendable, Equatable {
  public var items: [LoudnessItem]
  public var results: [LoudnessResult]
  public var isAlbum: Bool
  /// The album's first song that did not decode cleanly (nil when all did, or for a song without album).
  public var albumSpoiledBy: String?
}

public final class LoudnessScan: @unchecked Sendable {
  // @unchecked: the mutable fields are guarded by `lock`; decoders and meters belong to one worker at a time.
  /// Songs grouped by album (a song without an album is a group of its own); `isAlbum` says whether the
  /// group gets album values.
  public struct Group: Sendable {
    public var items: [LoudnessItem]
    public var isAlbum: Bool
    public init(items: [LoudnessItem], isAlbum: Bool) {
      self.items = items
      self.isAlbum = isAlbum
    }
  }

  private let groups: [Group]
  /// The player's decoder choice, by the file's content; not a parameter, so no caller can measure
  /// through another.
  private let decoders = DecoderFactory()
  private let lock = NSLock()
  private var nextGroup = 0
  private var nextItem = 0
  /// Per song: its meter when it decoded cleanly (silent or not), nil when it failed or is not done.
  private var meters: [[LoudnessMeter?]]
  private var remaining: [Int]
  private var stopping = false

  public init(groups: [Group]) {
    self.groups = groups.filter { !$0.items.isEmpty }
    meters = self.groups.map { Array(repeating: nil, count: $0.items.count) }
    remaining = self.groups.map(\.items.count)
  }

  /// Stops taking songs and cuts the ones being decoded short; albums already finished stay finished.
  public func stop() { lock.withLock { stopping = true } }

  private var isStopping: Bool { lock.withLock { stopping } }

  /// Measures everything on `workers` threads and returns when done or stopped. `measured` gets each
  /// finished group's outcome (from a worker thread, one call at a time); `failed` each file given no value.
  public func run(
    workers: Int, measured: @escaping @Sendable (LoudnessOutcome) -> Void,
    failed: @escaping @Sendable (LoudnessError) -> Void
  ) {
    let deliver = NSLock()
    DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
      while let (group, index) = take() {
        let item = groups[group].items[index]
        var meter: LoudnessMeter?
        do {
          meter = try measure(item.path)
          // Kept for the album (silence adds nothing above its gate) but given no value of its own.
          if let found = meter, !found.integratedLUFS.isFinite, !isStopping { failed(.silent(path: item.path)) }
        } catch let error as LoudnessError {
          meter = nil
          if !isStopping { failed(error) }
        } catch {
          meter = nil
          if !isStopping { failed(.unreadable(path: item.path, reason: "\(error)")) }
        }
        guard let finished = finish(group: group, index: index, meter: meter) else { continue }
        let outcome = self.outcome(of: group, meters: finished)
        // Checked under the delivery lock: a group waiting while `measured` stops the scan is not delivered.
        deliver.withLock { if !isStopping { measured(outcome) } }
      }
    }
  }

  /// The next song to measure, album by album; nil when all are taken or the scan is stopping.
  private func take() -> (Int, Int)? {
    lock.withLock {
      guard !stopping, nextGroup < groups.count else { return nil }
      let taken = (nextGroup, nextItem)
      nextItem += 1
      if nextItem == groups[nextGroup].items.count {
        nextGroup += 1
        nextItem = 0
      }
      return taken
    }
  }

  /// Records a song's meter; returns the group's meters when it was the group's last song.
  private func finish(group: Int, index: Int, meter: LoudnessMeter?) -> [LoudnessMeter?]? {
    lock.withLock {
      meters[group][index] = meter
      remaining[group] -= 1
      guard remaining[group] == 0 else { return nil }
      let done = meters[group]
      meters[group] = []
      return done
    }
  }

  private func outcome(of group: Int, meters: [LoudnessMeter?]) -> LoudnessOutcome {
    let items = groups[group].items
    let clean = zip(items, meters).compactMap { item, meter in meter.map { (item, $0) } }
    var albumLUFS: Double?
    var albumPeak: Double?
    // The album's loudness from a part of it would be a wrong album gain, applied to every song of it.
    let spoiledBy = zip(items, meters).first { $0.1 == nil }?.0.path
    if groups[group].isAlbum, spoiledBy == nil, !clean.isEmpty {
      let lufs = LoudnessMeter.integratedLUFS(of: clean.map(\.1))
      if lufs.isFinite {
        albumLUFS = lufs
        albumPeak = clean.map(\.1.truePeak).max()
      }
    }
    let results = clean.filter { $0.1.integratedLUFS.isFinite }.map { item, meter in
      LoudnessResult(
        item: item, integratedLUFS: meter.integratedLUFS, truePeak: meter.truePeak, albumLUFS: albumLUFS,
        albumPeak: albumPeak)
    }
    return LoudnessOutcome(
      items: items, results: results, isAlbum: groups[group].isAlbum,
      albumSpoiledBy: groups[group].isAlbum ? spoiledBy : nil)
  }

  /// Decodes the file once into a meter: the one place that reads a decoder here. Throws for anything
  /// short of a clean decode of the whole stream.
  func measure(_ path: String) throws -> LoudnessMeter {
    let decoder: AudioDecoder
    do { decoder = try decoders.makeDecoder(path: path) } catch {
      throw LoudnessError.unreadable(path: path, reason: Self.reason(error, path: path))
    }
    let format = decoder.format
    let meter = try LoudnessMeter(format: format)
    let chunk = 16_384
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: chunk * format.bytesPerFrame, alignment: MemoryLayout<Int32>.alignment)
    defer { buffer.deallocate() }
    var decoded = 0
    while !isStopping {
      let frames: Int
      do { frames = try decoder.read(into: buffer) } catch {
        throw LoudnessError.unreadable(path: path, reason: Self.reason(error, path: path))
      }
      if frames == 0 { break }
      decoded += frames
      switch format.encoding {
      case .s16: meter.add(UnsafeBufferPointer(buffer.bindMemory(to: Int16.self)), frames: frames)
      case .s32: meter.add(UnsafeBufferPointer(buffer.bindMemory(to: Int32.self)), frames: frames)
      }
    }
    if isStopping { return meter }
    try LoudnessDecodeCheck.check(decoder, decoded: decoded, path: path)
    return meter
  }

  /// A decoder's error without the path it already starts with (the report line names the file once).
  static func reason(_ error: Error, path: String) -> String {
    let text = "\(error)"
    return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
  }
}
