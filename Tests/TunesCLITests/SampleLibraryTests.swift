// End to end over the bundled SampleLibrary/: `tunes index` (the broken file is reported, the rest
// indexed), `tunes ls songs --json` (catalogue and tags merged) and `tunes search` (accents folded).
// Expected values come from the library's definition (SampleLibrary/sample_library.py, Docs/Sample.md).
import Foundation
import Testing

/// A sandbox whose database holds the sample library, indexed once per test.
private func indexedSample() throws -> (TunesSandbox, RunResult) {
  let sandbox = try TunesSandbox()
  let result = try sandbox.run(["index", TunesExecutable.sampleLibrary.path])
  return (sandbox, result)
}

private func songs(_ sandbox: TunesSandbox, _ arguments: [String] = []) throws -> [[String: Any]] {
  let result = try sandbox.run(["ls", "songs"] + arguments + ["--json"])
  #expect(result.status == 0, "\(result)")
  return try #require(try result.json() as? [[String: Any]], "\(result)")
}

private func song(_ all: [[String: Any]], titled title: String) throws -> [String: Any] {
  try #require(all.first { $0["title"] as? String == title }, "no song titled \(title)")
}

private func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

/// The two problems the sample library holds on purpose: a broken file, and a catalogue entry whose
/// file does not exist. Every other file must index cleanly.
private let expectedProblems = ["Broken/not-really.mp3", "Small Hours/04 The Lost Take"]

@Suite struct SampleLibraryTests {
  @Test func indexReportsTheBrokenFileByPathAndExitsOne() throws {
    let (_, result) = try indexedSample()
    #expect(result.status == 1, "\(result)")
    let reports = result.stderr.split(separator: "\n").filter { $0.contains(".mp3") || $0.contains("Lost Take") }
    #expect(reports.contains { $0.contains("SampleLibrary/Broken/not-really.mp3") }, "\(result)")
    for line in reports {
      #expect(expectedProblems.contains { line.contains($0) }, "unexpected report: \(line)")
    }
  }

  @Test func indexJSONSummaryCountsTheSongsAndNamesBothProblems() throws {
    let sandbox = try TunesSandbox()
    let result = try sandbox.run(["index", "--json", TunesExecutable.sampleLibrary.path])
    #expect(result.status == 1, "\(result)")
    let summary = try #require(try result.json() as? [String: Any], "\(result)")
    let errors = try #require(summary["errors"] as? [[String: Any]], "\(result)")
    let paths = errors.compactMap { $0["path"] as? String }.sorted()
    #expect(paths.count == 2, "\(result)")
    #expect(paths.first?.hasSuffix("SampleLibrary/Broken/not-really.mp3") == true, "\(result)")
    #expect(paths.last?.contains("Small Hours/04 The Lost Take") == true, "\(result)")
    #expect(errors.allSatisfy { !(($0["reason"] as? String) ?? "").isEmpty }, "\(result)")
    let added = int(summary["added"]) ?? (summary["added"] as? [Any])?.count
    // 22 MP3 songs and the 4 of Other Formats (FLAC, Opus, M4A).
    #expect(added == 26, "\(result)")
  }

  @Test func everyPlayableFileIsIndexedAndNothingElse() throws {
    let (sandbox, _) = try indexedSample()
    let all = try songs(sandbox)
    #expect(all.count == 26)
    let paths = all.compactMap { $0["path"] as? String }
    #expect(!paths.contains { $0.hasSuffix("not-really.mp3") })
    // Listed in the catalogue, but the file is missing: not a song.
    #expect(!all.contains { $0["title"] as? String == "The Lost Take" })
    // Not in the catalogue: only the filesystem scan finds these.
    for title in [
      "Lantern Reprise", "Morning Static", "Birch Road", "Cold Frame", "Paper Boats", "Deep Lossless", "Mono Opus",
      "Gapless Apple", "Two Tags",
    ] {
      #expect(all.contains { $0["title"] as? String == title }, "missing \(title)")
    }
  }

