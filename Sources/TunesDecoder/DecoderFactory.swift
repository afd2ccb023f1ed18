// Opens the right decoder for each song by what the file holds (see ContainerSniffer); holds no state,
// so any thread may use it. The player and `tunes-decode` ask it for every file.
import TunesCore

public struct DecoderFactory: AudioDecoderFactory {
  public init() {}

  public func makeDecoder(path: String) throws -> AudioDecoder {
    switch try ContainerSniffer.sniff(path: path) {
    case .flac: try FLACDecoder(path: path)
    case .oggFLAC: try FLACDecoder(path: path, inOgg: true)
    case .vorbis: try VorbisDecoder(path: path)
    case .opus: try OpusDecoder(path: path)
    case .mp4: try MP4Decoder(path: path)
    case .mp3: try MPG123Decoder(path: path)
    }
  }
}
