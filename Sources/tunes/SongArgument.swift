// How the commands that act on one SONG (info, love, hate, unrate, lb pin) read it: a song id, or a file
// path (relative to the current folder, symlinks resolved, or as indexed), before it is taken as a query.
import Foundation
import TunesLibrary

enum SongArgument {
  /// The indexed song that `words` names when they are one id or one path; nil otherwise, and the
  /// caller then reads them as a query.
  static func byIdOrPath(_ words: [String], in library: Library) throws -> Song? {
    guard words.count == 1 else { return nil }
    let text = words[0]
    if let id = Int64(text), let found = try library.song(id: id) { return found }
    guard text.contains("/") else { return nil }
    let absolute = text.hasPrefix("/") ? text : FileManager.default.currentDirectoryPath + "/" + text
    let resolved = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
    return try library.song(path: resolved) ?? library.song(path: text)
  }
}
