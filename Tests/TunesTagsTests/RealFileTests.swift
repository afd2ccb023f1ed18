// Files made by sox, lame and mutagen, read through TagReader.read: tags as written, and durations equal
// to the sample counts mpg123 decodes.

import Foundation
import Testing

@testable import TunesTags

@Suite struct RealFileTests {
  func files() throws -> RealFiles { try RealFiles.shared.get() }

  /// Reads `path` and checks its length against mpg123's decoded sample count.
  func readChecked(_ path: String, source: String) throws -> FileMetadata {
    let m = try TagReader.read(path: path)
    #expect(m.audio.sampleCount == (try mpg123SampleCount(path, channels: m.audio.channels)))
    #expect(m.audio.lengthSource == source)
    #expect(m.audio.durationMs == (m.audio.sampleCount * 1000 + m.audio.sampleRate / 2) / m.audio.sampleRate)
    return m
  }

  @Test func cbrWithInfoHeaderAndV23UTF16Tags() throws {
    let m = try readChecked(try files().cbrV23, source: "Info")
    #expect(m.audio.sampleCount == 220_500)  // exactly 5 s at 44.1 kHz
    #expect(m.audio.durationMs == 5000)
    #expect(m.audio.bitrate == 128 && m.audio.channels == 2 && m.audio.sampleRate == 44100)
    #expect(m.audio.encoder == "LAME3.100")
    let t = m.tags
    #expect(t.title == "Café Blues")
    #expect(t.artist == "Zoë Keating")
    #expect(t.album == "夜明けの歌")
    #expect(t.albumArtist == "Various Artists")
    #expect(t.trackNumber == 3 && t.trackTotal == 12)
    #expect(t.discNumber == 1 && t.discTotal == 2)
    #expect(t.year == 1999)
    #expect(t.genres == ["Rock"])
    #expect(t.isCompilation)
    #expect(t.composer == "Søren Kowalski")
    #expect(t.comment == "Ça va")
    #expect(t.recordingMbid == RealFiles.recordingID)
    #expect(t.releaseMbid == RealFiles.albumID)
    #expect(t.artistMbids == RealFiles.artistIDs)
    #expect(t.albumArtistMbids == [RealFiles.albumArtistID])
    #expect(t.releaseGroupMbid == RealFiles.releaseGroupID)
    #expect(t.versions == ["ID3v2.3"])
    #expect(m.warnings.isEmpty)
  }

  @Test func vbrWithXingHeaderAndV24UTF8Tags() throws {
    let m = try readChecked(try files().vbrV24, source: "Xing")
    #expect(m.audio.sampleCount == 220_500)
    let t = m.tags
    #expect(t.title == "Ночь 🌙")
    #expect(t.artist == "Anna; Ben")
    #expect(t.album == "Straße")
    #expect(t.trackNumber == 3 && t.trackTotal == nil)
    #expect(t.year == 2001)
    #expect(t.genres == ["Electronic", "Pop"])
    #expect(t.artistMbids == RealFiles.artistIDs)
    #expect(t.versions == ["ID3v2.4"])
    #expect(m.warnings.isEmpty)
  }

  @Test func withoutInfoHeaderTheFramesAreWalked() throws {
    let m = try readChecked(try files().noInfoV1, source: "frames")
    #expect(m.audio.bitrate == 128)
    let t = m.tags
    #expect(t.title == "Plain Title")
    #expect(t.artist == "Plain Artist")
    #expect(t.album == "Plain Album")
    #expect(t.year == 1999)
    #expect(t.trackNumber == 7)
    #expect(t.genres == ["Jazz"])
    #expect(t.versions == ["ID3v1.1"])
    // The ID3v1 record is not audio.
    let size = try #require(FileManagerSize.of(try files().noInfoV1))
    #expect(m.audio.audioOffset + m.audio.audioLength == size - 128)
  }

  @Test func handBuiltV22Tag() throws {
    let m = try readChecked(try files().v22, source: "Info")
    #expect(m.tags.title == "Vingt-deux")
    #expect(m.tags.artist == "Zoë")
    #expect(m.tags.trackNumber == 2 && m.tags.trackTotal == 9)
    #expect(m.tags.genres == ["Rock"])
    #expect(m.tags.year == 1998)
    #expect(m.tags.recordingMbid == RealFiles.recordingID)
  }

  @Test func mpeg2MonoVBR() throws {
    let m = try readChecked(try files().mpeg2Mono, source: "Xing")
    #expect(m.audio.mpegVersion == "2" && m.audio.channels == 1 && m.audio.sampleRate == 22050)
    #expect(m.audio.sampleCount == 3 * 22050)
  }

  @Test func mpeg25() throws {
    let m = try readChecked(try files().mpeg25, source: "Info")
    #expect(m.audio.mpegVersion == "2.5" && m.audio.sampleRate == 8000)
    #expect(m.audio.sampleCount == 2 * 8000)
  }

  @Test func retaggingKeepsTheAudioHash() throws {
    let f = try files()
    let plain = try TagReader.read(path: f.plain)
    let tagged = try TagReader.read(path: f.cbrV23)
    let v22 = try TagReader.read(path: f.v22)
    #expect(plain.audio.audioHash == tagged.audio.audioHash)
    #expect(plain.audio.audioHash == v22.audio.audioHash)
    #expect(plain.audio.audioLength == tagged.audio.audioLength)
    #expect(plain.audio.audioHash != (try TagReader.read(path: f.vbrV24)).audio.audioHash)
  }
}

enum FileManagerSize {
  static func of(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
  }
}
