// Tests for TunesPlaylists.
