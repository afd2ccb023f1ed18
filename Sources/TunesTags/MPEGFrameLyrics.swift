// Synced lyrics timed in MPEG frames (an ID3v2 SYLT frame whose time stamp format is 1) rather than in
// milliseconds. A frame lasts the stream's samples per frame over its sample rate (1152/44100 s for
// MPEG-1 Layer III, 576/24000 s for MPEG-2 Layer III), which only the MP3 reader knows once it has found
// the first audio frame: the ID3v2 parser keeps these lines apart and TagReader turns them into
// milliseconds there. A file that is not MPEG audio (an ID3v2 tag before FLAC) has no frames to count,
// and its lines are refused with a warning.
//
// Frames are counted from the stream's first (a Xing/Info frame among them, as the tag cannot know of
// it): a gapless player's clock runs up to one frame plus the encoder delay (about 50 ms at 44.1 kHz)
// behind, well under the time one line of lyrics is sung.

struct MPEGFrameLyrics: Sendable, Equatable {
  struct Line: Sendable, Equatable {
    /// The frame the line starts at, counted from the stream's first.
    var frame: Int
    var text: String
  }

  /// In the order of their frames.
  var lines: [Line]

  /// The lines in milliseconds, each rounded to the nearest; empty for a header without a sample rate.
  func timed(samplesPerFrame: Int, sampleRate: Int) -> [TimedLyric] {
    guard sampleRate > 0, samplesPerFrame > 0 else { return [] }
    // A frame number is at most 2^32 - 1 and a frame at most 1152 samples: the product fits in 64 bits.
    return lines.map {
      TimedLyric(milliseconds: ($0.frame * samplesPerFrame * 1000 + sampleRate / 2) / sampleRate, text: $0.text)
    }
  }
}
