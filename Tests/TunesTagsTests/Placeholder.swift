// Tests for TunesTags.
