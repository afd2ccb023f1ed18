// A FLAC stream whose encoder signed it (STREAMINFO's MD5 of the decoded samples, which `flac` writes) is
// named by that signature, folded to 64 bits, and read from its head alone; an unsigned one is still
// named by the hash of its audio's ends, which `AudioHash.ofRegion` gives again from the file (the value
// rows written before signatures held, which the indexer looks for when a file moved).
import Foundation
import Testing

@testable import TunesTags

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/metaflac")))
struct FLACSignatureTests {
  /// Three seconds of tones encoded by `flac`, larger than the head and tail the reader reads first.
  func signedFile(in folder: String) throws -> String {
    let wav = folder + "/tones.wav"
    let path = folder + "/tones.flac"
    _ = try run(
      "/usr/bin/sox", ["-n", "-r", "44100", "-b", "16", "-c", "2", wav, "synth", "3", "sine", "440", "sine", "660", "vol", "0.5"])
    _ = try run("/usr/bin/flac", ["-s", "-f", "-T", "TITLE=Signed", "-o", path, wav])
    return path
  }

  @Test func aSignedStreamIsNamedByTheSignatureMetaflacShows() throws {
    let path = try signedFile(in: try makeTemporaryFolder("flac-signature"))
    let md5 = String(decoding: try run("/usr/bin/metaflac", ["--show-md5sum", path]), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(md5.count == 32)
    let folded = try #require(UInt64(md5.prefix(16), radix: 16)) ^ (try #require(UInt64(md5.suffix(16), radix: 16)))
    let expected = String(repeating: "0", count: 16 - String(folded, radix: 16).count) + String(folded, radix: 16)
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    #expect(metadata.audio.audioHash == expected)
    #expect(metadata.tags.title == "Signed")
    // The metadata's head and the last frames (to see whether the file was cut short): not the padding
    // `flac` writes, nor any audio between.
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(size > TagReader.headBytes + TagReader.tailBytes)
    let tail = try Data(contentsOf: URL(fileURLWithPath: path)).withUnsafeBytes { TagReader.flacTailBytes($0) }
    #expect(bytesRead == TagReader.flacHeadBytes + tail)
    #expect(metadata == (try TagReader.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)))
  }

  @Test func anUnsignedStreamIsNamedByItsAudioAsBefore() throws {
    let folder = try makeTemporaryFolder("flac-unsigned")
    let signed = try signedFile(in: folder)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: signed)))
    // STREAMINFO is the first block, its body at byte 8; the signature is its last 16 bytes.
    for k in 26..<42 { bytes[k] = 0 }
    let path = folder + "/unsigned.flac"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (metadata, bytesRead) = try TagReader.readCounting(path: path)
    let whole = try TagReader.parse(bytes, path: path)
    #expect(metadata == whole)
    // The head, the last frames with the last hashed window, and the first window after the metadata
    // (behind `flac`'s padding).
    let tail = bytes.withUnsafeBytes { TagReader.flacTailBytes($0) }
    #expect(bytesRead == TagReader.flacHeadBytes + tail + AudioHash.window)
    #expect(metadata.audio.audioHash != (try TagReader.read(path: signed)).audio.audioHash)
    // The hash of the audio's ends, read again from the file: what every FLAC row held before.
    let region = AudioHash.ofRegion(path: path, offset: metadata.audio.audioOffset, length: metadata.audio.audioLength)
    #expect(region == metadata.audio.audioHash)
    #expect(
      region
        == bytes.withUnsafeBytes {
          AudioHash.hex($0, metadata.audio.audioOffset..<metadata.audio.audioOffset + metadata.audio.audioLength)
        })
    #expect(AudioHash.ofRegion(path: folder + "/none.flac", offset: 0, length: 10) == nil)
  }
}
