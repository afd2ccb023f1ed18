// Tests for TunesCore.
