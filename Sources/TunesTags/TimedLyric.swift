// One line of synced lyrics: the text and when it is sung, as an ID3v2 SYLT frame or an LRC file gives it.

public struct TimedLyric: Sendable, Equatable {
  /// From the start of the song.
  public var milliseconds: Int
  public var text: String

  public init(milliseconds: Int, text: String) {
    self.milliseconds = milliseconds
    self.text = text
  }
}
