// iTunes' gapless information, the `----:com.apple.iTunes:iTunSMPB` tag: hexadecimal words of which the
// second is the encoder delay, the third the padding and the fourth the original sample count.

struct MP4Gapless: Equatable {
  var delay: Int
  var padding: Int
  var samples: Int

  /// nil unless the text holds at least four hex words and a sample count above zero.
  init?(_ text: String) {
    let words = text.split(separator: " ").map { Int($0, radix: 16) }
    guard words.count >= 4, let delay = words[1], let padding = words[2], let samples = words[3], samples > 0 else {
      return nil
    }
    self.delay = delay
    self.padding = padding
    self.samples = samples
  }
}
