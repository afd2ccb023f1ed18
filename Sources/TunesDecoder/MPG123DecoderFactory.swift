// Opens one MPG123Decoder per song for the player; holds no state, so any thread may use it.
import TunesCore

public struct MPG123DecoderFactory: AudioDecoderFactory {
  public init() {}

  public func makeDecoder(path: String) throws -> AudioDecoder {
    try MPG123Decoder(path: path)
  }
}
