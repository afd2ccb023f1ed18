// Measures many songs' loudness on every core: worker threads take songs one at a time, album by album,
// each decoded once; when an album's last song is measured, the album's loudness is computed from its
// songs' meters and the album's results are handed over at once (so what was measured before a
// Ctrl-C is kept, and an album is never kept half measured, which would make its album gain wrong).
// A file that cannot be decoded, or holds only silence, is reported and its album goes on without it.
import Foundation
import TunesCore

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
  private let decoders: AudioDecoderFactory
  private let lock = NSLock()
  private var nextGroup = 0
  private var nextItem = 0
  private var meters: [[LoudnessMeter?]]
  private var remaining: [Int]
  private var stopping = false

  public init(groups: [Group], decoders: AudioDecoderFactory) {
    self.groups = groups.filter { !$0.items.isEmpty }
    self.decoders = decoders
    meters = self.groups.map { Array(repeating: nil, count: $0.items.count) }
    remaining = self.groups.map(\.items.count)
  }

  /// Stops taking songs and cuts the ones being decoded short; albums already finished stay finished.
  public func stop() { lock.withLock { stopping = true } }

  private var isStopping: Bool { lock.withLock { stopping } }

  /// Measures everything on `workers` threads and returns when done or stopped. `measured` gets each
  /// finished group's results (from a worker thread, one call at a time); `failed` each skipped file.
  public func run(
    workers: Int, measured: @escaping @Sendable ([LoudnessResult]) -> Void,
    failed: @escaping @Sendable (LoudnessError) -> Void
  ) {
    let deliver = NSLock()
    DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
      while let (group, index) = take() {
        let item = groups[group].items[index]
        var meter: LoudnessMeter?
        do {
          meter = try measure(item.path)
          if let found = meter, !found.integratedLUFS.isFinite { throw LoudnessError.silent(path: item.path) }
        } catch let error as LoudnessError {
          meter = nil
          if !isStopping { failed(error) }
        } catch {
          meter = nil
          if !isStopping { failed(.unreadable(path: item.path, reason: "\(error)")) }
        }
        guard let finished = finish(group: group, index: index, meter: meter) else { continue }
        let results = self.results(of: group, meters: finished)
        guard !results.isEmpty else { continue }
        // Checked under the delivery lock: a group waiting while `measured` stops the scan is not delivered.
        deliver.withLock { if !isStopping { measured(results) } }
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

  private func results(of group: Int, meters: [LoudnessMeter?]) -> [LoudnessResult] {
    let measured = zip(groups[group].items, meters).compactMap { item, meter in meter.map { (item, $0) } }
    var albumLUFS: Double?
    var albumPeak: Double?
    if groups[group].isAlbum, !measured.isEmpty {
      albumLUFS = LoudnessMeter.integratedLUFS(of: measured.map(\.1))
      albumPeak = measured.map(\.1.truePeak).max()
    }
    return measured.map { item, meter in
      LoudnessResult(
        item: item, integratedLUFS: meter.integratedLUFS, truePeak: meter.truePeak, albumLUFS: albumLUFS,
        albumPeak: albumPeak)
    }
  }

  /// Decodes the file once into a meter: the one place that reads a decoder here.
  func measure(_ path: String) throws -> LoudnessMeter {
    let decoder: AudioDecoder
    do { decoder = try decoders.makeDecoder(path: path) } catch {
      throw LoudnessError.unreadable(path: path, reason: "\(error)")
    }
    let format = decoder.format
    let meter = try LoudnessMeter(format: format)
    let chunk = 16_384
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: chunk * format.bytesPerFrame, alignment: MemoryLayout<Int32>.alignment)
    defer { buffer.deallocate() }
    while !isStopping {
      let frames: Int
      do { frames = try decoder.read(into: buffer) } catch {
        throw LoudnessError.unreadable(path: path, reason: "\(error)")
      }
      if frames == 0 { break }
      switch format.encoding {
      case .s16: meter.add(UnsafeBufferPointer(buffer.bindMemory(to: Int16.self)), frames: frames)
      case .s32: meter.add(UnsafeBufferPointer(buffer.bindMemory(to: Int32.self)), frames: frames)
      }
    }
    return meter
  }
}
