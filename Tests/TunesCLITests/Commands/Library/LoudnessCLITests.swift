// `tunes loudness` over a library of several formats measures every song (not only the MP3s), and the
// gain the player applies is what `tunes info` and `tunes ls songs --json` show: the measured value over
// the LAME header's estimate, its source, and the dB applied under the ReplayGain mode.
import Foundation
import Testing

@Suite struct LoudnessCLITests {
  @Test func loudnessMeasuresEveryFormatAndTheViewsShowTheAppliedGain() throws {
    let sandbox = try TunesSandbox()
    let folder = try sandbox.makeFolder("music")
    let wav = folder.appendingPathComponent("tone.wav").path
    let sox = try runProcess(
      "/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "3", "sine", "440", "pinknoise", "vol", "0.5"],
      environment: [:])
    #expect(sox.status == 0, "\(sox.err)")
    let mp3 = folder.appendingPathComponent("tone.mp3").path
    let flac = folder.appendingPathComponent("tone.flac").path
    let ogg = folder.appendingPathComponent("tone.ogg").path
    for (tool, arguments) in [
      ("/usr/bin/lame", ["--quiet", wav, mp3]), ("/usr/bin/flac", ["-s", "-f", "-o", flac, wav]),
      ("/usr/bin/oggenc", ["-Q", "-o", ogg, wav]),
    ] {
      #expect(try runProcess(tool, arguments, environment: [:]).status == 0, "\(tool)")
    }
    try FileManager.default.removeItem(atPath: wav)
    #expect(try sandbox.run(["index", folder.path]).status == 0)

    let measured = try sandbox.run(["loudness"])
    #expect(measured.status == 0, "\(measured)")
    var gains: [String: Double] = [:]
    for line in measured.stdout.split(separator: "\n") {
      // "  -9.27 LUFS   -8.73 dB  peak 0.514039  /path"
      let cells = line.split(separator: " ", omittingEmptySubsequences: true)
      guard cells.count >= 7, cells[1] == "LUFS", let gain = Double(cells[2]) else { continue }
      gains[cells[6...].joined(separator: " ")] = gain
    }
    #expect(Set(gains.keys) == [mp3, flac, ogg], "\(measured)")

    // The MP3's LAME header gives an estimate as its tag; the player uses the measurement.
    #expect(try sandbox.run(["replaygain", "track"]).status == 0)
    let info = try #require(try sandbox.run(["info", mp3, "--json"]).json() as? [String: Any])
    #expect(info["rg_track_gain"] is Double, "the LAME header's estimate: \(info)")
    #expect(info["track_gain_source"] as? String == "measured")
    let trackGain = try #require(info["track_gain"] as? Double)
    #expect(abs(trackGain - gains[mp3]!) < 0.01)
    #expect(info["replaygain_mode"] as? String == "track")
    #expect((info["applied_gain"] as? Double).map { abs($0 - trackGain) < 0.01 } == true, "\(info)")

    let text = try sandbox.run(["info", mp3])
    #expect(text.status == 0, "\(text)")
    #expect(text.stdout.contains("measured by tunes loudness"), "\(text)")
    let applied = text.stdout.split(separator: "\n").first { $0.hasPrefix("applied gain ") }
    #expect(applied?.contains(String(format: " %+.2f dB (ReplayGain track", trackGain)) == true, "\(text)")

    let listed = try #require(try sandbox.run(["ls", "songs", "--json"]).json() as? [[String: Any]])
    #expect(listed.count == 3)
    for song in listed {
      let path = try #require(song["path"] as? String)
      #expect(song["trackGainSource"] as? String == "measured", "\(song)")
      #expect((song["trackGain"] as? Double).map { abs($0 - gains[path]!) < 0.01 } == true, "\(song)")
      #expect((song["appliedGain"] as? Double).map { abs($0 - gains[path]!) < 0.01 } == true, "\(song)")
    }

    // Off: nothing is applied, and the views say so.
    #expect(try sandbox.run(["replaygain", "off"]).status == 0)
    let off = try #require(try sandbox.run(["info", flac, "--json"]).json() as? [String: Any])
    #expect(off["applied_gain"] as? Double == 0)
  }
}
