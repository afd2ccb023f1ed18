// Songs packed one after another in one byte buffer, for holding thousands of them at once (the play
// queue): a `Song` is 272 bytes inline plus a heap block for each name over 15 bytes; packed, a typical
// song is about 100 bytes and the whole set is one allocation. A song is decoded when it is read.
import Foundation

public struct SongPack: Sendable, Equatable {
  /// Where a packed song sits in `bytes`.
  public struct Slot: Sendable, Hashable {
    public var offset: UInt32
    public var length: UInt32
  }

  private var bytes: [UInt8] = []

  public init() {}

  public var byteCount: Int { bytes.count }

  /// Packs `song` at the end; returns where it went.
  public mutating func append(_ song: Song) -> Slot {
    let start = bytes.count
    var present: UInt16 = 0
    func mark(_ isPresent: Bool, _ bit: UInt16) { if isPresent { present |= 1 << bit } }
    mark(song.id != nil, 0)
    mark(song.trackNumber != nil, 1)
    mark(song.trackTotal != nil, 2)
    mark(song.discNumber != nil, 3)
    mark(song.discTotal != nil, 4)
    mark(song.year != nil, 5)
    mark(song.durationMs != nil, 6)
    mark(song.genre != nil, 7)
    mark(song.recordingMbid != nil, 8)
    mark(song.releaseMbid != nil, 9)
    mark(song.lastPlayedAt != nil, 10)
    mark(song.fileModifiedAt != nil, 11)
    mark(song.derivedNames.contains(.title), 12)
    mark(song.derivedNames.contains(.albumArtist), 13)
    bytes.append(UInt8(truncatingIfNeeded: present))
    bytes.append(UInt8(truncatingIfNeeded: present >> 8))
    if let id = song.id { writeInteger(id) }
    writeText(song.path)
    writeText(song.title)
    writeText(song.artist)
    writeText(song.album)
    writeText(song.albumArtist)
    writeNumber(song.trackNumber)
    writeNumber(song.trackTotal)
    writeNumber(song.discNumber)
    writeNumber(song.discTotal)
    writeNumber(song.year)
    writeNumber(song.durationMs)
    if let genre = song.genre { writeText(genre) }
    if let mbid = song.recordingMbid { writeText(mbid) }
    if let mbid = song.releaseMbid { writeText(mbid) }
    writeInteger(Int64(song.artistMbids.count))
    for mbid in song.artistMbids { writeText(mbid) }
    writeInteger(Int64(song.playCount))
    if let date = song.lastPlayedAt { writeDate(date) }
    if let date = song.fileModifiedAt { writeDate(date) }
    return Slot(offset: UInt32(start), length: UInt32(bytes.count - start))
  }

  /// The song packed at `slot`.
  public func song(at slot: Slot) -> Song { read(slot) { $0.song() } }

  /// Appends another pack's bytes; its slots move up by this pack's former byte count.
  public mutating func append(contentsOf other: SongPack) { bytes.append(contentsOf: other.bytes) }

  /// Just the artist and album of the song at `slot` (what the shuffle spreads apart), without decoding
  /// the rest.
  public func artistAndAlbum(at slot: Slot) -> (artist: String, album: String) { read(slot) { $0.artistAndAlbum() } }

