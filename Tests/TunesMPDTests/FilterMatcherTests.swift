// The compiled filter against the plain String reading of MPD filters, on random songs whose values mix
// ASCII with case-folding traps (ß, İ, the Kelvin sign, CRLF, combining marks).
import Foundation
import Testing
import TunesMPDTesting

@testable import TunesMPD

@Suite struct FilterMatcherTests {
  /// Seeds 1–3: one value per tag; 4–5: up to three values per tag.
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64]) func matcherAgreesWithTheStringReading(seed: UInt64) {
    var random = SplitMix(state: seed)
    var held = 0
    for _ in 0..<3000 {
      let song = MPDFilterSamples.song(&random, maxValues: seed > 3 ? 3 : 1)
      let filter = MPDFilter((0..<1 + Int(random.next() % 2)).map { _ in MPDFilterSamples.clause(&random, song: song) })
      let expected = stringReading(filter, song)
      let matcher = MPDFilter.Matcher(filter)
      #expect(matcher.matches(song) == expected, "\(filter) on \(song)")
      // The same values as bytes in place, as the library scan hands them over.
      let byBytes = matchesInPlace(matcher, song)
      #expect(byBytes == expected, "bytes: \(filter) on \(song)")
      if expected { held += 1 }
    }
    #expect(held > 300, "too few filters held to test matches: \(held)")
  }

  /// mpd's `any` reads the song's tags, never its URI: `search any xing` finds no song only its file names.
  @Test func anyLooksAtTheTagsNotTheFile() throws {
    let song = MPDSong(file: "Crossing/xing.mp3", tags: [.title: "Road", .artist: "Ann"])
    #expect(try !MPDFilter.parse(["any", "xing"], substring: true).matches(song))
    #expect(try !MPDFilter.parse(["any", "Crossing/xing.mp3"], substring: false).matches(song))
    #expect(try !MPDFilter.parse(["(any contains 'xing')"], substring: false).matches(song))
    #expect(try MPDFilter.parse(["any", "road"], substring: true).matches(song))
    #expect(try MPDFilter.parse(["file", "xing"], substring: true).matches(song))
  }

  /// MPD's TagSongFilter on a song with two artists: a clause holds when any value matches, and `!=` is
  /// the negation of `==` over all of them.
  @Test func severalValuesMatchWhenAnyDoesAndNotEqualRejectsAnyEqual() throws {
    let song = MPDSong(file: "a.mp3", tags: [.artist: "Anna", .artist: "Ben", .genre: "Jazz"])
    func holds(_ expression: String) throws -> Bool { try MPDFilter.parse([expression], substring: false).matches(song) }
    #expect(try holds("(Artist == \"Ben\")"))
    #expect(try holds("(Artist == \"Anna\")"))
    #expect(try !holds("(Artist != \"Anna\")"))
    #expect(try holds("(Artist != \"Cleo\")"))
    #expect(try !holds("(!(Artist == \"Ben\"))"))
    #expect(try holds("(Artist contains \"nn\")"))
    #expect(try holds("(Artist =~ \"^B\")"))
    #expect(try holds("(Artist starts_with \"Be\")"))
  }

  /// A song without the tag: its fallback is read (album artist → artist, sort names → names); without
  /// that too, only an empty value matches, whatever the operator, and `!=` then holds for any other value.
  @Test func aMissingTagReadsItsFallbackThenMatchesOnlyEmptyValues() throws {
    let song = MPDSong(file: "a.mp3", tags: [.artist: "Anna", .artist: "Ben", .album: "Blue"])
    func holds(_ expression: String) throws -> Bool { try MPDFilter.parse([expression], substring: false).matches(song) }
    #expect(try holds("(AlbumArtist == \"Ben\")"))
    #expect(try holds("(ArtistSort == \"Anna\")"))
    #expect(try holds("(AlbumArtistSort == \"Ben\")"))
    #expect(try holds("(AlbumSort == \"Blue\")"))
    #expect(try !holds("(AlbumArtist != \"Ben\")"))
    #expect(try holds("(Composer == \"\")"))
    #expect(try !holds("(Composer != \"\")"))
    #expect(try holds("(Composer != \"x\")"))
    #expect(try !holds("(Composer =~ \"^$\")"))
    #expect(try !holds("(Title contains \"x\")"))
  }

  /// Foundation's `contains` read a NUL as the needle's end ("ab" contained "b\0") and trapped on
  /// "aé" and "é\0": a client's search could stop the player.
  @Test func aNeedleEndingInNULIsAnOrdinaryCharacter() {
    for (title, needle, expected) in [
      ("aé", "é\0", false), ("ab", "b\0", false), ("aé\0x", "é\0", true), ("a\u{FFFD}", "\u{FFFD}\0", false),
    ] {
      let song = MPDSong(file: "a/b.mp3", tags: [.title: title])
      let filter = MPDFilter([MPDFilter.Clause(field: .tag(.title), op: .contains, value: needle, ignoreCase: true)])
      #expect(
        MPDFilter.Matcher(filter).matches(song) == expected, "\(title.debugDescription) contains \(needle.debugDescription)")
    }
  }

  @Test func carriageReturnBeforeLineFeedIsOneCharacter() {
    let song = MPDSong(file: "a/b.mp3", tags: [.title: "a\r\nb"])
    for (op, value, expected) in [
      (MPDFilter.Operator.startsWith, "a\r", false), (.contains, "\n", false), (.contains, "a\r", false),
      (.contains, "\r\nb", true),
    ] {
      let filter = MPDFilter([MPDFilter.Clause(field: .tag(.title), op: op, value: value, ignoreCase: false)])
      #expect(stringReading(filter, song) == expected)
      #expect(MPDFilter.Matcher(filter).matches(song) == expected)
      let byBytes = matchesInPlace(MPDFilter.Matcher(filter), song)
      #expect(byBytes == expected, "\(op) \(value.debugDescription)")
    }
  }

  @Test func brokenUTF8IsReadAsStringReadsIt() {
    let broken: [[UInt8]] = [
      [0x61, 0xC3], [0xC0, 0x81, 0x61], [0x80, 0x61], [0xED, 0xA0, 0x80], [0x41, 0xFF, 0x42], [0xF0, 0x82, 0x9C, 0xA8],
      [0xE2, 0x9C],
    ]
    for bytes in broken {
      let value = String(decoding: bytes, as: UTF8.self)
      let song = MPDSong(file: "x.mp3", tags: [.artist: value])
      for needle in ["a", "A", "\u{FFFD}", "✨", value] {
        for op in [MPDFilter.Operator.contains, .equal, .startsWith] {
          let filter = MPDFilter([MPDFilter.Clause(field: .tag(.artist), op: op, value: needle, ignoreCase: true)])
          let byBytes = bytes.withUnsafeBufferPointer { buffer in
            MPDFilter.Matcher(filter).matches(file: { .string("x.mp3") }, tag: { $0 == .artist ? .bytes(buffer) : nil })
          }
          #expect(byBytes == stringReading(filter, song), "\(bytes) \(op) \(needle.debugDescription)")
        }
      }
    }
  }

  /// Every scalar below U+20000 that PlainText lets through: Swift lowercases it to what the table
  /// says, it is a Character of its own whatever stands beside it, and normalization leaves it alone.
  @Test func plainScalarsAreWhatTheByteComparisonAssumes() {
    var plain = 0
    for value in 0..<0x20000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      var bytes = Array(text.utf8)
      let isPlain = bytes.withUnsafeMutableBufferPointer { buffer in
        PlainText.copy(UnsafeBufferPointer(buffer), into: buffer, lowercasing: true)
      }
      guard isPlain else { continue }
      plain += 1
      #expect(bytes == Array(text.lowercased().utf8), "U+\(String(value, radix: 16)) lowercases otherwise")
      #expect("a\(text)a".count == 3 && "\(text)\(text)".count == 2, "U+\(String(value, radix: 16)) joins a Character")
      for neighbour in ["", "a", "e", "\u{AC00}", "\u{3042}", "\u{627}", "🔥", text] {
        let pair = neighbour + text
        #expect(
          Array(pair.precomposedStringWithCanonicalMapping.unicodeScalars) == Array(pair.unicodeScalars),
          "U+\(String(value, radix: 16)) after \(neighbour.debugDescription) is not in NFC")
      }
    }
    #expect(plain > 30_000)
  }
}
