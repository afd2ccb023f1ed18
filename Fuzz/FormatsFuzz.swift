// libFuzzer entry for the FLAC, Ogg, MP4 and MP3 readers, compiled by Fuzz/run.sh with swiftc
// -sanitize=fuzzer together with TunesTags' source files. Every input must give metadata that makes sense
// or a TagError, never a trap; the lower-level parsers (comment lists, picture blocks, atom lists, Ogg
// pages, the body of an ID3v2 SYLT frame) are fed the same bytes directly, and a head-and-tail read must
// agree with the whole read or ask for it. Synced lyrics, from SYLT in milliseconds or MPEG frames, must
// come out bounded and in time order.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormats(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let whole = Result { try TagReader.parse(bytes, path: "fuzz") }
  switch whole {
  case .success(let m):
    precondition(m.audio.audioOffset >= 0 && m.audio.audioOffset + m.audio.audioLength <= size, "audio outside the file")
    precondition(m.audio.sampleCount >= 0 && m.audio.durationMs >= 0, "negative length")
    checkSynced(m.tags.syncedLyrics)
  case .failure(let error):
    precondition(error is TagError, "unexpected error \(error)")
  }
  bytes.withUnsafeBytes { buffer in
    _ = VorbisComments.parse(buffer, 0..<size, place: "fuzz")
    _ = FLACPicture.parse(buffer)
    _ = MP4Atom.children(buffer, 0..<size)
    _ = OggPage.read(buffer, at: 0)
    // The bytes as the body of a SYLT frame (its encoding byte first), in either time format.
    var collector = ID3v2FrameCollector()
    collector.apply(FrameID.SYLT, buffer, where: "fuzz")
    checkSynced(collector.syncedLyrics)
    if let frames = collector.frameTimedLyrics {
      precondition(!frames.lines.isEmpty && frames.lines.count <= ID3v2FrameCollector.maxSyncedLines, "frame lines unbounded")
      checkSynced(frames.timed(samplesPerFrame: 1152, sampleRate: 44_100))
      checkSynced(frames.timed(samplesPerFrame: 576, sampleRate: 8_000))
    }
    // A read of the first and last quarter only must agree with the whole read, or ask for it.
    if size >= 64 {
      let coverage = Coverage(headEnd: size / 4, tailStart: size - size / 4)
      var masked = bytes
      for k in coverage.headEnd..<coverage.tailStart { masked[k] = 0xA5 }
      let partial = Result { try masked.withUnsafeBytes { try TagReader.parse($0, path: "fuzz", coverage: coverage) } }
      switch (partial, whole) {
      case (.failure(let error), _) where error is NeedWholeFile: break
      case (.success(let a), .success(let b)): precondition(a == b, "partial read differs")
      case (.failure(let a as TagError), .failure(let b as TagError)): precondition(a == b, "partial error differs")
      default: preconditionFailure("partial \(partial) but whole \(whole)")
      }
    }
  }
  _ = Base64.decode(String(decoding: bytes, as: UTF8.self))
  return 0
}

/// Synced lyrics are absent or some lines, at most the cap, at times that never go back.
private func checkSynced(_ lines: [TimedLyric]?) {
  guard let lines else { return }
  precondition(!lines.isEmpty && lines.count <= ID3v2FrameCollector.maxSyncedLines, "synced lines unbounded")
  precondition(lines.first!.milliseconds >= 0, "negative time")
  precondition(zip(lines, lines.dropFirst()).allSatisfy { $0.milliseconds <= $1.milliseconds }, "lines out of order")
}
