// Tests for TunesListenBrainz.
