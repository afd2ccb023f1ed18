// The picture commands (MPD's FileCommands.cxx): `albumart` sends the cover image file in a song's folder,
// `readpicture` the picture embedded in the song's tags (which the backend reads); both a chunk at a
// time, at most the client's `binarylimit`.
import Foundation

extension MPDDispatcher {
  /// MPD's chunk size for binary responses until the client sends `binarylimit`.
  public static let defaultBinaryLimit = 8192
  /// The largest `binarylimit`, as mpd 0.23 answers it (differential case 80): 4 KiB below the most its
  /// client output buffer holds, which is its 16 KiB part plus the 8 MiB (`max_output_buffer_size`'s
  /// default) it may grow by.
  static let largestBinaryLimit = (8 << 20) + (16 << 10) - 4096

  /// Cover file names looked for beside a song: MPD's three first, then the others the indexer records.
  static let coverFileNames = ["cover.png", "cover.jpg", "cover.webp", "cover.jpeg", "folder.jpg", "folder.png"]

  /// The limit a `binarylimit` request sets. mpd reads the number with C's `strtoul`, which takes a
  /// minus sign and wraps the number past any bound: a negative one is "too large", as mpd says.
  static func binaryLimit(_ request: MPDRequest) throws(MPDError) -> Int {
    let args = MPDArguments(request)
    try args.expect(1...1)
    guard let value = MPDNumber.integer(args[0]) else { throw MPDError.argument("Integer expected: \(args[0])") }
    guard value >= 0, value <= largestBinaryLimit else { throw MPDError.argument("Number too large: \(args[0])") }
    guard value >= 64 else { throw MPDError.argument("Value too small") }
    return value
  }

  /// `albumart URI OFFSET`: `size:` of the whole file, then one chunk from OFFSET.
  static func albumArt(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let offset = try c.args.unsigned(1)
    let folder = (try await c.backend.songFile(uri: try c.uri(0)) as NSString).deletingLastPathComponent
    let cover = Self.coverFileNames.lazy.compactMap { name -> FileHandle? in
      var isFolder: ObjCBool = false
      let path = folder + "/" + name
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
      return FileHandle(forReadingAtPath: path)
    }.first
    guard let cover else { throw MPDError.noExist("No file exists") }
    defer { try? cover.close() }
    let size = Int(try cover.seekToEnd())
    guard offset <= size else { throw MPDError.argument("Offset too large") }
    try cover.seek(toOffset: UInt64(offset))
    let chunk = try cover.read(upToCount: min(size - offset, c.binaryLimit)) ?? Data()
    out += "size: \(size)\n"
    out.appendBinary(chunk)
  }

  /// `readpicture URI OFFSET`: `size:` and `type:` of the embedded picture, then one chunk from OFFSET;
  /// nothing at all when the song has no picture.
  static func readPicture(_ c: MPDCall, _ out: inout MPDReply) async throws {
    let offset = try c.args.unsigned(1)
    guard let picture = try await c.backend.embeddedPicture(uri: try c.uri(0)) else { return }
    let data = picture.data
    guard offset <= data.count else { throw MPDError.argument("Bad file offset") }
    out += "size: \(data.count)\n"
    if let type = picture.mimeType { out += "type: \(MPDFormat.line(type))\n" }
    out.appendBinary(data[offset..<min(data.count, offset + c.binaryLimit)])
  }
}
