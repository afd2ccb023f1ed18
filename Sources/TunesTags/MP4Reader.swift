// Reads an MP4/M4A file's audio properties and iTunes-style tags without decoding: the first audio
// track's mdhd (time scale and length), stsd (codec, channels, rate), edit list and the ilst tag atoms,
// `----:com.apple.iTunes:*` ones included (MusicBrainz ids, ReplayGain, iTunSMPB). See MP4Atom.

enum MP4Reader {
  /// True when the buffer begins with an `ftyp` atom.
  static func isMP4(_ buffer: UnsafeRawBufferPointer) -> Bool {
    buffer.matches("ftyp", at: 4)
  }

  static func parse(_ buffer: UnsafeRawBufferPointer, coverage: Coverage, path: String) throws -> FileMetadata {
    // The top level: ftyp, moov and mdat in either order; only their headers are read here.
    var moov: MP4Atom?
    var mdat: MP4Atom?
    var p = 0
    let whole = 0..<buffer.count
    while p < buffer.count {
      guard coverage.covers(p..<min(buffer.count, p + 16)) else { throw NeedWholeFile() }
      let atom = try check(MP4Atom.at(p, buffer, in: whole), path: path, parent: "file")
      if atom.type == MP4Atom.code("moov") && moov == nil { moov = atom }
      if atom.type == MP4Atom.code("mdat") && mdat == nil { mdat = atom }
      p = atom.end
    }
    guard let moov else { throw TagError.invalid(path: path, reason: "MP4 file has no moov atom") }
    guard coverage.covers(moov.body) else { throw NeedWholeFile() }
    var warnings: [String] = []
    let movie = try children(buffer, moov, path: path)

    let movieScale = try movieTimeScale(buffer, movie, path: path)
    // The first track whose handler is "soun".
    var track: MP4Track?
    for trak in movie where trak.type == MP4Atom.code("trak") {
      if let found = try MP4Track.read(buffer, trak, path: path) {
        track = found
        break
      }
    }
    guard let track else {
      throw TagError.invalid(path: path, reason: "MP4 file has no audio track (no trak with a 'soun' handler): a video?")
    }

    var tags = TagSet()
    var smpb: String?
    do {
      if let udta = movie.first(where: { $0.type == MP4Atom.code("udta") }),
        let meta = try children(buffer, udta, path: path).first(where: { $0.type == MP4Atom.code("meta") })
      {
        // meta is a "full" atom: version and flags come before its children.
        let metaChildren = try check(
          MP4Atom.children(buffer, min(meta.body.lowerBound + 4, meta.end)..<meta.end), path: path, parent: "meta")
        if let ilst = metaChildren.first(where: { $0.type == MP4Atom.code("ilst") }) {
          var items = MP4Items()
          try items.read(buffer, ilst, path: path)
          tags = items.tags
          smpb = items.iTunSMPB
          warnings += items.warnings
        }
      }
    } catch let error as TagError {
      // A damaged tag area leaves the audio whole, and mpd and ffmpeg play such files: the file is read
      // without its tags (none of them, rather than the part before the damage), and says why.
      tags = TagSet()
      smpb = nil
      switch error {
      case .invalid(_, let reason), .truncated(_, let reason): warnings.append("tags ignored: \(reason)")
      default: warnings.append("tags ignored: \(error)")
      }
    }
    tags.versions = ["MP4"]

    // Length: iTunSMPB's sample count (what iTunes and gapless players play), else the edit list's, else mdhd's.
    var samples = track.duration
    var source = "mdhd"
    if let smpb, let gapless = MP4Gapless(smpb) {
      samples = gapless.samples
      source = "iTunSMPB"
    } else if let edit = track.editedSamples(movieScale: movieScale) {
      samples = edit
      source = "elst"
    }
    let rate = track.sampleRate
    let audioRange = mdat.map { $0.body } ?? 0..<0
    let hashed =
      audioRange.count <= 2 * AudioHash.window
      ? [audioRange]
      : [
        audioRange.lowerBound..<audioRange.lowerBound + AudioHash.window,
        audioRange.upperBound - AudioHash.window..<audioRange.upperBound,
      ]
    for range in hashed where !coverage.covers(range) { throw NeedWholeFile() }
    var audio = AudioProperties(
      durationMs: StreamMath.milliseconds(samples: samples, rate: rate), sampleRate: rate, channels: track.channels,
      bitrate: StreamMath.kbps(bytes: audioRange.count, samples: samples, rate: rate), lengthSource: source,
      audioOffset: audioRange.lowerBound, audioLength: audioRange.count, audioHash: AudioHash.hex(buffer, audioRange))
    audio.sampleCount = samples
    audio.codec = track.codec
    audio.bitsPerSample = track.codec == "alac" || track.codec == "flac" ? track.bitsPerSample : nil
    return FileMetadata(tags: tags, audio: audio, warnings: warnings)
  }

  /// mvhd's time scale, in which the edit list counts.
  private static func movieTimeScale(_ buffer: UnsafeRawBufferPointer, _ movie: [MP4Atom], path: String) throws -> Int {
    guard let mvhd = movie.first(where: { $0.type == MP4Atom.code("mvhd") }) else {
      throw TagError.invalid(path: path, reason: "MP4 moov atom has no mvhd")
    }
    let b = mvhd.body
    let offset = !b.isEmpty && buffer[b.lowerBound] == 1 ? 20 : 12
    guard b.count >= offset + 4 else {
      throw TagError.invalid(path: path, reason: "MP4 mvhd atom at byte \(mvhd.offset) is \(b.count) bytes, too short")
    }
    return Int(buffer.be32(b.lowerBound + offset))
  }

  static func children(_ buffer: UnsafeRawBufferPointer, _ atom: MP4Atom, path: String) throws -> [MP4Atom] {
    try check(MP4Atom.children(buffer, atom.body), path: path, parent: atom.name)
  }

  /// The atoms, or an error naming the one that does not fit inside `parent`.
  static func check<T>(_ result: Result<T, MP4Atom.Problem>, path: String, parent: String) throws -> T {
    switch result {
    case .success(let value): return value
    case .failure(.overruns(let offset, let name, let size, let room)):
      throw TagError.invalid(
        path: path,
        reason: "MP4 atom '\(name)' at byte \(offset) declares \(size) bytes but its \(parent) has only \(room) from there")
    case .failure(.headerCutOff(let offset)):
      throw TagError.truncated(path: path, reason: "MP4 atom header at byte \(offset) (in \(parent)) is cut off")
    }
  }
}
