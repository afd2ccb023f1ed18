// Where a song's lyrics come from, in the order a user who put them there expects: an `.lrc` file beside
// the song with its base name (the user's own file, usually synced), then the tags' synced lyrics (ID3v2
// SYLT), then the tags' text (ID3v2 USLT, Vorbis/FLAC/Opus LYRICS or UNSYNCEDLYRICS, MP4 ©lyr), which is
// read as LRC when it holds stamps. The tags are read by TunesTags' TagReader, the reader the index uses.
// Sizes are bounded: a lyrics file or tag text over 256 KiB is not shown, and the view says why.
import Foundation
import TunesTags

enum LyricsLoader {
  static let maxBytes = 256 * 1024

  enum Result: Equatable {
    case found(Lyrics, source: String)
    case none
    /// Lyrics exist but cannot be shown; the reason, for the view.
    case problem(String)
  }

  static func load(songPath: String) -> Result {
    let lrc = (songPath as NSString).deletingPathExtension + ".lrc"
    var problem: String?
    switch readLRC(lrc) {
    case .found(let lyrics, let source): return .found(lyrics, source: source)
    case .problem(let reason): problem = reason
    case .none: break
    }
    guard let tags = try? TagReader.read(path: songPath).tags else { return problem.map(Result.problem) ?? .none }
    if let timed = tags.syncedLyrics, !timed.isEmpty {
      return .found(Lyrics(timed: Array(timed.prefix(Lyrics.maxLines))), source: "synced lyrics tag")
    }
    if let text = tags.lyrics, !text.isEmpty {
      guard text.utf8.count <= maxBytes else {
        return .problem("the lyrics tag is larger than \(maxBytes / 1024) KiB; not shown")
      }
      return .found(Lyrics(text: text), source: "lyrics tag")
    }
    return problem.map(Result.problem) ?? .none
  }

  /// The `.lrc` file at `path`, when there is one.
  static func readLRC(_ path: String) -> Result {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .none }
    let name = (path as NSString).lastPathComponent
    guard info.st_size <= maxBytes else { return .problem("\(name) is larger than \(maxBytes / 1024) KiB; not shown") }
    guard let data = FileManager.default.contents(atPath: path) else { return .problem("\(name) cannot be read") }
    // UTF-8 (with or without a BOM), else Latin-1, which older LRC tools write.
    let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
    let lyrics = LRCParser.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
    return lyrics.lines.isEmpty ? .none : .found(lyrics, source: name)
  }
}
