// The walk's table of files: found by a key and by bytes borrowed from elsewhere (as a rescan looks up
// SQLite's paths), byte for byte, in the order the files were added, through its growth; and the
// walk's test of an audio file's name on its bytes.
import Testing
import TunesTestSupport

@testable import TunesLibrary

@Suite struct WalkedFilesTests {
  func file(_ size: Int64) -> WalkedFile { WalkedFile(stamp: FileStamp(size: size, mtime: 0)) }

  func index(of path: String, in table: WalkedFiles) -> Int? {
    let bytes = Array(path.utf8)
    return bytes.withUnsafeBufferPointer { table.index(forBytes: $0, hash: PathKey.hash(of: $0)) }
  }

  @Test func everyPathIsFoundByItsBytesThroughTheTablesGrowth() {
    var table = WalkedFiles()
    let paths = (0..<5000).map { "/music/Artist \($0 % 97)/Album \($0 % 13)/\($0) - Song.mp3" }
    for (number, path) in paths.enumerated() { table[PathKey(path)] = file(Int64(number)) }
    #expect(table.count == paths.count)
    for (number, path) in paths.enumerated() {
      #expect(index(of: path, in: table) == number)
      #expect(table[PathKey(path)]?.stamp.size == Int64(number))
    }
    #expect(table.keys.map(\.path) == paths)  // the order they were added
    #expect(index(of: "/music/Artist 1/Album 1/1 - Song.mp", in: table) == nil)
    #expect(index(of: "/music/Artist 1/Album 1/1 - Song.mp3/", in: table) == nil)
    #expect(index(of: "", in: table) == nil)
  }

  @Test func canonicallyEqualPathsAreTwoFiles() {
    var table = WalkedFiles()
    table[PathKey("/m/Caf\u{E9}.mp3")] = file(1)
    #expect(index(of: "/m/Cafe\u{301}.mp3", in: table) == nil)
    table[PathKey("/m/Cafe\u{301}.mp3")] = file(2)
    #expect(table.count == 2)
    #expect(index(of: "/m/Caf\u{E9}.mp3", in: table) == 0)
    #expect(index(of: "/m/Cafe\u{301}.mp3", in: table) == 1)
  }

  @Test func settingAPathAgainReplacesItsFileAndMergeKeepsTheFirst() {
    var table = WalkedFiles()
    table.reserveCapacity(2)
    table[PathKey("/a.mp3")] = file(1)
    table[PathKey("/a.mp3")] = file(2)
    #expect(table.count == 1 && table[PathKey("/a.mp3")]?.stamp.size == 2)
    var other = WalkedFiles()
    other[PathKey("/a.mp3")] = file(3)
    other[PathKey("/b.mp3")] = file(4)
    table.merge(other)
    #expect(table.keys.map(\.path) == ["/a.mp3", "/b.mp3"])
    #expect(table.values.map(\.stamp.size) == [2, 4])
  }

  @Test func audioExtensionsAreToldFromTheNamesBytes() {
    let audio = ["a.mp3", "A.MP3", "b.flac", "c.ogg", "d.Oga", "e.opus", "f.m4a", "g.m4b", "h.mp4", ".flac", "/x/.mp3"]
    let other = [
      "a.mp", ".mp3", "x.aflac", "x.lmp3", "x.mp3.", "x.mp3x", "mp3", "x.opuss", "flac", "x.jpg", "x.m4", "x.mp3 ", "x.3pm",
      "x.calf",
    ]
    // As the walk asks, on the bytes of the directory entry's name.
    func isAudio(_ name: String) -> Bool { Array(name.utf8).withUnsafeBufferPointer { FileWalker.isMP3(bytes: $0) } }
    for name in audio { #expect(isAudio(name), "\(name)") }
    for name in other { #expect(!isAudio(name), "\(name)") }
  }
}
