// The configuration file `$XDG_CONFIG_HOME/tunes/config.toml`: a small TOML subset (sections,
// `key = "string" | integer | true/false`, `#` comments), read and written with private permissions.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One value of the TOML subset tunes understands.
public enum ConfigValue: Equatable, Sendable, CustomStringConvertible {
  case string(String)
  case integer(Int)
  case bool(Bool)

  public var description: String {
    switch self {
    case .string(let text): return ConfigValue.quote(text)
    case .integer(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    }
  }

  public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
  public var integerValue: Int? { if case .integer(let n) = self { return n } else { return nil } }
  public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += String(format: "\\u%04X", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

public enum ConfigError: TunesError, Equatable {
  case syntax(path: String, line: Int, message: String)
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)
  /// The file holding a secret (`holding`: what it is, "a token" unless said) can be read by group or others.
  case tooOpen(path: String, mode: Int, holding: String = "a token")
  /// The file that should hold a secret holds nothing.
  case emptySecret(path: String, holding: String)

  public var exitStatus: ExitStatus {
    switch self {
    case .syntax, .emptySecret: return .config
    case .unreadable, .unwritable: return .ioError
    case .tooOpen: return .noPermission
    }
  }

  public var description: String {
    switch self {
    case .syntax(let path, let line, let message): return "\(path):\(line): \(message)"
    case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
    case .tooOpen(let path, let mode, let holding):
      return "\(path) holds \(holding) but others can read it (mode \(String(mode, radix: 8))); fix it with: chmod 600 \(path)"
    case .emptySecret(let path, let holding): return "\(path) should hold \(holding) but is empty"
    }
  }
}

/// The parsed file: sections in file order, each an ordered list of keys. Keys before any `[section]`
/// live in the section named "".
public struct Config: Equatable, Sendable {
  public private(set) var sections: [(name: String, entries: [(key: String, value: ConfigValue)])] = []

  public init() {}

  public static func == (a: Config, b: Config) -> Bool {
    a.sections.count == b.sections.count
      && zip(a.sections, b.sections).allSatisfy { x, y in
        x.name == y.name && x.entries.count == y.entries.count
          && zip(x.entries, y.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      }
  }

  public subscript(section: String, key: String) -> ConfigValue? {
    get { sections.first { $0.name == section }?.entries.first { $0.key == key }?.value }
    set { set(section: section, key: key, value: newValue) }
  }

  public mutating func set(section: String, key: String, value: ConfigValue?) {
    var index = sections.firstIndex { $0.name == section }
    if index == nil {
      guard value != nil else { return }
      sections.append((section, []))
      index = sections.count - 1
    }
    let s = index!
    if let entry = sections[s].entries.firstIndex(where: { $0.key == key }) {
      if let value { sections[s].entries[entry].value = value } else { sections[s].entries.remove(at: entry) }
    } else if let value {
      sections[s].entries.append((key, value))
    }
    if sections[s].entries.isEmpty { sections.remove(at: s) }
  }

  /// Parses the TOML subset; `path` only names the file in errors.
  public static func parse(_ text: String, path: String) throws -> Config {
    var config = Config()
    var section = ""
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lineNumber = offset + 1
      let line = rawLine.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        guard let close = line.firstIndex(of: "]") else {
          throw ConfigError.syntax(path: path, line: lineNumber, message: "section header without ']'")
        }
        let name = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
        let rest = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy(isBareKeyCharacter), rest.isEmpty || rest.hasPrefix("#") else {
          throw ConfigError.syntax(path: path, line: lineNumber, message: "bad section header \(line)")
        }
        section = name
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigError.syntax(path: path, line: lineNumber, message: "expected key = value")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      guard !key.isEmpty, key.allSatisfy(isBareKeyCharacter) else {
        throw ConfigError.syntax(path: path, line: lineNumber, message: "bad key '\(key)'")
      }
      let valueText = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      let value: ConfigValue
      do {
        value = try parseValue(valueText)
      } catch let message as ValueSyntax {
        throw ConfigError.syntax(path: path, line: lineNumber, message: "\(key): \(message.text)")
      }
      if config[section, key] != nil {
        throw ConfigError.syntax(path: path, line: lineNumber, message: "duplicate key \(key)")
      }
      config[section, key] = value
    }
    return config
  }

  private static func isBareKeyCharacter(_ c: Character) -> Bool {
    c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || c == ".")
  }

  private struct ValueSyntax: Error { let text: String }

  private static func parseValue(_ text: String) throws -> ConfigValue {
    if text.hasPrefix("\"") {
      var scalars = text.unicodeScalars.dropFirst()
      var result = String.UnicodeScalarView()
      while let scalar = scalars.first {
        scalars = scalars.dropFirst()
        switch scalar {
        case "\"":
          let rest = String(scalars).trimmingCharacters(in: .whitespaces)
          guard rest.isEmpty || rest.hasPrefix("#") else { throw ValueSyntax(text: "text after the closing quote") }
          return .string(String(result))
        case "\\":
          guard let escaped = scalars.first else { throw ValueSyntax(text: "unfinished escape") }
          scalars = scalars.dropFirst()
          switch escaped {
          case "\"": result.append("\"")
          case "\\": result.append("\\")
          case "n": result.append("\n")
          case "t": result.append("\t")
          case "r": result.append("\r")
          case "u":
            let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
            scalars = scalars.dropFirst(4)
            guard hex.count == 4, let code = UInt32(hex, radix: 16), let u = Unicode.Scalar(code) else {
              throw ValueSyntax(text: "bad \\u escape")
            }
            result.append(u)
          default: throw ValueSyntax(text: "unknown escape \\\(escaped)")
          }
        default: result.append(scalar)
        }
      }
      throw ValueSyntax(text: "string without closing quote")
    }
    let bare = text.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    if bare == "true" { return .bool(true) }
    if bare == "false" { return .bool(false) }
    if let number = Int(bare.replacingOccurrences(of: "_", with: "")) { return .integer(number) }
    throw ValueSyntax(text: bare.isEmpty ? "missing value" : "unsupported value \(bare) (use \"text\", a number, true or false)")
  }

  /// The file text: a header comment, then each section with its keys.
  public func render() -> String {
    var out = "# tunes configuration (written by tunes; keep this file private: chmod 600)\n"
    for section in sections {
      out += "\n"
      if !section.name.isEmpty { out += "[\(section.name)]\n" }
      for entry in section.entries { out += "\(entry.key) = \(entry.value)\n" }
    }
    return out
  }
}

/// Reading and writing the file on disk with the permissions a secret needs.
public struct ConfigFile: Sendable {
  public let path: String

