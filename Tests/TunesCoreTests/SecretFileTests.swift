// A secret in a file of its own: read without its line end, refused when group or others can read the
// file, when it is empty or missing, each with one line naming the file.
import Foundation
import Testing
import TunesCore

@Suite struct SecretFileTests {
  private func file(_ text: String, mode: Int) throws -> String {
    let path = "/tmp/secret-" + UUID().uuidString.prefix(12)
    try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode]))
    return path
  }

  @Test func readsThePrivateFileWithoutItsLineEnd() throws {
    for (text, secret) in [("sesame\n", "sesame"), ("sesame\r\n", "sesame"), ("two words \n\n", "two words \n"), ("x", "x")] {
      let path = try file(text, mode: 0o600)
      defer { unlink(path) }
      #expect(try SecretFile.read(path, holding: "the MPD password") == secret)
    }
  }

  @Test func refusesAFileOthersCanRead() throws {
    for mode in [0o640, 0o604, 0o644] {
      let path = try file("sesame", mode: mode)
      defer { unlink(path) }
      #expect(throws: ConfigError.tooOpen(path: path, mode: mode, holding: "the MPD password")) {
        try SecretFile.read(path, holding: "the MPD password")
      }
    }
    let error = ConfigError.tooOpen(path: "p", mode: 0o640, holding: "the MPD password")
    #expect(error.description == "p holds the MPD password but others can read it (mode 640); fix it with: chmod 600 p")
    #expect(error.exitStatus == .noPermission)
  }

  @Test func refusesAnEmptyOrMissingFile() throws {
    let path = try file("\n", mode: 0o600)
    defer { unlink(path) }
    #expect(throws: ConfigError.emptySecret(path: path, holding: "the MPD password")) {
      try SecretFile.read(path, holding: "the MPD password")
    }
    #expect(ConfigError.emptySecret(path: "p", holding: "a token").description == "p should hold a token but is empty")
    #expect(throws: ConfigError.unreadable(path: path + "-none", reason: "No such file or directory")) {
      try SecretFile.read(path + "-none", holding: "the MPD password")
    }
  }

  /// config.toml names what it holds when it refuses to give it.
  @Test func configurationSecretNamesWhatItHolds() throws {
    let path = try file("[mpd]\npassword = \"sesame\"\n", mode: 0o644)
    defer { unlink(path) }
    #expect(throws: ConfigError.tooOpen(path: path, mode: 0o644, holding: "the MPD password")) {
      try ConfigFile(path: path).secret(section: "mpd", key: "password", holding: "the MPD password")
    }
    chmod(path, 0o600)
    #expect(try ConfigFile(path: path).secret(section: "mpd", key: "password", holding: "the MPD password") == "sesame")
  }
}
