// Turning a song into the JSON of a listen (and of playing_now) and assembling request bodies from
// stored listens. Keys are sorted so the same listen always gives the same bytes.
import Foundation
import TunesCore
import TunesLibrary
import TunesTags

/// Server limits (listenbrainz-server `listenbrainz/webserver/views/api_tools.py`, `listenstore/__init__.py`).
public enum ListenBrainzLimits {
  public static let maxListensPerRequest = 1000
  /// Whole body must not exceed this many bytes per listen in it.
  public static let maxListenSize = 10_240
  public static let maxPayloadSize = 10_240_000
  public static let minimumListenedAt = 1_033_430_400
  /// `listened_at` must be below now + this many seconds (API_LISTENED_AT_ALLOWED_SKEW).
  public static let allowedSkew = 3600
  public static let maxDurationMs = 2_073_600_000
}

public enum ListenType: String, Sendable {
  case single, playingNow = "playing_now", `import`
}

public enum ListenPayload {
  public static let clientName = "tunes"

  /// Why a song cannot become a listen (nil when it can).
  public static func skipReason(_ song: Song) -> String? {
    let title = clean(song.title), artist = clean(song.artist)
    if title.isEmpty && artist.isEmpty { return "\(song.path): no title and no artist tag" }
    if title.isEmpty { return "\(song.path): no title tag" }
    if artist.isEmpty { return "\(song.path): no artist tag" }
    return nil
  }

  /// The JSON of one listen. `listenedAt` nil gives the playing_now form (no timestamp, no played time).
  /// `tags`, the song's stored tags (`Library.tags(forSongs:)`), add the ids and numbers the song row
  /// does not hold: release track, release group and work ids, ISRC, disc number.
  public static func listen(song: Song, tags: TagSet? = nil, listenedAt: Date?, playedMs: Int?) -> Data? {
    guard skipReason(song) == nil else { return nil }
    // The song's credit as every view shows it ("A feat. B"); each artist's id goes in artist_mbids.
    var metadata: [String: ListenJSON] = [
      "artist_name": .string(clean(song.artist)), "track_name": .string(clean(song.title)),
    ]
    let album = clean(song.album)
    if !album.isEmpty { metadata["release_name"] = .string(album) }
    var info: [String: ListenJSON] = [
      "media_player": .string(clientName), "media_player_version": .string(TunesVersion.string),
      "submission_client": .string(clientName), "submission_client_version": .string(TunesVersion.string),
    ]
    if let ms = song.durationMs, ms > 0, ms <= ListenBrainzLimits.maxDurationMs { info["duration_ms"] = .int(ms) }
    if let track = song.trackNumber, track > 0 { info["tracknumber"] = .string(String(track)) }
    if let mbid = song.recordingMbid.flatMap(normalizedMBID) { info["recording_mbid"] = .string(mbid) }
    if let mbid = song.releaseMbid.flatMap(normalizedMBID) { info["release_mbid"] = .string(mbid) }
    let artists = song.artistMbids.compactMap(normalizedMBID)
    if !artists.isEmpty { info["artist_mbids"] = .strings(artists) }
    if let tags {
      if let disc = tags.discNumber, disc > 0 { info["discnumber"] = .int(disc) }
      if let mbid = tags.releaseTrackMbid.flatMap(normalizedMBID) { info["track_mbid"] = .string(mbid) }
      if let mbid = tags.releaseGroupMbid.flatMap(normalizedMBID) { info["release_group_mbid"] = .string(mbid) }
      let works = tags.workMbids.compactMap(normalizedMBID)
      if !works.isEmpty { info["work_mbids"] = .strings(works) }
      if let isrc = tags.isrc.map(clean), !isrc.isEmpty { info["isrc"] = .string(isrc) }
      if info["artist_mbids"] == nil {
        let tagged = tags.artistMbids.compactMap(normalizedMBID)
        if !tagged.isEmpty { info["artist_mbids"] = .strings(tagged) }
      }
    }
    if listenedAt != nil, let playedMs, playedMs >= 1000 { info["duration_played"] = .int(playedMs / 1000) }
    metadata["additional_info"] = .object(info)
    var listen: [String: ListenJSON] = ["track_metadata": .object(metadata)]
    if let listenedAt { listen["listened_at"] = .int(Int(listenedAt.timeIntervalSince1970)) }
    return ListenJSON.object(listen).data
  }

  /// "Artist – Title", the listen's label in the outbox (`tunes lb queue`).
  public static func label(_ song: Song) -> String { "\(clean(song.artist)) – \(clean(song.title))" }

  /// A MusicBrainz id in canonical lowercase 8-4-4-4-12 form, or nil when it is not one.
  public static func normalizedMBID(_ text: String) -> String? {
    let lower = text.trimmingCharacters(in: .whitespaces).lowercased()
    let groups = lower.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) }) else { return nil }
    return lower
  }

  /// Trimmed, without NUL characters (the server refuses strings containing U+0000).
  static func clean(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{0}", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

public enum SubmissionBody {
  /// `{"listen_type":"…","payload":[…]}` from the stored listen bytes, copied verbatim.
  public static func make(type: ListenType, listens: [Data]) -> Data {
    var body = Data("{\"listen_type\":\"\(type.rawValue)\",\"payload\":[".utf8)
    for (index, listen) in listens.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body.append(listen)
    }
    body.append(contentsOf: Array("]}".utf8))
    return body
  }

  static func overhead(type: ListenType) -> Int { make(type: type, listens: []).count }

  /// Whether a 200 from submit-listens is ListenBrainz's own `{"status": "ok"}`. Anything else (a
  /// captive portal's login page, a proxy's answer) means the listens may not have reached it.
  public static func isConfirmation(_ body: Data) -> Bool {
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return false }
    return object["status"] as? String == "ok"
  }

  /// The start of an answer on one line, to name it in a message.
  static func excerpt(_ body: Data, limit: Int = 60) -> String {
    let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
      .split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    if text.isEmpty { return "an empty body" }
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }
}
