// tunes-decode FILE… [--seek FRAME] > out.raw: decodes audio files (any format DecoderFactory opens) to raw
// little-endian PCM on stdout, one gapless stream: s16, or s32 for sources deeper than 16 bits.
// With --play DEV it plays them through ALSA instead (used by Benchmarks/playback-cpu.sh).
import Foundation
import TunesCore
import TunesDecoder
import TunesOutput

let usage = """
  usage: tunes-decode FILE... [--seek FRAME]            raw PCM (s16le, or s32le above 16 bits) on stdout
         tunes-decode --play DEVICE [--pace realtime|max] [--seek FRAME] FILE...
  --seek FRAME applies to the first file.
  """

func fail(_ message: String, status: ExitStatus) -> Never {
  FileHandle.standardError.write(Data("tunes-decode: \(message)\n".utf8))
  exit(status.rawValue)
}

var files: [String] = []
var seekFrame: Int?
var playDevice: String?
var pace = PaceMode.realtime
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--seek":
    guard let value = arguments.popFirst(), let frame = Int(value), frame >= 0 else {
      fail("--seek needs a frame number\n\(usage)", status: .usage)
    }
    seekFrame = frame
  case "--play":
    guard let value = arguments.popFirst() else { fail("--play needs an ALSA device\n\(usage)", status: .usage) }
    playDevice = value
  case "--pace":
    guard let value = arguments.popFirst(), let mode = PaceMode(rawValue: value) else {
      fail("--pace is realtime or max\n\(usage)", status: .usage)
    }
    pace = mode
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    if argument.hasPrefix("--") { fail("unknown option \(argument)\n\(usage)", status: .usage) }
    files.append(argument)
  }
}
if files.isEmpty { fail("no input file\n\(usage)", status: .usage) }

/// Writes all of `buffer` to stdout (fd 1), retrying short writes.
func writeStandardOutput(_ buffer: UnsafeRawBufferPointer) {
  var offset = 0
  while offset < buffer.count {
    let written = Glibc.write(1, buffer.baseAddress! + offset, buffer.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      fail("stdout: \(String(cString: strerror(errno)))", status: .ioError)
    }
    offset += written
  }
}

let sink: AudioSink? = playDevice.map { PacedSink(ALSASink(device: $0), mode: pace) }
let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096 * 8 * 4, alignment: 16)
let factory = DecoderFactory()
var lastError: ExitStatus?
for (index, path) in files.enumerated() {
  do {
    let decoder = try factory.makeDecoder(path: path)
    if index == 0, let seekFrame { try decoder.seek(toFrame: seekFrame) }
    try sink?.open(format: decoder.format)
    while true {
      let frames = try decoder.read(into: buffer)
      if frames == 0 { break }
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<frames * decoder.format.bytesPerFrame])
      if let sink {
        _ = try sink.write(bytes)
      } else {
        writeStandardOutput(bytes)
      }
    }
    for warning in decoder.warnings {
      FileHandle.standardError.write(Data("tunes-decode: \(path): \(warning)\n".utf8))
    }
  } catch let error as any TunesError {
    FileHandle.standardError.write(Data("tunes-decode: \(error.description)\n".utf8))
    lastError = error.exitStatus
    if error is OutputError { break }
  } catch {
    FileHandle.standardError.write(Data("tunes-decode: \(path): \(error)\n".utf8))
    lastError = .software
  }
}
do {
  try sink?.drain()
} catch {
  FileHandle.standardError.write(Data("tunes-decode: \(error)\n".utf8))
  lastError = .ioError
}
sink?.close()
exit(lastError?.rawValue ?? 0)
