// What MPRIS shows of the player at one moment, made from the Player's status snapshot: the values of
// the `.Player` interface's properties that change (Position is read live instead), and which of them
// differ from an earlier picture, for PropertiesChanged. Pure values, so the mapping is tested alone.
import Foundation
import TunesLibrary
import TunesPlayer

/// The properties of org.mpris.MediaPlayer2.Player that MPRIS clients are told of when they change.
public struct MPRISState: Sendable, Equatable {
  public var playbackStatus: String
  public var loopStatus: String
  public var shuffle: Bool
  public var volume: Double
  /// Nil: no current track (Metadata holds only the "no track" id).
  public var metadata: MPRISMetadata?
  public var canGoNext: Bool
  public var canGoPrevious: Bool
  public var canPlay: Bool
  public var canPause: Bool
  public var canSeek: Bool
  /// The position at the snapshot, in µs (0 when stopped).
  public var positionUs: Int64
  /// The Player's state version of the snapshot: an older picture arriving late never replaces a newer one.
  public var version: Int

  /// What an empty, stopped player shows.
  public static let idle = MPRISState(status: nil, artURL: nil)

  /// `artURL`: the current song's cover as a file:// URL, when it has one.
  public init(status: PlayerStatus?, artURL: String?) {
    switch status?.state {
    case .playing: playbackStatus = "Playing"
    case .paused: playbackStatus = "Paused"
    case .stopped, nil: playbackStatus = "Stopped"
    }
    // The Player's repeat-one is what MPD shows as repeat + single; a single that only stops play
    // after the current song is no loop.
    switch status?.repeatMode {
    case .one: loopStatus = "Track"
    case .all: loopStatus = "Playlist"
    case .off, nil: loopStatus = "None"
    }
    shuffle = status?.random ?? false
    volume = Double(status?.volume ?? 100) / 100
    let current = status.flatMap { s in s.currentID.flatMap { id in s.song.map { (id, $0, s.durationMs) } } }
    metadata = current.map { MPRISMetadata(entryID: $0.0, song: $0.1, durationMs: $0.2, artURL: artURL) }
    let hasQueue = (status?.queueLength ?? 0) > 0
    let active = status.map { $0.state != .stopped && $0.currentID != nil } ?? false
    // The Player's next and previous act only while a song plays or is paused (as MPD's).
    canGoNext = active
    canGoPrevious = active
    canPlay = hasQueue
    canPause = hasQueue
    canSeek = active && status?.durationMs != nil
    positionUs = Int64(status?.elapsedMs ?? 0) * 1000
    version = status?.version ?? 0
  }

  /// The names of the properties whose values differ from `old`'s, in the interface's order.
  public func changedProperties(from old: MPRISState) -> [String] {
    var names: [String] = []
    if playbackStatus != old.playbackStatus { names.append("PlaybackStatus") }
    if loopStatus != old.loopStatus { names.append("LoopStatus") }
    if shuffle != old.shuffle { names.append("Shuffle") }
    if metadata != old.metadata { names.append("Metadata") }
    if volume != old.volume { names.append("Volume") }
    if canGoNext != old.canGoNext { names.append("CanGoNext") }
    if canGoPrevious != old.canGoPrevious { names.append("CanGoPrevious") }
    if canPlay != old.canPlay { names.append("CanPlay") }
    if canPause != old.canPause { names.append("CanPause") }
    if canSeek != old.canSeek { names.append("CanSeek") }
    return names
  }
}

/// The current track as MPRIS names its fields (xesam and mpris keys).
public struct MPRISMetadata: Sendable, Equatable {
  /// mpris:trackid: one object path per queue entry, so the same song queued twice is two tracks.
  public var trackID: String
  public var lengthUs: Int64?
  public var title: String
  /// xesam:artist: the song's credit as written ("Zoë Marlowe feat. Kenji Tanaka"), as every other view shows it.
  public var artist: [String]
  public var album: String?
  public var albumArtist: [String]
  public var trackNumber: Int?
  public var discNumber: Int?
  public var url: String
  public var artURL: String?

  /// The object path prefix of tracks; the queue entry id follows.
  public static let trackPrefix = "/org/mpris/MediaPlayer2/tunes/track/"
  /// What Metadata's trackid is with no current track (the MPRIS specification's reserved path).
  public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

  public init(entryID: Int, song: Song, durationMs: Int?, artURL: String?) {
    trackID = Self.trackPrefix + String(entryID)
    lengthUs = (durationMs ?? song.durationMs).map { Int64($0) * 1000 }
    title = song.title
    artist = song.knownArtist.map { [$0] } ?? []
    album = song.knownAlbum
    albumArtist = song.knownAlbumArtist.map { [$0] } ?? []
    trackNumber = song.trackNumber
    discNumber = song.discNumber
    url = URL(fileURLWithPath: song.path).absoluteString
    self.artURL = artURL
  }

  /// The queue entry id a trackid names, nil for any other path.
  public static func entryID(of trackID: String) -> Int? {
    guard trackID.hasPrefix(trackPrefix) else { return nil }
    return Int(trackID.dropFirst(trackPrefix.count))
  }
}
