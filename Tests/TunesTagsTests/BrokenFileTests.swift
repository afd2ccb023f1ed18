// Bad input read through TagReader.read: each failure is the right TagError naming the path (and the byte
// offset where it helps); damage that still leaves a playable file becomes warnings.

import Foundation
import Testing
import TunesCore

@testable import TunesTags

@Suite struct BrokenFileTests {
  let spec = FrameSpec()

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = try makeTemporaryFolder("broken") + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func error(_ path: String) -> TagError? {
    do {
      _ = try TagReader.read(path: path)
      return nil
    } catch let error as TagError {
      return error
    } catch {
      return nil
    }
  }

  @Test func emptyFile() throws {
    let path = try write([], "empty.mp3")
    #expect(error(path) == .empty(path: path))
    #expect(error(path)?.description == "\(path): empty file")
    #expect(error(path)?.exitStatus == .dataError)
  }

  @Test func textFile() throws {
    let text = Array(String(repeating: "This is not music.\n", count: 500).utf8)
    let path = try write(text, "notes.mp3")
    guard case .notMP3(let p, let reason) = error(path) else {
      Issue.record("expected notMP3, got \(String(describing: error(path)))")
      return
    }
    #expect(p == path)
    #expect(reason.contains("no MPEG audio frame"))
    #expect(error(path)?.description.hasPrefix("\(path): not an MP3 file") == true)
  }

  @Test func missingFileAndDirectory() throws {
    let folder = try makeTemporaryFolder("missing")
    guard case .unreadable(_, let reason) = error(folder + "/nothing.mp3") else {
      Issue.record("expected unreadable")
      return
    }
    #expect(reason.contains("No such file"))
    #expect(error(folder) == .unreadable(path: folder, reason: "is a directory"))
    #expect(error(folder)?.exitStatus == .ioError)
  }

  @Test func truncatedAfterTheTag() throws {
    let tag = ID3v2Builder(version: 3, [.text("TIT2", ["Only a tag"])]).bytes()
    let path = try write(tag, "tag-only.mp3")
    guard case .truncated(let p, let reason) = error(path) else {
      Issue.record("expected truncated, got \(String(describing: error(path)))")
      return
    }
    #expect(p == path)
    #expect(reason.contains("no audio after the tags"))
  }

  @Test func truncatedInsideTheTag() throws {
    var builder = ID3v2Builder(version: 4, [.text("TIT2", ["Cut"], .utf8)])
    builder.padding = 2000
    let path = try write(Array(builder.bytes().prefix(300)), "cut-tag.mp3")
    guard case .truncated(_, let reason) = error(path) else {
      Issue.record("expected truncated, got \(String(describing: error(path)))")
      return
    }
    // 10-byte header, 14-byte TIT2 frame (10 + encoding byte + "Cut"), 2000 bytes of padding.
    #expect(reason.contains("ID3v2.4 tag at byte 0 declares 2024 bytes but the file has only 300"))
  }

  @Test func truncatedInsideTheFirstFrame() throws {
    let tag = ID3v2Builder(version: 3, [.text("TIT2", ["x"])]).bytes()
    let path = try write(tag + Array(spec.frame(length: 417).prefix(200)), "cut-frame.mp3")
    guard case .truncated(_, let reason) = error(path) else {
      Issue.record("expected truncated, got \(String(describing: error(path)))")
      return
    }
    #expect(reason.contains("first audio frame at byte \(tag.count)"))
  }

  @Test func garbageFramesInTheTagAreSkippedAndTheRestRead() throws {
    var builder = ID3v2Builder(
      version: 3, [.text("TIT2", ["Title"]), .text("TPE1", ["Artist"]), .text("TALB", ["Album"])])
    builder.insertions = [(1, Array("\u{1}\u{2}garbage!".utf8)), (2, [0x7F, 0x7F, 0x7F])]
    builder.padding = 64
    let path = try write(builder.bytes() + frames(spec, length: 417, count: 10), "garbage-tag.mp3")
    let m = try TagReader.read(path: path)
    #expect(m.tags.title == "Title")
    #expect(m.tags.artist == "Artist")
    #expect(m.tags.album == "Album")
    #expect(m.warnings.filter { $0.contains("garbage") }.count == 2)
    #expect(m.audio.sampleCount == 10 * 1152)
  }

  @Test func truncatedRealFileMatchesMpg123() throws {
    let files = try RealFiles.shared.get()
    let whole = try Data(contentsOf: URL(fileURLWithPath: files.plain))
    let path = try write(Array(whole.prefix(40_000)), "truncated-audio.mp3")
    let m = try TagReader.read(path: path)
    #expect(m.audio.lengthSource == "frames")
    #expect(m.warnings.contains { $0.contains("truncated") })
    #expect(m.warnings.contains { $0.contains("cut off") })
    #expect(m.audio.sampleCount == (try mpg123SampleCount(path, channels: 2)))
  }
}