  public init(path: String) { self.path = path }
  public init(paths: TunesPaths) { self.path = paths.configFile }

  /// The parsed file, or an empty configuration when it does not exist.
  public func load() throws -> Config {
    guard FileManager.default.fileExists(atPath: path) else { return Config() }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ConfigError.unreadable(path: path, reason: (error as NSError).localizedDescription)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigError.unreadable(path: path, reason: "not UTF-8 text")
    }
    return try Config.parse(text, path: path)
  }

  /// Permission bits of the file (nil when it does not exist).
  public func mode() -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode & 0o7777)
  }

  /// Reads a secret from the file, refusing when group or others can read it; `holding` names it in
  /// that error.
  public func secret(section: String, key: String, holding: String = "a token") throws -> String? {
    let config = try load()
    guard let value = config[section, key]?.stringValue, !value.isEmpty else { return nil }
    if let mode = mode(), mode & 0o077 != 0 { throw ConfigError.tooOpen(path: path, mode: mode, holding: holding) }
    return value
  }

  /// Writes atomically: the folder is made 0700, the file is created 0600 beside the old one and
  /// renamed over it, so a crash leaves either the old or the new file, never a readable half.
  public func save(_ config: Config) throws {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw ConfigError.unwritable(path: path, reason: (error as NSError).localizedDescription)
    }
    chmod(folder, 0o700)
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, 0o600)
    guard fd >= 0 else { throw ConfigError.unwritable(path: path, reason: String(cString: strerror(errno))) }
    let bytes = Array(config.render().utf8)
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n <= 0 {
        let reason = String(cString: strerror(errno))
        close(fd)
        unlink(temporary)
        throw ConfigError.unwritable(path: path, reason: reason)
      }
      written += n
    }
    fchmod(fd, 0o600)
    fsync(fd)
    close(fd)
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw ConfigError.unwritable(path: path, reason: reason)
    }
  }
}
