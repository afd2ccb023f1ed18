// The walk decides on a name's raw bytes (FileWalker.isMP3(bytes:)) and the rescan finds each row's file
// by the bytes of its path (WalkedFiles): names in upper or mixed case, non-ASCII names in either Unicode
// normal form, and names that are not UTF-8 at all must each be indexed and then found unchanged, or be
// reported by name; none may vanish without a word.
import Foundation
import Testing

@testable import TunesLibrary

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct NameBytesTests {
  /// Writes a fixture song (see `fakeReader`) at `music` + "/" + a name given as raw bytes.
  func create(_ temp: TempLibrary, _ name: [UInt8]) throws {
    let path = Array(temp.music.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    }
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let text = Array("title=\(String(decoding: name, as: UTF8.self))".utf8)
    #expect(write(descriptor, text, text.count) == text.count)
  }

  @Test func everyExtensionCaseAndNormalFormIsIndexedAndFoundUnchanged() throws {
    let temp = try TempLibrary()
    let names = [
      "UPPER.MP3", "Mixed.Flac", "Loud.OGG", "Book.M4B", "Talk.OpuS",
      "Caf\u{E9}.mp3", "Cafe\u{301}.mp3", "\u{C5}ngstr\u{F6}m.FLAC", "A\u{30A}ngstro\u{308}m.FLAC", "日本語.Ogg",
    ]
    for name in names { try create(temp, Array(name.utf8)) }
    let report = try temp.index()
    #expect(report.errors.isEmpty, "\(report.errors)")
    let expected = names.map { temp.music + "/" + $0 }
    #expect(Set(report.added.map { Array($0.utf8) }) == Set(expected.map { Array($0.utf8) }))
    let stored = try temp.library.readSongs { try $0.songsInPathOrder().map(\.path) }
    #expect(Set(stored.map { Array($0.utf8) }) == Set(expected.map { Array($0.utf8) }))

    temp.reads.reset()
    let again = try temp.index()
    #expect(again.unchanged == names.count && !again.changedAnything && again.errors.isEmpty, "\(again)")
    #expect(temp.reads.all.isEmpty)
  }

  @Test func namesThatAreNotUTF8AreReportedForEveryAudioExtensionAndPlaylists() throws {
    let temp = try TempLibrary()
    try temp.write("ok.Flac", ["title": "Fine"])
    // Latin-1 "é" (0xE9) and "Ö" (0xD6): not UTF-8.
    let latin1: [[UInt8]] = [
      Array("caf".utf8) + [0xE9] + Array(".flac".utf8), Array("caf".utf8) + [0xE9] + Array(".MP3".utf8),
      Array("Bj".utf8) + [0xD6] + Array("rk.Ogg".utf8), Array("mix".utf8) + [0xE9] + Array(".M3U8".utf8),
    ]
    for name in latin1 { try create(temp, name) }
    // Not audio: of no concern, as before.
    try create(temp, Array("notes".utf8) + [0xE9] + Array(".txt".utf8))

    let report = try temp.index()
    #expect(report.added == [temp.music + "/ok.Flac"])
    let reason = "file name is not UTF-8; rename it to index it"
    #expect(
      report.errors.sorted { $0.path < $1.path } == [
        IndexProblem(path: temp.music + "/Bj\\xD6rk.Ogg", reason: reason),
        IndexProblem(path: temp.music + "/caf\\xE9.MP3", reason: reason),
        IndexProblem(path: temp.music + "/caf\\xE9.flac", reason: reason),
        IndexProblem(path: temp.music + "/mix\\xE9.M3U8", reason: reason),
      ])
    let again = try temp.index()
    #expect(again.unchanged == 1 && !again.changedAnything && again.errors.count == 4, "\(again)")
  }
}
