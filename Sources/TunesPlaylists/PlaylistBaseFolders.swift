// Where else a playlist's relative entries may be relative to: MPD writes its playlists with paths
// relative to its music folder, which is rarely the folder the playlist file sits in.
import Foundation
import TunesLibrary

enum PlaylistBaseFolders {
  /// The library's music folder as the MPD server shows it: the deepest folder holding every song
  /// (nil for an empty library).
  static func musicFolder(_ library: Library) throws -> String? {
    guard let (first, last) = try library.readSongs({ try $0.pathBounds() }) else { return nil }
    // Split at "/" bytes: a Character-wise split misses a "/" that a combining mark joins.
    func folders(_ path: String) -> [ArraySlice<UInt8>] { Array(path.utf8).split(separator: UInt8(ascii: "/")).dropLast() }
    let common = zip(folders(first), folders(last)).prefix { $0 == $1 }.map { String(decoding: $0.0, as: UTF8.self) }
    return "/" + common.joined(separator: "/")
  }
}
