// Tests for TunesDecoder.