  @Test func catalogueTitleWinsOverTheTags() throws {
    let (sandbox, _) = try indexedSample()
    let all = try songs(sandbox)
    let waltz = try song(all, titled: "Crème Brûlée Waltz")
    #expect((waltz["path"] as? String)?.hasSuffix("Late Night Kitchen/02 Untitled Sketch 2.mp3") == true)
    #expect(!all.contains { $0["title"] as? String == "Untitled Sketch 2" })
  }

  @Test func accentedNamesSurviveUTF16AndUTF8Tags() throws {
    let (sandbox, _) = try indexedSample()
    let all = try songs(sandbox)
    let cafe = try song(all, titled: "Café Blues")  // ID3v2.3, UTF-16
    #expect(cafe["artist"] as? String == "Zoë Marlowe")
    #expect(cafe["album"] as? String == "Late Night Kitchen")
    #expect(int(cafe["trackNumber"]) == 1)
    #expect(int(cafe["year"]) == 2021)
    let apfel = try song(all, titled: "Äpfel im Schnee")  // ID3v2.4, UTF-8
    #expect(apfel["artist"] as? String == "Zoë Marlowe")
    #expect(int(apfel["trackNumber"]) == 2)
  }

  @Test func discsCompilationsAndV1OnlyTags() throws {
    let (sandbox, _) = try indexedSample()
    let all = try songs(sandbox)
    let stairwell = try song(all, titled: "Stairwell Echo")
    #expect(int(stairwell["discNumber"]) == 2)
    #expect(int(stairwell["trackNumber"]) == 2)
    let boats = try song(all, titled: "Paper Boats")
    #expect(boats["artist"] as? String == "Mira Okafor")
    #expect(boats["albumArtist"] as? String == "Various Artists")
    let frame = try song(all, titled: "Cold Frame")  // ID3v1.1 only
    #expect(frame["artist"] as? String == "Ansel Grey")
    #expect(frame["album"] as? String == "Field Notes")
    #expect(int(frame["year"]) == 2018)
    #expect(int(frame["trackNumber"]) == 3)
  }

  @Test func durationsAreExactWithAndWithoutAnInfoHeader() throws {
    let (sandbox, _) = try indexedSample()
    let all = try songs(sandbox)
    // 12 s of audio with a LAME Info header: exact after removing encoder delay and padding.
    let cafe = try #require(int(try song(all, titled: "Café Blues")["durationMs"]))
    #expect(abs(cafe - 12_000) <= 30, "Café Blues: \(cafe) ms")
    // 20 s with `lame -t` (no header): the frame count gives 20 s plus at most two frames of padding.
    let birch = try #require(int(try song(all, titled: "Birch Road")["durationMs"]))
    #expect(birch >= 19_970 && birch <= 20_110, "Birch Road: \(birch) ms")
    // 32 kHz mono.
    let pier = try #require(int(try song(all, titled: "North Pier")["durationMs"]))
    #expect(abs(pier - 11_000) <= 40, "North Pier: \(pier) ms")
  }

  @Test func musicBrainzRecordingIdComesFromTheUFIDFrame() throws {
    let (sandbox, _) = try indexedSample()
    let all = try songs(sandbox)
    // uuid5(NAMESPACE_URL, "tunes-sample:recording:North Pier"), written by sample_library.py.
    let pier = try song(all, titled: "North Pier")
    #expect(pier["recordingMbid"] as? String == "0b734981-5d46-59d6-9a1f-8614d29da2ab")
  }

  @Test func searchFoldsCaseAndAccentsAndMatchesPrefixes() throws {
    let (sandbox, _) = try indexedSample()
    let result = try sandbox.run(["search", "cafe", "blu"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("Café Blues"), "\(result)")
    #expect(!result.stdout.contains("Paper Boats"), "\(result)")
  }

  @Test func searchFindsArtistsByFoldedNames() throws {
    let (sandbox, _) = try indexedSample()
    let result = try sandbox.run(["ls", "songs", "zoe", "--json"])
    #expect(result.status == 0, "\(result)")
    let found = try #require(try result.json() as? [[String: Any]], "\(result)")
    // Eight songs by Zoë Marlowe: four on Late Night Kitchen, three on Small Hours, one on the sampler.
    #expect(found.count == 8, "\(result)")
    #expect(found.allSatisfy { $0["artist"] as? String == "Zoë Marlowe" }, "\(result)")
  }
}
