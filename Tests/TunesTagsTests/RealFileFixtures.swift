// Real MP3 files for the tests, made once per test run in a temporary folder: audio from sox, encoded by
// lame (CBR with an Info header, VBR with a Xing header, "-t" with neither, MPEG 2 and 2.5), tagged by
// mutagen or by hand; and the sample counts mpg123 decodes from them, which the reader must match.

import Foundation

enum FixtureError: Error, CustomStringConvertible {
  case commandFailed(String, Int32, String)
  var description: String {
    switch self {
    case .commandFailed(let command, let status, let output): "\(command) exited with \(status): \(output)"
    }
  }
}

/// Runs a command and returns its standard output; throws when it fails.
@discardableResult
func run(_ executable: String, _ arguments: [String]) throws -> Data {
  let result = try ChildProcess.run(executable, arguments)
  guard result.status == 0 else {
    throw FixtureError.commandFailed(([executable] + arguments).joined(separator: " "), result.status, result.errors)
  }
  return result.stdout
}

/// Samples per channel that mpg123 decodes from `path` (gapless, as players hear it).
func mpg123SampleCount(_ path: String, channels: Int) throws -> Int {
  try run("/usr/bin/mpg123", ["-q", "-s", path]).count / (2 * channels)
}

/// A fresh folder for one test's files.
func makeTemporaryFolder(_ name: String) throws -> String {
  let path = NSTemporaryDirectory() + "tunes-tags-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

struct RealFiles: Sendable {
  let folder: String
  var cbrV23: String { folder + "/cbr-v23-utf16.mp3" }
  var vbrV24: String { folder + "/vbr-v24-utf8.mp3" }
  var noInfoV1: String { folder + "/cbr-no-info-v1.mp3" }
  var v22: String { folder + "/v22.mp3" }
  var mpeg2Mono: String { folder + "/mpeg2-mono.mp3" }
  var mpeg25: String { folder + "/mpeg25.mp3" }
  var plain: String { folder + "/plain.mp3" }

  /// Made on first use and shared by every test (a failure is reported by each test that needs them).
  static let shared: Result<RealFiles, Error> = Result { try RealFiles.make() }

  static let recordingID = "5b11f4ce-a62d-471e-81fc-a69a8278c7da"
  static let albumID = "f5093c06-23e3-404f-aeaa-40f72885ee3a"
  static let artistIDs = ["b10bbbfc-cf9e-42e0-be17-e2c3e1d2600d", "0383dadf-2a4e-4d10-a46a-e9e041da8eb3"]
  static let albumArtistID = "89ad4ac3-39f7-470e-963a-56509c546377"
  static let releaseGroupID = "0e8a0b8e-91e3-4a8e-b6ad-f6e8c7b1d4a2"

  static func make() throws -> RealFiles {
    let files = RealFiles(folder: try makeTemporaryFolder("real"))
    let f = files.folder
    try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", f + "/stereo.wav", "synth", "5", "sine", "440"])
    try run("/usr/bin/sox", ["-n", "-r", "22050", "-c", "1", f + "/mono22.wav", "synth", "3", "sine", "300"])
    try run("/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", f + "/mono8.wav", "synth", "2", "sine", "200"])
    try run("/usr/bin/lame", ["--quiet", "-b", "128", f + "/stereo.wav", files.plain])
    try run("/usr/bin/lame", ["--quiet", "-b", "128", f + "/stereo.wav", files.cbrV23])
    try run("/usr/bin/lame", ["--quiet", "-V", "2", f + "/stereo.wav", files.vbrV24])
    try run(
      "/usr/bin/lame",
      [
        "--quiet", "-t", "-b", "128", "--id3v1-only", "--tt", "Plain Title", "--ta", "Plain Artist", "--tl",
        "Plain Album", "--ty", "1999", "--tn", "7", "--tg", "Jazz", f + "/stereo.wav", files.noInfoV1,
      ])
    try run("/usr/bin/lame", ["--quiet", "-V", "5", f + "/mono22.wav", files.mpeg2Mono])
    // 32 kbit/s: at 16 the 144-byte frames are too small for an Info header and lame leaves it out.
    try run("/usr/bin/lame", ["--quiet", "-b", "32", f + "/mono8.wav", files.mpeg25])
    try run("/usr/bin/python3", ["-c", mutagenScript, files.cbrV23, files.vbrV24])
    // ID3v2.2 by hand (mutagen no longer writes it) in front of lame's untagged CBR stream.
    let v22 = ID3v2Builder(
      version: 2,
      [
        .text("TT2", ["Vingt-deux"]), .text("TP1", ["Zoë"], .utf16LE), .text("TAL", ["Old Album"]),
        .text("TRK", ["2/9"]), .text("TCO", ["(17)"]), .text("TYE", ["1998"]),
        .ufid("http://musicbrainz.org", recordingID, id: "UFI"),
      ]
    ).bytes()
    let plainAudio = try Data(contentsOf: URL(fileURLWithPath: files.plain))
    try (Data(v22) + plainAudio).write(to: URL(fileURLWithPath: files.v22))
    return files
  }

  static let mutagenScript = """
    import sys
    from mutagen.id3 import ID3, TIT2, TPE1, TPE2, TALB, TRCK, TPOS, TYER, TDRC, TCON, TCMP, TCOM, COMM, UFID, TXXX
    def mb(tags, enc, artist_ids):
        tags.add(UFID(owner="http://musicbrainz.org", data=b"\(recordingID)"))
        tags.add(TXXX(encoding=enc, desc="MusicBrainz Album Id", text=["\(albumID)"]))
        tags.add(TXXX(encoding=enc, desc="MusicBrainz Artist Id", text=artist_ids))
        tags.add(TXXX(encoding=enc, desc="MusicBrainz Album Artist Id", text=["\(albumArtistID)"]))
        tags.add(TXXX(encoding=enc, desc="MusicBrainz Release Group Id", text=["\(releaseGroupID)"]))
    v23 = ID3()
    v23.add(TIT2(encoding=1, text=["Café Blues"]))
    v23.add(TPE1(encoding=1, text=["Zoë Keating"]))
    v23.add(TALB(encoding=1, text=["夜明けの歌"]))
    v23.add(TPE2(encoding=1, text=["Various Artists"]))
    v23.add(TRCK(encoding=1, text=["3/12"]))
    v23.add(TPOS(encoding=1, text=["1/2"]))
    v23.add(TYER(encoding=1, text=["1999"]))
    v23.add(TCON(encoding=1, text=["(17)"]))
    v23.add(TCMP(encoding=1, text=["1"]))
    v23.add(TCOM(encoding=1, text=["Søren Kowalski"]))
    v23.add(COMM(encoding=1, lang="eng", desc="", text=["Ça va"]))
    mb(v23, 1, ["\(artistIDs[0])/\(artistIDs[1])"])
    v23.save(sys.argv[1], v2_version=3)
    v24 = ID3()
    v24.add(TIT2(encoding=3, text=["Ночь 🌙"]))
    v24.add(TPE1(encoding=3, text=["Anna", "Ben"]))
    v24.add(TALB(encoding=3, text=["Straße"]))
    v24.add(TRCK(encoding=3, text=["03"]))
    v24.add(TDRC(encoding=3, text=["2001-05-14"]))
    v24.add(TCON(encoding=3, text=["Electronic", "(13)"]))
    mb(v24, 3, \(artistIDs))
    v24.save(sys.argv[2], v2_version=4)
    """
}
