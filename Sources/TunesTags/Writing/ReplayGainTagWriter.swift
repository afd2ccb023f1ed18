// `tunes loudness --write-tags`: puts ReplayGain 2.0 values into the file, only on request. The new file
// is written whole beside the old one and renamed over it, so a crash or a full disk leaves the old file
// as it was, never a half-written one; the audio data is copied byte for byte (only tag bytes, and for
// Ogg the audio pages' sequence numbers and checksums, are new). FLAC (Vorbis comments), Ogg Vorbis and
// Opus (R128_ gains), MP3 (ID3v2 TXXX frames) and MP4 (freeform `----:com.apple.iTunes:` items, chunk
// offsets moved with moov) are written; FLAC in Ogg is refused with a line saying so.
import Foundation

public enum ReplayGainTagWriter {
  public static func write(_ tags: ReplayGainValues, to path: String) throws(TagWriteError) {
    let file: [UInt8]
    do { file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
      throw .io(path: path, reason: "cannot read: \(error.localizedDescription)")
    }
    let head = Array(file.prefix(64))
    let rewritten: [UInt8]
    switch file.withUnsafeBytes({ AudioFileKind.detect(UnsafeRawBufferPointer(rebasing: $0.prefix(AudioFileKind.sniffBytes))) })
    {
    case .flac:
      rewritten = try FLACTagWriter.rewrite(file, path: path, fields: tags.fields)
    case .ogg where head.count > 33 && head[28] == 0x7F && head[29..<33].elementsEqual("FLAC".utf8):
      // FLAC in Ogg keeps its comment as a metadata block packet, which OggTagWriter does not lay out.
      throw .unsupported(path: path, format: "Ogg FLAC")
    case .ogg:
      let opus = head.count > 36 && head[28..<36].elementsEqual("OpusHead".utf8)
      rewritten = try OggTagWriter.rewrite(file, path: path, opus: opus, fields: opus ? tags.opusFields : tags.fields)
    case .mp3 where file.count >= 8 && FLACTagWriter.isFLACBehindID3(file):
      rewritten = try FLACTagWriter.rewrite(file, path: path, fields: tags.fields)
    case .mp3: rewritten = try ID3TagWriter.rewrite(file, path: path, fields: tags.fields)
    case .mp4: rewritten = try MP4TagWriter.rewrite(file, path: path, fields: tags.fields)
    case nil: throw .unsupported(path: path, format: "unknown")
    }
    try replace(path, with: rewritten)
  }

  /// Writes `bytes` to a new file in the same folder (same file system, so the rename is atomic) with the
  /// old file's permissions, then renames it over `path`.
  static func replace(_ path: String, with bytes: [UInt8]) throws(TagWriteError) {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tunes-\(UUID().uuidString)")
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      try Data(bytes).write(to: temporary)
      if let permissions = attributes[.posixPermissions] {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
      }
      guard rename(temporary.path, path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .io(path: path, reason: "cannot write: \(error.localizedDescription)")
    }
  }
}
