// Tests for TunesCLI.
