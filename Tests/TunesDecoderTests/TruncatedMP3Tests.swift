// An MP3 cut short (a download that stopped) keeps its Xing/Info header, whose frame count is the whole
// song's. The decoder's length is what the file plays, as the library's is: the player once showed
// 0:13 for a file that played 4 s and ended, and asked for a listen of half of 13 s.
import Foundation
import Testing
import TunesCore

@testable import TunesDecoder

@Suite struct TruncatedMP3Tests {
  @Test(arguments: ["stereo44", "vbr"]) func theLengthOfACutFileIsWhatItPlays(fixture: String) throws {
    let fixtures = try Fixtures.get()
    let whole = try Data(contentsOf: URL(fileURLWithPath: fixture == "vbr" ? fixtures.vbr : fixtures.stereo44))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cut = folder.appendingPathComponent("cut.mp3")
    try whole.prefix(whole.count / 3).write(to: cut)

    let header = try MPG123Decoder(path: cut.path)
    let announced = try #require(header.totalFrames)
    let played = try decodeRest(header).count / header.format.bytesPerFrame
    #expect(played < 3 * 44100 / 2, "the cut file played \(played) frames")
    // Within a frame of what plays (the encoder's padding at the end is gone with the end).
    #expect(abs(announced - played) <= 1152, "announced \(announced) frames, played \(played)")
    // And it is said to be cut short, so that nothing measured from it is taken for the song's.
    #expect(header.warnings.contains { $0.contains("(truncated)") }, "\(header.warnings)")
    // The whole file still trusts its header, and is not said to be cut short.
    let wholeFile = try MPG123Decoder(path: fixture == "vbr" ? fixtures.vbr : fixtures.stereo44)
    #expect(wholeFile.totalFrames == 3 * 44100)
    #expect(wholeFile.warnings.isEmpty, "\(wholeFile.warnings)")
  }
}
