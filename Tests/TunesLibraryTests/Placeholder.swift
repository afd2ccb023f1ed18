// Tests for TunesLibrary.
