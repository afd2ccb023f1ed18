// What love/hate/unrate, pin, recommend and review share: the song acted on (a SONG named by id, path or
// query, else the song the running player plays) and the recording id ListenBrainz knows it by: its
// recording MBID (for the playing song, the one its tags carry as the player reports them, so a tagged
// song needs no earlier listen), else the MBID or MSID of the same track among the user's recent listens.
import Foundation
import TunesControl
import TunesCore
import TunesLibrary
import TunesListenBrainz
import TunesMPD
import TunesTags

enum ListenBrainzActing {
  /// The song acted on, as ListenBrainz may know it.
  struct Target {
    var label: String
    var artist: String
    var title: String
    var album: String?
    var recordingMbid: String?
    var recordingMsid: String?
    /// Its artists' MBIDs (reviews of the artist).
    var artistMbids: [String] = []
  }

  /// The song named by `words` (an id, a path, or a query matching exactly one song), or the playing one
  /// (of the player at `socketPath`, by default the one `--socket` names).
  static func song(_ words: [String], global: GlobalOptions, socketPath: String? = nil) throws -> Target {
    let library = try global.openLibrary(.createIfMissing)
    if words.isEmpty { return try playing(library: library, socketPath: socketPath ?? global.playerSocket) }
    let text = words.joined(separator: " ")
    if let found = try SongArgument.byIdOrPath(words, in: library) { return target(found) }
    let candidates = try library.songs(matching: LibraryQuery.parse(arguments: words))
    guard !candidates.isEmpty else { throw DashboardError.noSong(text) }
    guard candidates.count == 1 else {
      throw DashboardError.invalidArgument(
        "\(candidates.count) songs match '\(text)'; name one by id or path (see `tunes search`)")
    }
    return target(candidates[0])
  }

  static func target(_ song: Song) -> Target {
    Target(
      label: "\(song.artist) – \(song.title)", artist: song.artist, title: song.title, album: song.album,
      recordingMbid: PlaylistPush.mbid(song.recordingMbid), recordingMsid: nil,
      artistMbids: song.artistMbids.compactMap(PlaylistPush.mbid))
  }

  /// The running player's song, with the ids its tags carry as the player reports them (`currentsong`
  /// gives MUSICBRAINZ_TRACKID and MUSICBRAINZ_ARTISTID like mpd), else those of the library's row or
  /// of the file's own tags when the player names it by an absolute path.
  static func playing(library: Library, socketPath: String) throws -> Target {
    let result = Result { () throws(ControlError) -> MPDClient.Pairs in
      try PlayerRemote.connect(socketPath: socketPath).run("currentsong")
    }
    let pairs: MPDClient.Pairs
    switch result {
    case .success(let value): pairs = value
    case .failure(let error):
      if case .noPlayer = error { throw DashboardError.invalidArgument("no player is running; name a SONG (id, path or query)") }
      throw error
    }
    let fields = MPDClient.dictionary(pairs)
    guard let file = fields["file"] else { throw DashboardError.nothingPlaying }
    let song = PlayerReport.Song(fields)
    var found = Target(
      label: song.label, artist: song.artist ?? "", title: song.title ?? "", album: song.album,
      recordingMbid: PlaylistPush.mbid(fields[MPDTag.musicBrainzTrackID.rawValue]), recordingMsid: nil,
      artistMbids: pairs.filter { $0.0 == MPDTag.musicBrainzArtistID.rawValue }.compactMap { PlaylistPush.mbid($0.1) })
    if let row = try library.song(path: file) {
      let stored = target(row)
      found.recordingMbid = found.recordingMbid ?? stored.recordingMbid
      if found.artistMbids.isEmpty { found.artistMbids = stored.artistMbids }
    } else if file.hasPrefix("/"), found.recordingMbid == nil, let tags = try? TagReader.read(path: file).tags {
      found.recordingMbid = PlaylistPush.mbid(tags.recordingMbid)
    }
    return found
  }

  /// Fills in an MBID or MSID from the user's recent listens when the song has no MBID.
  static func identify(_ target: Target, dashboard: Dashboard, user: String?) async throws(DashboardError) -> Target {
    if target.recordingMbid != nil { return target }
    guard let user else { throw .noRecordingId(song: target.label) }
    let page = try await dashboard.listens(user: user, count: 100)
    let key = fold(target.artist) + "\u{1F}" + fold(target.title)
    guard let listen = page.listens.first(where: { fold($0.track.artistName) + "\u{1F}" + fold($0.track.trackName) == key })
    else {
      throw .noRecordingId(song: target.label)
    }
    var found = target
    found.recordingMbid = listen.track.recordingMbid
    found.recordingMsid = listen.track.recordingMsid
    guard found.recordingMbid != nil || found.recordingMsid != nil else { throw .noRecordingId(song: target.label) }
    return found
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The dashboard over the network (acting never reads the cache).
  static func online(global: GlobalOptions) throws -> (Dashboard, ListenBrainzAccess, Library) {
    let access = try ListenBrainzAccess(paths: global.paths)
    guard access.client.hasToken else { throw DashboardError.loginNeeded(what: "sending feedback or pins") }
    return (Dashboard(wire: access.wire), access, try global.openLibrary(.createIfMissing))
  }

  /// Queues `score` for the song in the outbox and sends everything queued for the account, oldest
  /// first. Returns what to print. `notes`: where lines about earlier queued writes go when this one is
  /// refused (standard output by default); `socketPath`: the player whose song is the playing one.
  static func giveFeedback(
    _ score: FeedbackScore, song words: [String], global: GlobalOptions, socketPath: String? = nil,
    notes: (([String]) -> Void)? = nil
  ) async throws -> String {
    var acting = try SocialActing(global: global, what: "sending feedback or pins")
    if let notes { acting.noteSink = notes }
    let target = try await identify(
      try song(words, global: global, socketPath: socketPath), dashboard: acting.dashboard, user: acting.user)
    let write = SocialWrite.feedback(
      recordingMbid: target.recordingMbid, recordingMsid: target.recordingMbid == nil ? target.recordingMsid : nil, score: score,
      label: target.label)
    let outcome = try await acting.perform(write)
    return SocialActing.text(outcome, done: write.label, label: write.label).joined(separator: "\n")
  }

  /// Pins the song (through the outbox, as feedback goes) with `blurb`; the lines to print, not yet
  /// made safe for a terminal.
  static func pin(
    song words: [String], blurb: String?, global: GlobalOptions, socketPath: String? = nil, notes: (([String]) -> Void)? = nil
  ) async throws -> [String] {
    var acting = try SocialActing(global: global, what: "sending feedback or pins")
    if let notes { acting.noteSink = notes }
    let target = try await identify(
      try song(words, global: global, socketPath: socketPath), dashboard: acting.dashboard, user: acting.user)
    let write = SocialWrite.pin(
      recordingMbid: target.recordingMbid, recordingMsid: target.recordingMbid == nil ? target.recordingMsid : nil,
      blurb: blurb, label: target.label)
    let outcome = try await acting.perform(write)
    var done = "pinned \(target.label)"
    if let until = outcome.answer.flatMap(TunesListenBrainz.Dashboard.pin(fromAnswer:))?.pinnedUntil {
      done += " until \(DashboardText.dateTime(epoch: until))"
    }
    return SocialActing.text(outcome, done: done, label: write.label)
  }
}
