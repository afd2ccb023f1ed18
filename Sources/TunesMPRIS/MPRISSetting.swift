// Whether a player offers MPRIS: `[mpris] enabled = false` in config.toml turns it off (for a desktop
// where another program answers the media keys); on by default.
import TunesCore

public enum MPRISSetting {
  static let section = "mpris"
  static let key = "enabled"

  /// True unless the file says `enabled = false`; any value but true or false is refused, with its line.
  public static func enabled(_ file: ConfigFile) throws -> Bool {
    guard let value = try file.load()[section, key] else { return true }
    guard let flag = value.boolValue else {
      throw ConfigError.syntax(path: file.path, line: line(of: key, in: file), message: "[mpris] \(key) must be true or false")
    }
    return flag
  }

  /// The line of the section's `key` (1 when not found), for the error.
  static func line(of key: String, in file: ConfigFile) -> Int {
    let text = (try? String(contentsOfFile: file.path, encoding: .utf8)) ?? ""
    var inSection = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("[") { inSection = trimmed.hasPrefix("[\(section)]") }
      if inSection && trimmed.hasPrefix(key) { return number + 1 }
    }
    return 1
  }
}
