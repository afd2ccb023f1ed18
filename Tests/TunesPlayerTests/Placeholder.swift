// Tests for TunesPlayer.
