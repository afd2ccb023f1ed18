// A song with every stored tag and audio property, as `tunes info --json` and `tunes ls songs --fields`
// print it: keys named as the query language names the fields (Docs/Query.md), null for what no tag, no
// catalogue and no measurement gave. A title made from the file name, or an album artist taken from the
// artist, is a fallback of the listings, not a tag: it is null here.
import Foundation
import TunesCore
import TunesLibrary
import TunesPlayer
import TunesTags

enum TagJSON {
  /// Every key, in the order `tunes info` prints them.
  static let keys = [
    "id", "path", "title", "artist", "artists", "album", "albumartist", "albumartists", "title_sort", "artist_sort",
    "album_sort", "albumartist_sort", "composer", "composer_sort", "performer", "conductor", "ensemble", "work",
    "movement", "movementnumber", "movementtotal", "lyricist", "genre", "date", "year", "original_date", "track",
    "tracktotal", "disc", "disctotal", "disctitle", "grouping", "label", "catalognum", "barcode", "isrc", "comments",
    "lyrics", "comp", "bpm", "mb_trackid", "mb_releasetrackid", "mb_albumid", "mb_releasegroupid", "mb_artistid",
    "mb_albumartistid", "mb_workid", "rg_track_gain", "rg_track_peak", "rg_album_gain", "rg_album_peak", "track_gain",
    "track_peak",
    "track_gain_source", "album_gain", "album_peak", "album_gain_source", "applied_gain", "replaygain_mode", "mixramp_start",
    "mixramp_end", "tag_versions", "format", "bitrate", "samplerate", "bitdepth", "channels", "length", "filesize",
    "mtime", "added", "playcount", "lastplayed",
  ]

  /// The values of one song by key; absent keys are unknown.
  static func values(_ song: Song, _ tags: TagSet, _ audio: SongAudio?) -> [String: Any] {
    var out: [String: Any] = [:]
    func put(_ key: String, _ value: Any?) { if let value { out[key] = value } }
    func list(_ key: String, _ values: [String]) { if !values.isEmpty { out[key] = values } }
    put("id", song.id)
    put("path", song.path)
    put("title", tags.title)
    put("artist", tags.artist)
    list("artists", tags.artists)
    put("album", tags.album)
    put("albumartist", tags.albumArtist)
    list("albumartists", tags.albumArtists)
    put("title_sort", tags.titleSort)
    put("artist_sort", tags.artistSort)
    put("album_sort", tags.albumSort)
    put("albumartist_sort", tags.albumArtistSort)
    list("composer", tags.composers)
    put("composer_sort", tags.composerSort)
    list("performer", tags.performers)
    list("conductor", tags.conductors)
    put("ensemble", tags.ensemble)
    put("work", tags.work)
    put("movement", tags.movement)
    put("movementnumber", tags.movementNumber)
    put("movementtotal", tags.movementTotal)
    list("lyricist", tags.lyricists)
    list("genre", tags.genres)
    put("date", tags.date)
    put("year", tags.year)
    put("original_date", tags.originalDate)
    put("track", tags.trackNumber)
    put("tracktotal", tags.trackTotal)
    put("disc", tags.discNumber)
    put("disctotal", tags.discTotal)
    put("disctitle", tags.discSubtitle)
    put("grouping", tags.grouping)
    list("label", tags.labels)
    put("catalognum", tags.catalogNumber)
    put("barcode", tags.barcode)
    put("isrc", tags.isrc)
    put("comments", tags.comment)
    put("lyrics", tags.lyrics)
    out["comp"] = tags.isCompilation
    put("bpm", tags.bpm)
    put("mb_trackid", tags.recordingMbid)
    put("mb_releasetrackid", tags.releaseTrackMbid)
    put("mb_albumid", tags.releaseMbid)
    put("mb_releasegroupid", tags.releaseGroupMbid)
    list("mb_artistid", tags.artistMbids)
    list("mb_albumartistid", tags.albumArtistMbids)
    list("mb_workid", tags.workMbids)
    put("rg_track_gain", tags.replayGain.trackGain)
    put("rg_track_peak", tags.replayGain.trackPeak)
    put("rg_album_gain", tags.replayGain.albumGain)
    put("rg_album_peak", tags.replayGain.albumPeak)
    put("mixramp_start", tags.mixRampStart)
    put("mixramp_end", tags.mixRampEnd)
    list("tag_versions", tags.versions)
    put("format", audio?.codec)
    put("bitrate", audio?.bitrate)
    put("samplerate", audio?.sampleRate)
    put("bitdepth", audio?.bitsPerSample)
    put("channels", audio?.channels)
    put("length", song.durationMs)
    put("filesize", audio?.fileSize)
    put("mtime", audio?.modifiedAt.map(DateText.iso))
    put("added", audio?.addedAt.map(DateText.iso))
    out["playcount"] = song.playCount
    put("lastplayed", song.lastPlayedAt.map(DateText.iso))
    return out
  }

  /// The JSON object of `keys` (every key when nil), null for each unknown.
  static func object(_ values: [String: Any], keys: [String]? = nil) -> [String: Any] {
    var object: [String: Any] = [:]
    for key in keys ?? Self.keys { object[key] = values[key] ?? NSNull() }
    return object
  }

  /// A value as one table cell or `info` line: lists joined with "; ".
  static func text(_ value: Any?) -> String? {
    switch value {
    case nil: return nil
    case let list as [String]: return list.joined(separator: "; ")
    case let flag as Bool: return flag ? "yes" : nil
    case let some?: return "\(some)"
    }
  }

  /// The keys of the gain the player applies (SongGainView), beside the file's own `rg_` tags.
  static let gainKeys: Set<String> = [
    "track_gain", "track_peak", "track_gain_source", "album_gain", "album_peak", "album_gain_source", "applied_gain",
    "replaygain_mode",
  ]

  /// The stored tags and audio of `songs`, in two batched reads each; with `gains`, the gain each song
  /// is played with under those settings too (one more read).
  static func values(of songs: [Song], in library: Library, gains: ReplayGainInForce? = nil) throws -> [[String: Any]] {
    let ids = songs.compactMap(\.id)
    let tags = try library.tags(forSongs: ids)
    let audio = try library.audio(forSongs: ids)
    let choices = gains == nil ? [:] : try SongGainReader.choices(in: library, songIDs: ids)
    return songs.map { song in
      var row = values(song, song.id.flatMap { tags[$0] } ?? TagSet(), song.id.flatMap { audio[$0] })
      if let gains, let choice = song.id.flatMap({ choices[$0] }) {
        row.merge(SongGainView(choice: choice, inForce: gains).values) { $1 }
      }
      return row
    }
  }
}
