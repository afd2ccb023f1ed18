// Printing `--json`: every command writes its JSON through here, in the one style of JSONText (compact,
// keys sorted), one document and a line feed on stdout. Also songs, artists and albums as plain objects
// with stable keys; absent values are null rather than missing, so every song object has the same keys.
import Foundation
import TunesCore
import TunesLibrary

enum JSONOutput {
  /// A plain value: dictionaries, arrays, strings, integers, booleans, NSNull.
  static func print(_ value: Any) {
    write(JSONText.data(value))
  }

  /// An Encodable model, as JSONEncoder writes it in the same style.
  static func print<T: Encodable>(encoding value: T) {
    write(JSONText.data(encoding: value) ?? Data("null".utf8))
  }

  /// JSON already written in the one style.
  static func write(_ data: Data) {
    FileHandle.standardOutput.write(data + Data("\n".utf8))
  }

  /// A listing of songs (`ls songs`, `search`): written field by field (SongJSON.swift); with `gain`,
  /// each song's ReplayGain as the player applies it too.
  static func print(songs: [Song], gain: ((Int64) -> SongGainView?)? = nil) {
    SongJSON.write(songs, gain: gain) { FileHandle.standardOutput.write(Data($0)) }
    FileHandle.standardOutput.write(Data("\n".utf8))
  }

  static func orNull(_ value: Any?) -> Any { value ?? NSNull() }

  static func song(_ song: Song) -> [String: Any] {
    [
      "id": orNull(song.id), "path": song.path, "title": orNull(song.knownTitle), "artist": orNull(song.knownArtist),
      "album": orNull(song.knownAlbum), "albumArtist": orNull(song.knownAlbumArtist), "trackNumber": orNull(song.trackNumber),
      "trackTotal": orNull(song.trackTotal),
      "discNumber": orNull(song.discNumber), "discTotal": orNull(song.discTotal), "year": orNull(song.year),
      "genre": orNull(song.knownGenre), "durationMs": orNull(song.durationMs), "recordingMbid": orNull(song.recordingMbid),
      "releaseMbid": orNull(song.releaseMbid), "artistMbids": song.artistMbids, "playCount": song.playCount,
      "lastPlayedAt": orNull(song.lastPlayedAt.map(DateText.iso)),
    ]
  }

  static func artist(_ artist: ArtistSummary) -> [String: Any] {
    ["id": orNull(artist.id), "name": artist.name, "songCount": artist.songCount, "albumCount": artist.albumCount]
  }

  static func album(_ album: AlbumSummary) -> [String: Any] {
    [
      "id": album.id, "title": album.title, "albumArtist": album.albumArtist, "year": orNull(album.year),
      "coverPath": orNull(album.coverPath), "songCount": album.songCount, "durationMs": album.durationMs,
    ]
  }
}
