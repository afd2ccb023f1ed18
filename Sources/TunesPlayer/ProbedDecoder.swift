// A track's first frames, read when its decoder is opened, before the engine gives the track to the
// device: a file that yields no audio (an error on the first read, no frames at all, or fewer than a small
// device period) is refused there, as a file that cannot be opened is, so the queue goes on past it. Found
// later, at the track's end, it left the engine holding a track that was never heard and the Player waiting
// for it to start: a queue whose first song was such a file played nothing and never ended. The frames read
// are handed out again, first, so nothing of a playable track is lost or decoded twice.
import TunesCore

/// Why a file was refused: it yielded no audio. The text is the reason, without the path.
struct NoAudio: Error, CustomStringConvertible {
  var description: String
}

final class ProbedDecoder: AudioDecoder {
  /// Fewer frames than this is no audio: less than one period of a sound card run with the smallest
  /// periods in common use (256 frames, 5.8 ms at 44.1 kHz), too short to be heard as anything.
  static let minimumFrames = 256

  private let inner: AudioDecoder
  /// The frames read when the track was opened, not yet handed out: `head[headStart..<headEnd]` (bytes).
  private var head: UnsafeMutableRawBufferPointer
  private var headStart = 0
  private var headEnd: Int

  /// Reads the first `minimumFrames` of `decoder`; throws `NoAudio` when it has fewer, or fails first.
  /// `path` is taken out of the decoder's errors, which name their file first.
  init(opening decoder: AudioDecoder, path: String, minimumFrames: Int = ProbedDecoder.minimumFrames) throws {
    inner = decoder
    let bytesPerFrame = decoder.format.bytesPerFrame
    head = .allocate(byteCount: minimumFrames * bytesPerFrame, alignment: 16)
    var frames = 0
    do {
      while frames < minimumFrames {
        let read = try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: head[(frames * bytesPerFrame)...]))
        if read == 0 { break }
        frames += read
      }
    } catch {
      head.deallocate()
      throw NoAudio(description: Self.reason(decoder.warnings + ["\(error)".withoutLeadingPath(path)]))
    }
    guard frames >= minimumFrames else {
      head.deallocate()
      let said = frames == 0 ? "the decoder gave no frames" : "\(frames) frames, under \(minimumFrames)"
      throw NoAudio(description: Self.reason(decoder.warnings.isEmpty ? [said] : decoder.warnings))
    }
    headEnd = frames * bytesPerFrame
  }

  deinit { head.deallocate() }

  /// Each detail once: a damaged file repeats one warning for every packet.
  private static func reason(_ details: [String]) -> String {
    var seen: Set<String> = []
    return "no audio (\(details.filter { seen.insert($0).inserted }.joined(separator: "; ")))"
  }

  var format: AudioFormat { inner.format }
  var totalFrames: Int? { inner.totalFrames }
  var positionFrames: Int { inner.positionFrames - (headEnd - headStart) / inner.format.bytesPerFrame }
  var warnings: [String] { inner.warnings }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard headStart < headEnd else { return try inner.read(into: buffer) }
    let bytesPerFrame = inner.format.bytesPerFrame
    let count = min(headEnd - headStart, buffer.count / bytesPerFrame * bytesPerFrame)
    guard count > 0 else { return 0 }
    buffer.baseAddress!.copyMemory(from: head.baseAddress! + headStart, byteCount: count)
    headStart += count
    return count / bytesPerFrame
  }

  func seek(toFrame frame: Int) throws -> Int {
    headStart = headEnd
    return try inner.seek(toFrame: frame)
  }
}
