// Why a file could not be decoded: one line naming the file (and frame) with the decoding library's own words.
import TunesCore

public enum DecoderError: TunesError, Equatable {
  /// The decoding library could not allocate a handle (out of memory or a broken installation).
  case noHandle(library: String, reason: String)
  /// The file is missing or unreadable.
  case cannotOpen(path: String, reason: String)
  /// The file opened but holds no MPEG audio libmpg123 can find.
  case notMP3(path: String, reason: String)
  /// The file's first bytes match no format tunes decodes (FLAC, Ogg Vorbis, Opus, MP4, MP3).
  case unknownFormat(path: String, reason: String)
  /// The file starts like `format` but its headers are broken.
  case invalid(path: String, format: String, reason: String)
  /// Decoding stopped in the middle of the file and could not resync.
  case decodeFailed(path: String, frame: Int, reason: String)
  /// Seeking failed (e.g. past the end of a stream libmpg123 cannot index).
  case seekFailed(path: String, frame: Int, reason: String)

  public var description: String {
    switch self {
    case .noHandle(let library, let reason): "\(library): cannot create a decoder: \(reason)"
    case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
    case .notMP3(let path, let reason): "\(path): not an MP3 file: \(reason)"
    case .unknownFormat(let path, let reason): "\(path): not an audio file tunes can play: \(reason)"
    case .invalid(let path, let format, let reason): "\(path): not a valid \(format) file: \(reason)"
    case .decodeFailed(let path, let frame, let reason): "\(path): frame \(frame): decoding failed: \(reason)"
    case .seekFailed(let path, let frame, let reason): "\(path): cannot seek to sample frame \(frame): \(reason)"
    }
  }

  public var exitStatus: ExitStatus {
    switch self {
    case .noHandle: .software
    case .cannotOpen: .noInput
    case .notMP3, .unknownFormat, .invalid, .decodeFailed: .dataError
    case .seekFailed: .ioError
    }
  }
}
