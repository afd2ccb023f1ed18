// Why audio output failed: one line naming the ALSA device and what went wrong, in libasound's words.
import TunesCore

public enum OutputError: TunesError, Equatable {
  /// The machine has no sound card, so "default" (or any hw device) cannot open.
  case noSoundCard(device: String)
  case openFailed(device: String, reason: String)
  case configureFailed(device: String, format: AudioFormat, reason: String)
  case writeFailed(device: String, reason: String)
  /// A call that needs an open device came before `open(format:)` (a bug in the caller).
  case notOpen(device: String)

  public var description: String {
    switch self {
    case .noSoundCard(let device):
      "ALSA device \"\(device)\": no sound card found; use --device null, or --device \"file:'out.wav',wav\" to write a WAV file"
    case .openFailed(let device, let reason): "ALSA device \"\(device)\": cannot open: \(reason)"
    case .configureFailed(let device, let format, let reason): "ALSA device \"\(device)\": cannot play \(format): \(reason)"
    case .writeFailed(let device, let reason): "ALSA device \"\(device)\": write failed: \(reason)"
    case .notOpen(let device): "ALSA device \"\(device)\": used before it was opened"
    }
  }

  public var exitStatus: ExitStatus {
    switch self {
    case .noSoundCard: .unavailable
    case .openFailed, .configureFailed, .writeFailed: .ioError
    case .notOpen: .software
    }
  }
}
