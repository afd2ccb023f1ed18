// Tests for TunesControl.
