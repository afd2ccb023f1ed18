// Converts the s16 audio of one link of a chained Ogg Vorbis file to the file's format (its first link's
// rate and channels), so that a chain whose links change format plays whole through one decoder of one
// format, as the player needs. Channels: a mono link is copied to every channel, a link with more
// channels than the file is averaged (to mono) or keeps its first channels; rate: linear interpolation
// between neighbouring frames. Plain on purpose: such links are rare (radio recordings, files joined with
// `cat`), and a link is made exactly as long as its length at the file's rate, which the index gives the
// file (Docs/Tags.md), so position and length agree.
struct LinkConverter {
  let inputChannels: Int
  let outputChannels: Int
  /// Input frames per output frame.
  let step: Double
  /// Output frames the whole link converts to.
  let target: Int
  private(set) var emitted = 0
  /// Where the next output frame lies, in input frames from the start of the next chunk (-1: `previous`).
  private var time: Double = 0
  /// The last input frame of the chunk before, in output channels; empty before the first chunk.
  private var previous: [Float] = []

  /// A converter for a link of `frames` frames at `inputRate`, starting `skip` output frames into it.
  init(inputRate: Int, inputChannels: Int, outputRate: Int, outputChannels: Int, frames: Int, skip: Int = 0) {
    self.inputChannels = inputChannels
    self.outputChannels = outputChannels
    step = Double(inputRate) / Double(outputRate)
    target = Self.length(frames: frames, from: inputRate, to: outputRate)
    emitted = skip
  }

  /// A link of `frames` frames at `from` Hz lasts this many frames at `to` Hz.
  static func length(frames: Int, from: Int, to: Int) -> Int {
    Int((Double(frames) * Double(to) / Double(from)).rounded())
  }

  /// Appends to `output` the frames of `input` (interleaved, `inputChannels` a frame) converted.
  mutating func convert(_ input: UnsafeBufferPointer<Int16>, into output: inout [Int16]) {
    let count = input.count / inputChannels
    guard count > 0 else { return }
    var frame = [Float](repeating: 0, count: outputChannels)
    func load(_ index: Int, into values: inout [Float]) {
      if index < 0 {
        values = previous
        return
      }
      let base = index * inputChannels
      for c in 0..<outputChannels {
        if inputChannels == 1 {
          values[c] = Float(input[base])
        } else if outputChannels == 1 {
          var sum: Float = 0
          for k in 0..<inputChannels { sum += Float(input[base + k]) }
          values[c] = sum / Float(inputChannels)
        } else {
          values[c] = Float(input[base + min(c, inputChannels - 1)])
        }
      }
    }
    if previous.isEmpty { time = max(time, 0) }
    var a = frame
    var b = frame
    while time <= Double(count - 1) && emitted < target {
      let index = Int(time.rounded(.down))
      let fraction = Float(time - Double(index))
      load(index, into: &a)
      load(min(index + 1, count - 1), into: &b)
      for c in 0..<outputChannels {
        let value = (a[c] + (b[c] - a[c]) * fraction).rounded()
        output.append(Int16(max(-32768, min(32767, value))))
      }
      emitted += 1
      time += step
    }
    time -= Double(count)
    load(count - 1, into: &frame)
    previous = frame
  }

  /// Appends the frames still owed when the link ends (its last frame held), so that the link lasts
  /// exactly `target` frames whatever the interpolation's rounding.
  mutating func finish(into output: inout [Int16]) {
    let last = previous.isEmpty ? [Float](repeating: 0, count: outputChannels) : previous
    while emitted < target {
      for c in 0..<outputChannels { output.append(Int16(max(-32768, min(32767, last[c].rounded())))) }
      emitted += 1
    }
  }
}
