// The areas that share the library database, each owning its own tables: the vocabulary the one
// ordered list of migrations (Schema.swift) names its migrations' owners with.
public enum SchemaArea: String, Sendable, CaseIterable {
  /// Songs, artists, albums, their full-text index and the library generation (TunesLibrary).
  case library
  /// What `tunes loudness` measured of the songs' audio (TunesLibrary, beside the songs it describes:
  /// a measurement holds only for the file as indexed, which the library alone knows).
  case measurements
  /// Playlists and their entries (TunesPlaylists).
  case playlists
  /// The persisted queue and player state (TunesPlayer).
  case playState
  /// Listens waiting for ListenBrainz and submission facts (TunesListenBrainz).
  case listens
  /// Cached dashboard answers and queued feedback (TunesListenBrainz's dashboards).
  case dashboard
  /// Stickers clients attach to songs through MPD's `sticker` commands (TunesPlayer's StickerSchema).
  case stickers
}

extension SchemaArea {
  /// The areas TunesLibrary declares itself; every other one is handed to `Library.init` by its module.
  public static let libraryOwned: Set<SchemaArea> = [.library, .measurements]
}
