// A secret kept in a file of its own (`tunes play --mpd-password-file FILE`), so that it never has to
// be on a command line, where `ps` shows it to every user. Refused when group or others can read the
// file, as config.toml is when it holds a token.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

public enum SecretFile {
  /// The file's text without its line end; `holding` names the secret in errors ("the MPD password").
  public static func read(_ path: String, holding: String) throws(ConfigError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw ConfigError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    let mode = Int(info.st_mode & 0o7777)
    guard mode & 0o077 == 0 else { throw ConfigError.tooOpen(path: path, mode: mode, holding: holding) }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigError.unreadable(path: path, reason: "cannot be read")
    }
    // One line end, as `echo` and editors leave it; anything else is part of the secret.
    var bytes = Array(data)
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ConfigError.unreadable(path: path, reason: "not UTF-8 text")
    }
    guard !text.isEmpty else { throw ConfigError.emptySecret(path: path, holding: holding) }
    return text
  }
}
