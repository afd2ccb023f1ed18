// Crossfade in the Player: the options (MPD's `crossfade SECONDS`, `mixrampdb`, `mixrampdelay`), and the rule for which song changes
// may fade. The Player decides what it alone knows (the songs and the random option); the engine adds
// what only it knows (both tracks' formats and lengths) and does the fading.
import TunesCore
import TunesLibrary

extension Player {
  /// Seconds of crossfade; 0 is off.
  public func crossfade() -> Int { crossfadeSeconds }

  /// Negative seconds are 0 (off). Applies from the next song change.
  public func setCrossfade(_ seconds: Int) {
    ensureStarted()
    let seconds = max(seconds, 0)
    guard seconds != crossfadeSeconds else { return }
    crossfadeSeconds = seconds
    engine.setCrossfade(seconds: seconds)
    changed([.options])
  }

  /// MixRamp's threshold and delay (MPD's `mixrampdb`, `mixrampdelay`).
  public func mixRampSettings() -> MixRampSettings { mixRamp }

  /// Applies from the next song change; MixRamp acts only while crossfade is on, as in MPD.
  public func setMixRamp(_ settings: MixRampSettings) {
    ensureStarted()
    // NaN never equals itself: compare the bits so that setting NaN twice is one change.
    guard settings.db.bitPattern != mixRamp.db.bitPattern || settings.delay.bitPattern != mixRamp.delay.bitPattern
    else { return }
    mixRamp = settings
    engine.setMixRamp(settings)
    changed([.options])
  }

  /// Whether `next` may fade in over the end of `previous`: never between consecutive tracks of one
  /// album played in order (same album and album artist, the next track number of the same disc, random
  /// off), so that a gapless album stays gapless.
  func fadesIn(_ next: Song, after previous: Song) -> Bool {
    !Self.continuesAlbum(next, after: previous, random: random)
  }

  static func continuesAlbum(_ next: Song, after previous: Song, random: Bool) -> Bool {
    guard !random, !next.album.isEmpty, next.album == previous.album, next.albumArtist == previous.albumArtist,
      next.discNumber == previous.discNumber, let track = previous.trackNumber, next.trackNumber == track + 1
    else { return false }
    return true
  }

  /// The song the engine writes now: the one heard, or the one written ahead of it.
  func writtenSong() -> Song? {
    guard let id = plans.writtenAhead?.itemID ?? currentID else { return nil }
    return queue.item(id: id)?.song
  }
}
