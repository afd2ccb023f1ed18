// What the now-playing view (8, `L`) holds for the song it shows: the lyrics and the decoded cover, read
// once when the song changes, and the cover drawn for one size and mode, kept until the song or the size
// changes. The cover comes from the player over MPD, as any client gets it (`readpicture`: the picture
// embedded in the tags; then `albumart`: cover.jpg, folder.jpg… beside the song), so the UI uses the
// player's own picture lookup rather than a second one. The lyrics are read from the song's file
// (LyricsLoader). None of this is play state: the song and the elapsed time are the player's snapshot.
import TunesMPD

struct NowPlayingPane {
  /// The MPD URI of the song loaded, nil before any.
  var uri: String?
  var lyrics = LyricsLoader.Result.none
  var picture: Pixels?
  /// The cover as last drawn, and for which size and mode.
  var art: CoverArt?
  var artKey: ArtKey?
  /// Where the cover's top-left cell is on screen (for the image protocols' sequence).
  var artOrigin: (row: Int, column: Int)?
  /// The image sequence last sent, so it is sent again only when the picture or the screen changed.
  var sentKey: ArtKey?
  /// The first lyrics line shown (plain lyrics scroll with the motions; synced ones follow the song).
  var top = 0

  struct ArtKey: Equatable {
    var uri: String
    var columns: Int
    var rows: Int
    var mode: CoverMode
  }

  /// Bytes of a picture taken from the player; a larger one is not shown.
  static let maxPictureBytes = 16 << 20

  /// The song's picture from the player: embedded first, then the folder's cover file; nil for neither.
  static func fetchPicture(_ link: PlayerLink, uri: String) -> [UInt8]? {
    // Larger chunks than MPD's 8 KiB default: a 300 KB cover in one round trip.
    _ = try? link.run("binarylimit", ["1048576"])
    for command in ["readpicture", "albumart"] {
      var data: [UInt8] = []
      var size = 0
      while true {
        guard let reply = try? link.client.runBinary(command, [uri, String(data.count)]) else { break }
        size = reply.pairs.first { $0.key == "size" }.flatMap { Int($0.value) } ?? 0
        guard size > 0, size <= maxPictureBytes, !reply.data.isEmpty else { break }
        data += reply.data
        if data.count >= size { break }
      }
      if size > 0, data.count == size { return data }
    }
    return nil
  }
}
