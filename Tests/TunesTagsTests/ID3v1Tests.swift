// ID3v1 and v1.1 records: Latin-1 fields, the v1.1 track byte, the genre byte.

import Testing

@testable import TunesTags

@Suite struct ID3v1Tests {
  @Test func v11WithTrackAndGenre() throws {
    let t = try #require(
      ID3v1Parser.parse(
        id3v1(title: "Café", artist: "Björn", album: "Album", year: "1984", comment: "Hi", track: 7, genre: 17)))
    #expect(t.title == "Café")
    #expect(t.artist == "Björn")
    #expect(t.album == "Album")
    #expect(t.year == 1984)
    #expect(t.comment == "Hi")
    #expect(t.trackNumber == 7)
    #expect(t.genres == ["Rock"])
    #expect(t.versions == ["ID3v1.1"])
  }

  @Test func v10HasAThirtyByteComment() throws {
    let comment = String(repeating: "c", count: 30)
    let t = try #require(ID3v1Parser.parse(id3v1(title: "T", comment: comment, genre: 255)))
    #expect(t.comment == comment)
    #expect(t.trackNumber == nil)
    #expect(t.genres == [])
    #expect(t.versions == ["ID3v1"])
  }

  @Test func spacePaddedFieldsAreTrimmed() throws {
    var record = id3v1(title: "Padded", genre: 8)
    for k in 9..<33 { record[k] = 0x20 }
    let t = try #require(ID3v1Parser.parse(record))
    #expect(t.title == "Padded")
    #expect(t.genres == ["Jazz"])
  }

  @Test func winampExtendedGenre() throws {
    #expect(try #require(ID3v1Parser.parse(id3v1(genre: 191))).genres == ["Psybient"])
    #expect(try #require(ID3v1Parser.parse(id3v1(genre: 200))).genres == [])
  }

  @Test func readsTheLast128BytesOfAFile() throws {
    let file = [UInt8](repeating: 0x55, count: 1000) + id3v1(title: "At the end")
    #expect(try #require(ID3v1Parser.parse(file)).title == "At the end")
  }

  @Test func noRecord() {
    #expect(ID3v1Parser.parse([UInt8](repeating: 0, count: 128)) == nil)
    #expect(ID3v1Parser.parse(Array("TAG".utf8)) == nil)
  }
}
