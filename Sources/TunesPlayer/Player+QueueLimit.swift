// The longest queue the player takes, as MPD's `max_playlist_length` bounds its queue (16384 entries by
// default; `[player] max_playlist_length` in config.toml changes it). An edit that would pass it adds
// nothing and fails with `PlayerError.queueFull`; a whole group of adds (a command list) stops at the
// bound. Without one, 3,000 `add ""` lines in one list grew a queue of tens of millions of entries for
// minutes while every other client waited.
import TunesLibrary

extension Player {
  /// MPD's default `max_playlist_length`.
  public static let defaultMaximumQueueLength = 16384

  /// The most entries the queue takes now.
  public var queueLimit: Int { maximumQueueLength }

  /// Sets the bound (at least 1). A queue already longer keeps its entries; only additions are refused.
  public func setMaximumQueueLength(_ length: Int) {
    maximumQueueLength = max(1, length)
  }

  /// How many more entries the queue takes.
  public var queueRoom: Int { max(0, maximumQueueLength - queue.count) }

  /// `songs` cut to what the queue takes when it holds nothing (a replaced queue).
  func fittingEmptyQueue(_ songs: SongBatch) -> SongBatch {
    songs.count > maximumQueueLength ? songs.prefix(maximumQueueLength) : songs
  }
}
