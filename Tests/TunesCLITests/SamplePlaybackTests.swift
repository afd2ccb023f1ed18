// `tunes play` over the sample library through ALSA's null device, as Scripts/sample does on a machine
// without a sound card: not a terminal, so one line per song started, and the whole queue plays.
import Foundation
import Testing

@Suite struct SamplePlaybackTests {
  @Test func nullDevicePrintsOneLinePerSongAcrossAFormatChange() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    // Harbour Lights is 32 kHz mono and Two Rooms 44.1 kHz stereo: the output is reconfigured between them.
    let result = try sandbox.run(["play", "artist:lanterns", "--device", "null", "--pace", "max"])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let expected = [
      "Lanterns on the Water", "Fog Horn Lullaby", "North Pier", "Harbour Lights", "Lantern Reprise",
      "Front Room", "Window Seat", "Back Room", "Stairwell Echo",
    ]
    #expect(lines.count == expected.count, "\(result)")
    for (line, title) in zip(lines, expected) {
      #expect(line.hasPrefix("The Paper Lanterns – \(title) · "), "expected \(title): \(line)")
    }
  }

  @Test func aQueryWithNothingPlayableIsAnError() throws {
    let sandbox = try TunesSandbox()
    _ = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
    let result = try sandbox.run(["play", "artist:nobody-by-this-name", "--device", "null", "--pace", "max"])
    #expect(result.status != 0, "\(result)")
    #expect(!result.stderr.isEmpty, "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }
}
