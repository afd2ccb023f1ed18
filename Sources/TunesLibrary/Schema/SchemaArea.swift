// The areas that share the library database, each owning its own tables: the vocabulary the one
// ordered list of migrations (Schema.swift) names its migrations' owners with.
public enum SchemaArea: String, Sendable, CaseIterable {
  /// Songs, artists, albums, their full-text index and the library generation (TunesLibrary).
  case library
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
