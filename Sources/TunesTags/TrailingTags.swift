// The tags that may follow the audio at the end of a file: ID3v1 (with its 227-byte "TAG+" extension),
// APEv1/v2, Lyrics3v2 and an appended ID3v2 tag with footer. Found so they can be read (ID3) or left out of
// the audio region (all of them).

struct TrailingTags {
  /// Where the audio region ends: the first byte of the first trailing tag, or the file's end.
  var audioEnd: Int
  /// The ID3v1 record, when present.
  var id3v1: TagSet?
  /// An ID3v2 tag appended at the end (found by its "3DI" footer).
  var appendedID3v2: ID3v2Tag?
  var warnings: [String] = []
  /// A tag reaches before the loaded bytes (Coverage): what is found is not to be trusted, the whole file is.
  var needsWholeFile = false

  /// Peels trailing tags off the end of `buffer`, never past `floor` (the end of the leading ID3v2 tag),
  /// looking only at the bytes `coverage` says are loaded.
  init(_ buffer: UnsafeRawBufferPointer, floor: Int, coverage: Coverage) {
    var end = buffer.count
    id3v1 = nil
    appendedID3v2 = nil
    // Each pass removes one tag; the order in files varies (APE or Lyrics3 usually sit before ID3v1).
    for _ in 0..<6 {
      // The most a pass reads before it knows a tag's size: ID3v1 and its extension.
      guard coverage.covers(max(floor, end - ID3v1Parser.size - 227)..<end) else {
        needsWholeFile = true
        break
      }
      if id3v1 == nil, end - ID3v1Parser.size >= floor, let v1 = ID3v1Parser.parse(buffer, at: end - ID3v1Parser.size) {
        id3v1 = v1
        end -= ID3v1Parser.size
        if end - 227 >= floor && buffer.matches("TAG+", at: end - 227) { end -= 227 }
        continue
      }
      if end - 32 >= floor && buffer.matches("APETAGEX", at: end - 32) {
        // Footer: size (tag items + footer) at +12, flags at +20; bit 31 of the flags: a header precedes.
        let size = Int(buffer.le32(end - 32 + 12))
        let hasHeader = buffer.le32(end - 32 + 20) & 0x8000_0000 != 0
        let total = size + (hasHeader ? 32 : 0)
        guard total >= 32, end - total >= floor else {
          warnings.append("APE tag footer at byte \(end - 32) declares \(size) bytes, more than the file holds; ignored")
          break
        }
        end -= total
        continue
      }
      if end - 15 >= floor && buffer.matches("LYRICS200", at: end - 9) {
        // Six ASCII digits before "LYRICS200" give the size of the lyrics that precede them.
        var size = 0
        var valid = true
        for k in 0..<6 {
          let c = buffer[end - 15 + k]
          if c < 0x30 || c > 0x39 { valid = false }
          size = size * 10 + Int(c &- 0x30)
        }
        let total = size + 15
        if valid && end - total >= floor && !coverage.covers(end - total..<end) {
          needsWholeFile = true
          break
        }
        guard valid, end - total >= floor, buffer.matches("LYRICSBEGIN", at: end - total) else {
          warnings.append("Lyrics3 tag at byte \(end - 15) has a bad size; ignored")
          break
        }
        end -= total
        continue
      }
      if appendedID3v2 == nil, end - 10 >= floor, buffer.matches("3DI", at: end - 10),
        buffer.be32(end - 4) & 0x8080_8080 == 0
      {
        let total = Int(buffer.syncsafe32(end - 4)) + 20
        let start = end - total
        if start >= floor && !coverage.covers(start..<end) {
          needsWholeFile = true
          break
        }
        guard start >= floor, let tag = ID3v2Parser.parse(buffer.sub(0..<end), at: start) else {
          warnings.append("ID3v2 footer at byte \(end - 10) points before the audio; ignored")
          break
        }
        appendedID3v2 = tag
        end = start
        continue
      }
      break
    }
    audioEnd = end
  }
}
