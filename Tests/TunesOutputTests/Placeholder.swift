// Tests for TunesOutput.
