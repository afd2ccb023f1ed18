// Songs written as JSON straight from their fields, byte for byte as JSONWriter writes the objects of
// `JSONOutput.song`: building a dictionary of 18 boxed values per song, then sorting its keys, took
// 60% of `tunes ls songs river --json` at 100k songs (5 430 songs, 140 ms). `ls songs --json` adds the
// ReplayGain the player applies to each song (SongGainView), gains to hundredths of a dB.
import Foundation
import TunesCore
import TunesLibrary

enum SongJSON {
  /// What a field may read besides the song.
  private struct Context {
    var dates: ISO8601DateFormatter
    var gain: SongGainView?
  }
  private typealias Field = (key: String, write: @Sendable (Song, Context, inout [UInt8]) -> Void)

  /// The fields of `JSONOutput.song`, in the writer's key order (checked by JSONWriterTests).
  private static func text(_ value: String?, _ out: inout [UInt8]) {
    if let value { JSONWriter.writeString(value, into: &out) } else { out.append(contentsOf: "null".utf8) }
  }

  private static func number<N: BinaryInteger>(_ value: N?, _ out: inout [UInt8]) {
    out.append(contentsOf: (value.map { String($0) } ?? "null").utf8)
  }

  private static let fields: [Field] = {
    let unordered: [Field] = [
      ("id", { song, _, out in SongJSON.number(song.id, &out) }),
      ("path", { song, _, out in SongJSON.text(song.path, &out) }),
      ("title", { song, _, out in SongJSON.text(song.knownTitle, &out) }),
      ("artist", { song, _, out in SongJSON.text(song.knownArtist, &out) }),
      ("album", { song, _, out in SongJSON.text(song.knownAlbum, &out) }),
      ("albumArtist", { song, _, out in SongJSON.text(song.knownAlbumArtist, &out) }),
      ("trackNumber", { song, _, out in SongJSON.number(song.trackNumber, &out) }),
      ("trackTotal", { song, _, out in SongJSON.number(song.trackTotal, &out) }),
      ("discNumber", { song, _, out in SongJSON.number(song.discNumber, &out) }),
      ("discTotal", { song, _, out in SongJSON.number(song.discTotal, &out) }),
      ("year", { song, _, out in SongJSON.number(song.year, &out) }),
      ("genre", { song, _, out in SongJSON.text(song.knownGenre, &out) }),
      ("durationMs", { song, _, out in SongJSON.number(song.durationMs, &out) }),
      ("recordingMbid", { song, _, out in SongJSON.text(song.recordingMbid, &out) }),
      ("releaseMbid", { song, _, out in SongJSON.text(song.releaseMbid, &out) }),
      (
        "artistMbids",
        { song, _, out in
          out.append(UInt8(ascii: "["))
          for (index, mbid) in song.artistMbids.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(mbid, into: &out)
          }
          out.append(UInt8(ascii: "]"))
        }
      ),
      ("playCount", { song, _, out in SongJSON.number(song.playCount, &out) }),
      ("lastPlayedAt", { song, context, out in SongJSON.text(song.lastPlayedAt.map { context.dates.string(from: $0) }, &out) }),
    ]
    return unordered.sorted { JSONWriter.precedes($0.key, $1.key) }
  }()

  private static func decimal(_ value: Double?, _ format: String, _ out: inout [UInt8]) {
    out.append(contentsOf: (value.map { String(format: format, $0) } ?? "null").utf8)
  }

  /// The song fields and the gain fields, in the writer's key order.
  private static let fieldsWithGain: [Field] = {
    let gain: [Field] = [
      ("trackGain", { _, c, out in SongJSON.decimal(c.gain?.choice.applied.trackGain, "%.2f", &out) }),
      ("trackPeak", { _, c, out in SongJSON.decimal(c.gain?.choice.applied.trackPeak, "%.6f", &out) }),
      ("trackGainSource", { _, c, out in SongJSON.text(c.gain?.choice.trackSource?.rawValue, &out) }),
      ("albumGain", { _, c, out in SongJSON.decimal(c.gain?.choice.applied.albumGain, "%.2f", &out) }),
      ("albumPeak", { _, c, out in SongJSON.decimal(c.gain?.choice.applied.albumPeak, "%.6f", &out) }),
      ("albumGainSource", { _, c, out in SongJSON.text(c.gain?.choice.albumSource?.rawValue, &out) }),
      ("appliedGain", { _, c, out in SongJSON.decimal(c.gain?.appliedDB, "%.2f", &out) }),
      ("replayGainMode", { _, c, out in SongJSON.text(c.gain?.inForce.settings.mode.rawValue, &out) }),
    ]
    return (fields + gain).sorted { JSONWriter.precedes($0.key, $1.key) }
  }()

  /// The keys of the gain fields.
  static let gainKeys = Set(fieldsWithGain.map(\.key)).subtracting(fields.map(\.key))

  /// The keys in the order written.
  static var keys: [String] { fields.map(\.key) }

  /// A JSON array of the songs, as `JSONWriter.data(songs.map(JSONOutput.song))` writes it.
  static func data(_ songs: [Song], gain: ((Int64) -> SongGainView?)? = nil) -> Data {
    var data = Data()
    write(songs, gain: gain) { data.append(contentsOf: $0) }
    return data
  }

  /// The same array handed to `emit` about a megabyte at a time, so printing the whole library never
  /// holds all of its JSON (46 MB for 100k songs) in memory.
  /// With `gain`, each song's gain fields too (null where it gives none).
  static func write(_ songs: [Song], gain: ((Int64) -> SongGainView?)? = nil, emit: ([UInt8]) -> Void) {
    let chunk = 1 << 20
    var out: [UInt8] = []
    out.reserveCapacity(chunk + 4096)
    var context = Context(dates: DateText.isoFormatter(), gain: nil)
    let fields = gain == nil ? Self.fields : Self.fieldsWithGain
    let keys = fields.map { Array("\"\($0.key)\":".utf8) }
    out.append(UInt8(ascii: "["))
    for (index, song) in songs.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "{"))
      if let gain { context.gain = song.id.flatMap(gain) }
      for (number, field) in fields.enumerated() {
        if number > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: keys[number])
        field.write(song, context, &out)
      }
      out.append(UInt8(ascii: "}"))
      if out.count >= chunk {
        emit(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    out.append(UInt8(ascii: "]"))
    emit(out)
  }
}