  /// Runs `body` with a reader over the bytes of the song at `slot`.
  private func read<T>(_ slot: Slot, _ body: (inout Reader) -> T) -> T {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(bytes: UnsafeBufferPointer(rebasing: buffer[Int(slot.offset)..<Int(slot.offset + slot.length)]))
      return body(&reader)
    }
  }

  /// A pack of just the songs at `slots`, in that order, and their new slots (dropping what was removed).
  public func compacted(_ slots: [Slot]) -> (pack: SongPack, slots: [Slot]) {
    var pack = SongPack()
    pack.bytes.reserveCapacity(slots.reduce(0) { $0 + Int($1.length) })
    var moved: [Slot] = []
    moved.reserveCapacity(slots.count)
    for slot in slots {
      moved.append(Slot(offset: UInt32(pack.bytes.count), length: slot.length))
      pack.bytes.append(contentsOf: bytes[Int(slot.offset)..<Int(slot.offset + slot.length)])
    }
    return (pack, moved)
  }

  // MARK: the format: a 16-bit mask of the optional fields present, then the fields in declaration order;
  // integers as zigzag LEB128, texts as their UTF-8 length and bytes, dates as their Double's bits.

  private mutating func writeInteger(_ value: Int64) {
    var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  private mutating func writeDate(_ date: Date) {
    let bits = date.timeIntervalSince1970.bitPattern
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
  }

  private mutating func writeNumber(_ number: Int?) {
    if let number { writeInteger(Int64(number)) }
  }

  private mutating func writeText(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      writeInteger(Int64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func song() -> Song {
      let present = UInt16(bytes[0]) | UInt16(bytes[1]) << 8
      index = 2
      func has(_ bit: UInt16) -> Bool { present & (1 << bit) != 0 }
      let id = has(0) ? integer() : nil
      let path = text(), title = text(), artist = text(), album = text(), albumArtist = text()
      let trackNumber = number(has(1)), trackTotal = number(has(2)), discNumber = number(has(3))
      let discTotal = number(has(4)), year = number(has(5)), durationMs = number(has(6))
      let genre = has(7) ? text() : nil
      let recordingMbid = has(8) ? text() : nil
      let releaseMbid = has(9) ? text() : nil
      let mbidCount = Int(integer())
      var artistMbids: [String] = []
      artistMbids.reserveCapacity(mbidCount)
      for _ in 0..<mbidCount { artistMbids.append(text()) }
      let playCount = Int(integer())
      let lastPlayedAt = has(10) ? date() : nil
      let fileModifiedAt = has(11) ? date() : nil
      var derivedNames: DerivedNames = []
      if has(12) { derivedNames.insert(.title) }
      if has(13) { derivedNames.insert(.albumArtist) }
      return Song(
        id: id, path: path, title: title, artist: artist, album: album, albumArtist: albumArtist,
        trackNumber: trackNumber, trackTotal: trackTotal, discNumber: discNumber, discTotal: discTotal, year: year,
        genre: genre, durationMs: durationMs, recordingMbid: recordingMbid, releaseMbid: releaseMbid,
        artistMbids: artistMbids, playCount: playCount, lastPlayedAt: lastPlayedAt, fileModifiedAt: fileModifiedAt,
        derivedNames: derivedNames)
    }

    mutating func date() -> Date {
      var bits: UInt64 = 0
      for shift in stride(from: 0, to: 64, by: 8) {
        bits |= UInt64(bytes[index]) << UInt64(shift)
        index += 1
      }
      return Date(timeIntervalSince1970: Double(bitPattern: bits))
    }

    mutating func artistAndAlbum() -> (artist: String, album: String) {
      index = 2
      if bytes[0] & 1 != 0 { _ = integer() }
      skipText()
      skipText()
      let artist = text()
      return (artist, text())
    }

    mutating func skipText() { index += Int(integer()) }

    mutating func number(_ isPresent: Bool) -> Int? { isPresent ? Int(integer()) : nil }

    mutating func integer() -> Int64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let byte = bytes[index]
        index += 1
        value |= UInt64(byte & 0x7f) << shift
        if byte < 0x80 { break }
        shift += 7
      }
      return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    mutating func text() -> String {
      let count = Int(integer())
      defer { index += count }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + count]), as: UTF8.self)
    }
  }
}

/// Songs of a query, packed, in order: what a large queue is filled from without a `[Song]` in between.
public struct SongBatch: Sendable {
  public private(set) var pack = SongPack()
  public private(set) var slots: [SongPack.Slot] = []

  public init() {}

  public init(_ songs: [Song]) {
    slots.reserveCapacity(songs.count)
    for song in songs { append(song) }
  }

  public var count: Int { slots.count }
  public var isEmpty: Bool { slots.isEmpty }

  public mutating func append(_ song: Song) { slots.append(pack.append(song)) }

  public subscript(index: Int) -> Song { pack.song(at: slots[index]) }

  public var songs: [Song] { slots.map { pack.song(at: $0) } }

  /// The first `count` songs, in a pack of their own (the others' bytes are not kept).
  public func prefix(_ count: Int) -> SongBatch {
    var batch = SongBatch()
    (batch.pack, batch.slots) = pack.compacted(Array(slots.prefix(max(0, count))))
    return batch
  }
}
