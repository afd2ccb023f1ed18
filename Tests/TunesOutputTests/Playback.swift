// Helpers shared by the output tests: play files through a sink, read what the file plugin wrote, and
// a fake clock and sink so pacing is checked without waiting in real time.
import Foundation
import TunesCore
import TunesDecoder
import TunesOutput

/// Decodes `file` to the end (from the decoder's position) and writes it to `sink` in chunks.
func play(_ decoder: AudioDecoder, to sink: AudioSink, chunkFrames: Int = 1000, limit: Int = .max) throws -> Int {
  let bytesPerFrame = decoder.format.bytesPerFrame
  var buffer = [UInt8](repeating: 0, count: chunkFrames * bytesPerFrame)
  var written = 0
  while written < limit {
    let frames = try buffer.withUnsafeMutableBytes { pointer in
      try decoder.read(
        into: UnsafeMutableRawBufferPointer(rebasing: pointer[0..<(min(chunkFrames, limit - written) * bytesPerFrame)]))
    }
    if frames == 0 { break }
    written += try buffer.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[0..<(frames * bytesPerFrame)])) }
  }
  return written
}

/// Plays `files` one after another as the player does: each file's decoder chosen by its content, the
/// device reopened when the format changes.
func play(_ files: [String], to sink: AudioSink) throws {
  for file in files {
    let decoder = try DecoderFactory().makeDecoder(path: file)
    try sink.open(format: decoder.format)
    _ = try play(decoder, to: sink)
  }
}

func bytes(of file: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
}

/// The format and PCM payload of a WAV file, found by walking its chunks.
func readWAV(_ file: String) throws -> (format: AudioFormat, pcm: [UInt8]) {
  let data = try bytes(of: file)
  func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
  func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
  guard data.count >= 12, data[0..<4].elementsEqual("RIFF".utf8), data[8..<12].elementsEqual("WAVE".utf8) else {
    throw FixtureError(description: "\(file): not a WAV file")
  }
  var offset = 12
  var format: AudioFormat?
  while offset + 8 <= data.count {
    let size = u32(offset + 4)
    if data[offset..<offset + 4].elementsEqual("fmt ".utf8) {
      format = AudioFormat(sampleRate: u32(offset + 12), channels: u16(offset + 10), bitsPerSample: u16(offset + 22))
    } else if data[offset..<offset + 4].elementsEqual("data".utf8), let format {
      // The length field may be a placeholder until the writer closes the file: trust the file size.
      return (format, Array(data[(offset + 8)...]))
    }
    offset += 8 + size
  }
  throw FixtureError(description: "\(file): no fmt/data chunk")
}

/// A monotonic clock that only moves when told to (or when PacedSink "sleeps").
final class FakeClock: TunesClock, @unchecked Sendable {
  private let lock = NSLock()
  private var seconds = 1000.0
  private(set) var slept: [Double] = []

  func now() -> Date { Date(timeIntervalSince1970: monotonic()) }
  func monotonic() -> Double { lock.withLock { seconds } }
  func advance(_ delta: Double) { lock.withLock { seconds += delta } }
  func sleep(_ delta: Double) {
    lock.withLock {
      slept.append(delta)
      seconds += delta
    }
  }
  var totalSlept: Double { lock.withLock { slept.reduce(0, +) } }
}

/// A sink that takes everything at once and remembers it, like the null device with a memory.
final class RecordingSink: AudioSink {
  var pacesItself: Bool
  var delayFrames: Int
  private(set) var samples: [Int16] = []
  private(set) var opened: [AudioFormat] = []
  private(set) var pauses = 0

  init(pacesItself: Bool = false, delayFrames: Int = 0) {
    self.pacesItself = pacesItself
    self.delayFrames = delayFrames
  }

  func open(format: AudioFormat) throws { opened.append(format) }
  func write(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let samples = bytes.bindMemory(to: Int16.self)  // this fake plays s16 only
    self.samples.append(contentsOf: samples)
    return samples.count / (opened.last?.channels ?? 1)
  }
  func pause() throws -> Bool {
    pauses += 1
    return false
  }
  func resume() throws {}
  func drop() throws {}
  func drain() throws {}
  func close() {}
}

/// A development harness built next to the test bundle (`swift build --build-tests` builds it).
func harness(_ name: String) -> String? {
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<5 {
    let candidate = folder.appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    folder.deleteLastPathComponent()
  }
  return nil
}

/// Runs a harness; returns its exit status, stdout and stderr.
func runHarness(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: [UInt8], errors: String) {
  guard let tool = harness(name) else { throw FixtureError(description: "\(name) is not built next to the tests") }
  let result = try ChildProcess.run(tool, arguments)
  return (result.status, [UInt8](result.stdout), result.errors)
}
