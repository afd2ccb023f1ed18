// tunes-play-raw --device DEV --rate R --channels C [--pace realtime|max] < in.raw: plays raw s16le from
// stdin through ALSA, for checking the output path by ear or into a file (development harness).
import Foundation
import TunesCore
import TunesOutput

let usage = "usage: tunes-play-raw --device DEV --rate HZ --channels N [--pace realtime|max] < audio.s16le"

func fail(_ message: String, status: ExitStatus) -> Never {
  FileHandle.standardError.write(Data("tunes-play-raw: \(message)\n".utf8))
  exit(status.rawValue)
}

var device = ProcessInfo.processInfo.environment["TUNES_ALSA_DEVICE"] ?? "default"
var rate: Int?
var channels: Int?
var pace = PaceMode.realtime
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--device":
    guard let value = arguments.popFirst() else { fail("--device needs a name\n\(usage)", status: .usage) }
    device = value
  case "--rate":
    guard let value = arguments.popFirst(), let number = Int(value), number > 0 else {
      fail("--rate needs a positive number\n\(usage)", status: .usage)
    }
    rate = number
  case "--channels":
    guard let value = arguments.popFirst(), let number = Int(value), (1...8).contains(number) else {
      fail("--channels needs 1 to 8\n\(usage)", status: .usage)
    }
    channels = number
  case "--pace":
    guard let value = arguments.popFirst(), let mode = PaceMode(rawValue: value) else {
      fail("--pace is realtime or max\n\(usage)", status: .usage)
    }
    pace = mode
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    fail("unexpected argument \(argument)\n\(usage)", status: .usage)
  }
}
guard let rate, let channels else { fail("--rate and --channels are required\n\(usage)", status: .usage) }

let format = AudioFormat(sampleRate: rate, channels: channels)
let sink = PacedSink(ALSASink(device: device), mode: pace)
let capacity = 4096 * channels
let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: capacity)
let bytes = UnsafeMutableRawBufferPointer(buffer)
var filled = 0  // bytes in `buffer`; a partial frame waits for the next read
do {
  try sink.open(format: format)
  while true {
    let count = read(0, bytes.baseAddress! + filled, bytes.count - filled)
    if count < 0 && errno == EINTR { continue }
    if count < 0 { fail("stdin: \(String(cString: strerror(errno)))", status: .ioError) }
    if count == 0 { break }
    filled += count
    let whole = filled / format.bytesPerFrame * format.bytesPerFrame
    _ = try sink.write(UnsafeRawBufferPointer(rebasing: bytes[0..<whole]))
    let rest = filled - whole
    if rest > 0 { bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + whole, byteCount: rest) }
    filled = rest
  }
  try sink.drain()
  sink.close()
} catch let error as any TunesError {
  fail(error.description, status: error.exitStatus)
}
